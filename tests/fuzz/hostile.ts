/**
 * The hostile posts every form gets, whatever its fields: a body that is not a form, a cut-off one, NUL,
 * impossible dates, conform's reserved fields and the form's own intent made nonsense, oversize values,
 * and the same form sent as multipart. Each is built from a post the form would accept, so only the one
 * thing named is wrong.
 */
import { type FormEntries, fieldsOf, IMPOSSIBLE_DATES } from "./form-arbitrary";
import type { RawPost } from "./send";

export type HostileCase = { name: string } & Omit<RawPost, "url">;

const FORM = "application/x-www-form-urlencoded";

export const urlEncoded = (entries: FormEntries) => new URLSearchParams(entries);

function multipart(entries: FormEntries, files: readonly string[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  for (const name of files)
    form.append(name, new File(["%PDF-1.4 fuzz"], "fuzz.pdf", { type: "application/pdf" }));
  return form;
}

/** A multipart body as bytes, to cut or spoil. */
async function multipartBytes(entries: FormEntries, files: readonly string[]) {
  const request = new Request("http://localhost/", { method: "POST", body: multipart(entries, files) });
  return {
    contentType: request.headers.get("Content-Type") ?? "",
    bytes: new Uint8Array(await request.arrayBuffer()),
  };
}

const replace = (entries: FormEntries, name: string, value: string): FormEntries => {
  const next = entries.filter(([field]) => field !== name);
  next.push([name, value]);
  return next;
};

/**
 * Bodies that are not a well-formed form, built from one post the route accepts: whatever the form, its
 * action must refuse them before it reads a field. Sent once per route and visitor.
 */
export async function malformedBodies(
  base: FormEntries,
  files: readonly string[] = [],
): Promise<HostileCase[]> {
  const cases: HostileCase[] = [];
  const add = (name: string, post: Omit<RawPost, "url">) => cases.push({ name, ...post });
  const json = JSON.stringify(Object.fromEntries(base));
  add("JSON body", { contentType: "application/json", body: json });
  add("plain text body", { contentType: "text/plain;charset=UTF-8", body: urlEncoded(base).toString() });
  add("no content type", { contentType: null, body: urlEncoded(base).toString() });
  add("XML body", {
    contentType: "application/xml",
    body: "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>",
  });
  add("form type, JSON body", { contentType: FORM, body: json });
  add("empty form", { contentType: FORM, body: "" });
  add("no body", { contentType: FORM, body: null });
  add("bad percent-encoding", { contentType: FORM, body: "%zz=%&%E0%A4%A=%ff%fe&=" });
  const { contentType, bytes } = await multipartBytes(base, files);
  add("cut-off multipart", { contentType, body: bytes.slice(0, Math.max(1, Math.floor(bytes.length / 2))) });
  add("multipart without its end", { contentType, body: bytes.slice(0, bytes.length - 8) });
  add("multipart, wrong boundary", { contentType: "multipart/form-data; boundary=not-the-one", body: bytes });
  add("multipart, no boundary", { contentType: "multipart/form-data", body: bytes });
  add("multipart garbage", {
    contentType,
    body: new TextEncoder().encode("--\r\n\u0000\u0000garbage\r\n"),
  });
  return cases;
}

/** Posts of one form with one thing wrong in its fields (or none: the plausible post itself). */
export function hostileForms(
  base: FormEntries,
  options: { schema: import("zod").ZodType; files?: readonly string[]; fixed?: Record<string, string> },
): HostileCase[] {
  const files = options.files ?? [];
  const fields = fieldsOf(options.schema);
  const fixed = new Set(Object.keys(options.fixed ?? {}));
  const textFields = fields.filter(([name, shape]) => !fixed.has(name) && shape.kind !== "object");
  const cases: HostileCase[] = [];
  const add = (name: string, post: Omit<RawPost, "url">) => cases.push({ name, ...post });
  const form = (name: string, entries: FormEntries) =>
    files.length > 0
      ? add(name, { body: multipart(entries, files) })
      : add(name, { contentType: FORM, body: urlEncoded(entries) });

  // The form itself, and the same as multipart (a form sent with a file picker's encoding).
  form("the plausible post", base);
  if (files.length === 0) add("the plausible post as multipart", { body: multipart(base) });

  // NUL, in every text field at once and in a field's name.
  if (textFields.length > 0) {
    let withNul = base;
    for (const [name] of textFields) withNul = replace(withNul, name, `fuzz\u0000value`);
    form("NUL in every field", withNul);
    form("NUL alone in the first field", replace(base, textFields[0][0], "\u0000"));
  }
  form("NUL in a field name", [...base, ["na\u0000me", "x"]]);
  // A form with no field (a delete button, "generate"): its action reads nothing more, a few cases do.
  if (fields.length === 0) {
    form("__intent__=garbage", [...base, ["__intent__", "garbage"]]);
    form('intent="garbage"', replace(base, "intent", "garbage"));
    return cases;
  }

  // Oversize: past every field's limit.
  if (textFields.length > 0) {
    let oversize = base;
    for (const [name] of textFields) oversize = replace(oversize, name, "x".repeat(64 * 1024));
    form("64 KB in every field", oversize);
  }

  // Impossible dates in every date field.
  const dateFields = fields.filter(([, shape]) => shape.kind === "string" && shape.format === "date");
  for (const day of IMPOSSIBLE_DATES.slice(0, 6)) {
    if (dateFields.length === 0) break;
    let post = base;
    for (const [name] of dateFields) post = replace(post, name, day);
    form(`date ${day}`, post);
  }

  // Conform's reserved fields.
  const firstText = textFields.find(([, shape]) => shape.kind === "string")?.[0] ?? "title";
  for (const intent of [
    "garbage",
    "{}",
    "null",
    `{"type":"insert","payload":{"name":"${firstText}"}}`,
    '{"type":"update","payload":{"name":"__proto__","value":{"polluted":true}}}',
    '{"type":"remove","payload":{"name":"items","index":-1}}',
    `{"type":"validate","payload":{"name":"${firstText}"}}`,
  ])
    form(`__intent__=${intent}`, [...base, ["__intent__", intent]]);
  form("__state__=garbage", [...base, ["__state__", "garbage"]]);

  // The form's own intent field.
  for (const intent of ["garbage", "", "__proto__", "constructor", "toString"])
    form(`intent=${JSON.stringify(intent)}`, replace(base, "intent", intent));
  const intent = base.find(([name]) => name === "intent");
  if (intent) form("intent twice", [...base, ["intent", "garbage"]]);

  // Every field twice, and unicode everywhere.
  form("every field twice", [...base, ...base]);
  if (textFields.length > 0) {
    let unicode = base;
    for (const [name] of textFields) unicode = replace(unicode, name, "Cầu Thủ Thiêm 👷‍♀️ \u202eabc \ud800");
    form("unicode in every field", unicode);
    let injection = base;
    for (const [name] of textFields)
      injection = replace(injection, name, "'); drop table app_user; --<script>");
    form("injection in every field", injection);
  }

  // Where a page sends its visitor after the post: a header cannot carry a line break or a character above U+00FF.
  for (const to of [
    "/\r\nSet-Cookie: x=1",
    "/caf\u0101",
    "/\u2028",
    "//evil.example",
    "https://evil.example/",
  ])
    form(`redirectTo=${JSON.stringify(to)}`, replace(base, "redirectTo", to));
  return cases;
}

/** Path parameters no record has: not a uuid, a NUL, a uuid of nothing. */
export const HOSTILE_PARAMS = ["not-a-uuid", "%00", "00000000-0000-4000-8000-000000000000", "1 or 1=1"];

/**
 * Query strings no page link makes: a NUL, absurd pages, sorts and tabs, impossible dates, ids that are not
 * ids, repeated and unicode values — what a hand-edited or hostile address carries to a loader.
 */
export const HOSTILE_QUERIES = [
  "?q=%00",
  "?q=a%00b&status=%00",
  `?q=${"x".repeat(5000)}`,
  "?q=%27%3B%20drop%20table%20lot%3B%20--&sort=__proto__&dir=sideways",
  "?page=-1&size=0",
  // Far past the last page, and past any offset the database could take.
  "?page=2147483648&size=1e9",
  "?page=99999999999999999999",
  "?page=1e3&page=2",
  "?tab=%00&tab=constructor",
  "?from=0000-00-00&to=2026-02-30&date=9999-99-99",
  "?status=open&status=garbage&location=not-a-uuid&itp=not-a-uuid&subcontractor=%E0%A4%A",
  "?q=C%E1%BA%A7u%20Th%E1%BB%A7%20Thi%C3%AAm%20%F0%9F%91%B7&token=%F0%9F%91%B7",
  "?redirectTo=%0D%0ASet-Cookie%3Ax&confirm=__proto__&expired=1",
];
