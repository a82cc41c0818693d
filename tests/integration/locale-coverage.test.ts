/**
 * Every text the product shows in English has a Vietnamese one, and that one is a translation: a module
 * whose vi file lacks a key, or repeats the English words, shows English to a Vietnamese site. AU files
 * only override the English where Australian usage differs, so they are not checked here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Texts = Record<string, string>;

function flatten(value: unknown, prefix = ""): Texts {
  if (value === null || typeof value !== "object") return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)),
  );
}

const readTexts = (path: string): Texts =>
  existsSync(path) ? flatten(JSON.parse(readFileSync(path, "utf8"))) : {};

/** Each English file of the app and of every module, with its Vietnamese counterpart. */
function localeFiles(): { en: string; vi: string }[] {
  const roots = [
    "app/locales",
    ...readdirSync("modules").map((module) => join("modules", module, "locales")),
  ].filter((root) => existsSync(root));
  return roots.flatMap((root) => [
    ...(existsSync(join(root, "en.json")) ? [{ en: join(root, "en.json"), vi: join(root, "vi.json") }] : []),
    ...(existsSync(join(root, "en"))
      ? readdirSync(join(root, "en")).map((file) => ({
          en: join(root, "en", file),
          vi: join(root, "vi", file),
        }))
      : []),
  ]);
}

/** Names that read the same in both languages. */
const SAME_IN_BOTH = new Set([
  "Email",
  "SiteProof",
  "English",
  "Tiếng Việt",
  "English (Australia)",
  "Microsoft",
  "Autodesk Construction Cloud",
  "Autodesk Construction Cloud Docs",
]);

/** A text with no word left to translate: placeholders, codes and acronyms (ITP, HP/WP, "#", "{{from}} → {{to}}"). */
const nothingToTranslate = (text: string) => !/[a-z]/.test(text.replace(/\{\{[^}]*\}\}/g, ""));

describe("the Vietnamese texts", () => {
  const files = localeFiles();

  it("finds the locale files", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("has every English key, in Vietnamese words", () => {
    const problems: string[] = [];
    for (const file of files) {
      const en = readTexts(file.en);
      const vi = readTexts(file.vi);
      for (const [key, english] of Object.entries(en)) {
        // Vietnamese has one plural form: `_other` serves where English has `_one`.
        const viKey = key in vi ? key : key.replace(/_one$/, "_other");
        if (!(viKey in vi)) problems.push(`${file.vi}: ${key} is missing ("${english}")`);
        else if (
          vi[viKey] === english &&
          key === viKey &&
          !nothingToTranslate(english) &&
          !SAME_IN_BOTH.has(english)
        )
          problems.push(`${file.vi}: ${key} is still English ("${english}")`);
      }
    }
    expect(problems).toEqual([]);
  });
});
