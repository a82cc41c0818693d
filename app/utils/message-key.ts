/**
 * A message waiting for its reader's language: a translation key and its parameters in one string,
 * "common:validation.maxLength?length=200". Zod schemas, conform replies, job errors and toasts carry
 * it as plain data; the page (or the server, for a reply it translates) turns it into text. One format
 * for the whole product, so any screen can show any module's message.
 */
export type MessageParams = Record<string, string | number>;

export function message(key: string, params?: MessageParams): string {
  if (!params || Object.keys(params).length === 0) return key;
  return `${key}?${new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]))}`;
}

export function parseMessage(text: string): { key: string; params: Record<string, string> } {
  const at = text.indexOf("?");
  if (at < 0) return { key: text, params: {} };
  return { key: text.slice(0, at), params: Object.fromEntries(new URLSearchParams(text.slice(at + 1))) };
}

// Loose on purpose: i18next's TFunction and react-i18next's `t` both fit.
type Translate = (key: string, options: Record<string, unknown>) => unknown;

/** The message in the language of `t`; text that is not a key (zod's own wording) comes back as it is. */
export function translateMessage(t: Translate, text: string): string {
  const { key, params } = parseMessage(text);
  // i18next picks a plural form only for a numeric count; the message carried it as text.
  const count =
    params.count !== undefined && /^-?\d+(\.\d+)?$/.test(params.count) ? Number(params.count) : undefined;
  return String(t(key, { ...params, ...(count === undefined ? {} : { count }), defaultValue: key }));
}

export const requiredMessage = message("common:validation.required");
export const maxLengthMessage = (length: number) => message("common:validation.maxLength", { length });
