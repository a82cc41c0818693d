import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * What no form field may hold, whichever way the form was read (readForm in form.server.ts, parseUpload for
 * uploads). Pure: no Remix, no database.
 */

/** Why a form was refused: the key of its message in the common namespace (`common:request.*`). */
export type MalformedReason =
  | "notAForm"
  | "brokenForm"
  | "tooLarge"
  | "nulCharacter"
  | "brokenFormControl"
  | "nulInAddress";

/** The largest form read whole: a long ITP (500 items of long text) or a drawn signature fits. */
export const FORM_MAX_BYTES = 10 * 1024 * 1024;

const NUL = "\u0000";
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Whether a page's address holds a NUL (a search field's value, a path segment), which no query may carry. */
export function addressHasNul(url: URL): boolean {
  if (/%00/.test(url.pathname)) return true;
  for (const [name, value] of url.searchParams) if (name.includes(NUL) || value.includes(NUL)) return true;
  return false;
}

/** Whether a request says its body is a form (what an HTML form posts: url-encoded or multipart). */
export const isFormContentType = (contentType: string | null) => FORM_TYPES.test(contentType ?? "");
const CONFORM_FIELDS = ["__intent__", "__state__"];

/**
 * What is wrong with a form's fields, if anything: a NUL character in a name or a value (no text column
 * can store one; PostgreSQL refuses the whole statement), or conform's reserved fields holding what conform
 * cannot read.
 */
export function formProblem(form: FormData): MalformedReason | null {
  for (const [name, value] of form.entries()) {
    if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL))) return "nulCharacter";
  }
  if (CONFORM_FIELDS.some((name) => form.has(name))) {
    // Conform reads these itself (JSON, list operations on named fields) and throws on what it cannot read;
    // a trial parse with conform's own code answers exactly what the action's parse would do.
    try {
      parseWithZod(form, { schema: z.unknown() });
    } catch {
      return "brokenFormControl";
    }
  }
  return null;
}
