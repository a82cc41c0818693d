/**
 * The names of generated files (a report, a register, a dossier) from a template the project sets, e.g.
 * "{number} {title}" → "NCR-0007 Honeycombing on the deck soffit.pdf". Pure: the settings forms check a
 * template with `unknownPlaceholders`, the exports fill it with `fileNameFromTemplate`.
 */

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
/** What Windows, macOS and mail clients refuse in a name, and control characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]+/gu;
/** Long enough for a number and a title, short enough for every file system once the folder is added. */
export const FILE_NAME_MAX = 120;

/** The placeholders a template uses that the form does not offer, in order of first use. */
export function unknownPlaceholders(template: string, offered: readonly string[]): string[] {
  const unknown = [...template.matchAll(PLACEHOLDER)]
    .map((match) => match[1])
    .filter((name) => !offered.includes(name));
  return [...new Set(unknown)];
}

/** A text made safe as (part of) a file name: unsafe characters to spaces, spaces collapsed, trimmed. */
export function safeFileNamePart(text: string, max = FILE_NAME_MAX): string {
  return text.replace(UNSAFE, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

/**
 * The template with its placeholders filled, made safe, cut to FILE_NAME_MAX, and the extension added; a
 * template that comes out empty (only unknown or blank placeholders) falls back to `fallback`.
 */
export function fileNameFromTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
  extension: string,
  fallback: string,
): string {
  const filled = template.replace(PLACEHOLDER, (_whole, name: string) => values[name] ?? "");
  const base = safeFileNamePart(filled) || safeFileNamePart(fallback) || "export";
  return `${base}.${extension}`;
}
