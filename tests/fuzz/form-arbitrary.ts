/**
 * Form posts generated from the zod schema a form is parsed with: each field gets values the schema
 * would take (format, enum, length), values at and past its limits, and hostile ones; fields come and go,
 * repeat, and strangers join them. Names follow conform's paths (`items[0].activity`).
 */
import fc from "fast-check";
import type { z } from "zod";

export type FormEntries = [name: string, value: string][];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** What a field expects, found through the wrappers (optional, default, pipe…). */
type Shape =
  | { kind: "string"; format: string | null; min: number | null; max: number | null }
  | { kind: "enum"; values: string[] }
  | { kind: "boolean" }
  | { kind: "number" }
  | { kind: "array"; element: Shape; max: number | null }
  | { kind: "object"; fields: [string, Shape][] }
  | { kind: "record"; value: Shape }
  | { kind: "union"; options: Shape[] }
  | { kind: "any" };

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);

export function shapeOf(schema: z.ZodType | unknown): Shape {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return shapeOf(def.innerType);
  switch (def.type) {
    case "lazy":
      return shapeOf((def.getter as () => unknown)());
    case "pipe": {
      const input = shapeOf(def.in);
      const output = shapeOf(def.out);
      // z.preprocess: the input is a transform, the output says what is expected.
      if (input.kind === "any") return output;
      // z.string().trim().pipe(z.email()): the output's format describes the input.
      if (input.kind === "string" && output.kind === "string")
        return { ...input, format: input.format ?? output.format, max: input.max ?? output.max };
      return input;
    }
    case "string": {
      const string = schema as {
        format?: string | null;
        minLength?: number | null;
        maxLength?: number | null;
      };
      return {
        kind: "string",
        format: string.format ?? null,
        min: string.minLength ?? null,
        max: string.maxLength ?? null,
      };
    }
    case "enum":
      return { kind: "enum", values: Object.values(def.entries as Record<string, string>).map(String) };
    case "literal":
      return { kind: "enum", values: (def.values as unknown[]).map(String) };
    case "boolean":
      return { kind: "boolean" };
    case "number":
    case "int":
    case "bigint":
      return { kind: "number" };
    case "array": {
      const max = (schema as { _zod: { bag?: { maximum?: number } } })._zod.bag?.maximum ?? null;
      return { kind: "array", element: shapeOf(def.element), max };
    }
    case "object":
      return {
        kind: "object",
        fields: Object.entries(def.shape as Record<string, unknown>).map(([name, field]) => [
          name,
          shapeOf(field),
        ]),
      };
    case "union":
      return { kind: "union", options: (def.options as unknown[]).map(shapeOf) };
    case "record":
      return { kind: "record", value: shapeOf(def.valueType) };
    case "intersection": {
      const left = shapeOf(def.left);
      const right = shapeOf(def.right);
      if (left.kind === "object" && right.kind === "object")
        return { kind: "object", fields: [...left.fields, ...right.fields] };
      return left;
    }
    default:
      return { kind: "any" };
  }
}

// ---------------------------------------------------------------------------------------------------
// Values

/** Text no form expects: control characters, scripts, queries, paths, templates, header breaks. */
export const HOSTILE_TEXT = [
  "\u0000",
  "a\u0000b",
  "'; drop table lot; --",
  "' or '1'='1",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  "${7*7}{{7*7}}#{7*7}",
  "\r\nSet-Cookie: injected=1",
  "javascript:alert(1)",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "Công trình cầu Thủ Thiêm",
  "👷‍♀️🏗️🚧",
  "\ud800",
  "\uffff\ufffe",
  "\u200b\u200c\u200d\ufeff",
  "Z\u0351\u0362\u0334\u0335",
  "   ",
  "\t\n\r",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x7fffffff",
  "[object Object]",
  "__proto__",
  "true",
];

/** Days the calendar has not got, and ones at its edges. */
export const IMPOSSIBLE_DATES = [
  "0000-00-00",
  "0000-01-01",
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-10",
  "9999-99-99",
  "2026-1-1",
  "20260101",
  "2026-01-01T00:00:00Z",
  "+275760-09-13",
  "-0001-01-01",
];

/** Keys of a record field (a role's level per module): real names, nested ones, hostile ones. */
const RECORD_KEYS = [
  "quality",
  "quality.lot",
  "project-settings",
  "global-settings.roles",
  "__proto__",
  "constructor",
  "x",
];

const hostileText = fc.constantFrom(...HOSTILE_TEXT);
const anyText = fc.string({ unit: "binary", maxLength: 60 });

function plausibleText(
  shape: Extract<Shape, { kind: "string" }>,
  ids: readonly string[],
): fc.Arbitrary<string> {
  switch (shape.format) {
    case "uuid":
    case "guid":
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
    case "email":
      return fc.emailAddress();
    case "date":
      return fc.oneof(
        fc
          .date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
        fc.constantFrom(...IMPOSSIBLE_DATES),
      );
    default: {
      const max = Math.min(shape.max ?? 80, 80);
      return fc.string({ minLength: Math.min(shape.min ?? 0, max), maxLength: max, unit: "grapheme" });
    }
  }
}

/** Lengths at the limit and past it: the database column behind a form field is never wider. */
function edgeText(shape: Extract<Shape, { kind: "string" }>): fc.Arbitrary<string> {
  const max = shape.max ?? 1000;
  return fc.constantFrom("x".repeat(max), "y".repeat(max + 1), "é".repeat(max + 1), "z".repeat(64 * 1024));
}

function textValue(shape: Shape, ids: readonly string[]): fc.Arbitrary<string> {
  switch (shape.kind) {
    case "string":
      return fc.oneof(
        { weight: 6, arbitrary: plausibleText(shape, ids) },
        { weight: 1, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: edgeText(shape) },
        { weight: 2, arbitrary: hostileText },
        { weight: 1, arbitrary: anyText },
      );
    case "enum":
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...shape.values) },
        { weight: 1, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: hostileText },
        { weight: 1, arbitrary: anyText },
      );
    case "boolean":
      return fc.constantFrom("on", "true", "false", "", "off", "yes", "1", "\u0000");
    case "number":
      return fc.oneof(
        fc.integer().map(String),
        fc.double({ noNaN: false }).map(String),
        fc.constantFrom("1e309", "-0", "0x10", " 12 ", "1,5", "9007199254740993", "-1", "0"),
        hostileText,
      );
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
        { weight: 1, arbitrary: hostileText },
        { weight: 1, arbitrary: fc.uuid() },
      );
  }
}

/** Entries of one field at `path`: absent, once, or (rarely) twice. */
function fieldEntries(path: string, shape: Shape, ids: readonly string[]): fc.Arbitrary<FormEntries> {
  switch (shape.kind) {
    case "object":
      return objectEntries(path, shape.fields, ids);
    case "union":
      return fc.oneof(...shape.options.map((option) => fieldEntries(path, option, ids)));
    case "record":
      return fc
        .array(fc.tuple(fc.constantFrom(...RECORD_KEYS), textValue(shape.value, ids)), { maxLength: 3 })
        .map((pairs) => pairs.map(([key, value]): [string, string] => [`${path}.${key}`, value]));
    case "array": {
      const element = shape.element;
      const count = fc.nat({ max: Math.min(shape.max ?? 4, 4) });
      if (element.kind === "object" || element.kind === "union")
        return count.chain((n) =>
          fc
            .tuple(
              ...Array.from({ length: n }, (_, index) => fieldEntries(`${path}[${index}]`, element, ids)),
            )
            .map((lists) => lists.flat()),
        );
      return fc
        .array(textValue(element, ids), { maxLength: 4 })
        .map((values) => values.map((v) => [path, v]));
    }
    default:
      return fc.oneof(
        { weight: 8, arbitrary: textValue(shape, ids).map((value): FormEntries => [[path, value]]) },
        { weight: 2, arbitrary: fc.constant<FormEntries>([]) },
        {
          weight: 1,
          arbitrary: fc.tuple(textValue(shape, ids), textValue(shape, ids)).map(
            ([a, b]): FormEntries => [
              [path, a],
              [path, b],
            ],
          ),
        },
      );
  }
}

function objectEntries(prefix: string, fields: [string, Shape][], ids: readonly string[]) {
  return fc
    .tuple(...fields.map(([name, shape]) => fieldEntries(prefix ? `${prefix}.${name}` : name, shape, ids)))
    .map((lists) => lists.flat());
}

/** Fields no form has, posted beside the real ones. */
const strangers = fc.array(
  fc.tuple(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "id",
      "projectId",
      "a[",
      "items[999999]",
      "x.y.z",
      "\u00e9",
      "",
    ),
    fc.oneof(hostileText, fc.uuid()),
  ),
  { maxLength: 2 },
);

/**
 * Posts of a form parsed with `schema`: `fixed` fields (its intent, a hidden field naming the form) are
 * sent as they are; `ids` are the records the world holds, offered to uuid fields.
 */
export function formArbitrary(
  schema: z.ZodType,
  options: { fixed?: Record<string, string>; ids?: readonly string[] } = {},
): fc.Arbitrary<FormEntries> {
  const shape = shapeOf(schema);
  const fixed = Object.entries(options.fixed ?? {});
  const fixedNames = new Set(fixed.map(([name]) => name));
  const ids = options.ids ?? [];
  const body =
    shape.kind === "object"
      ? objectEntries(
          "",
          shape.fields.filter(([name]) => !fixedNames.has(name)),
          ids,
        )
      : fieldEntries("", shape, ids).map((entries) => entries.filter(([name]) => !fixedNames.has(name)));
  return fc
    .tuple(body, strangers)
    .map(([entries, extra]): FormEntries => [...fixed, ...entries, ...extra] as FormEntries);
}

/** One post the form would accept as far as the schema can tell (the first of a fixed seed). */
export function plausibleEntries(
  schema: z.ZodType,
  options: { fixed?: Record<string, string>; ids?: readonly string[] } = {},
): FormEntries {
  const fixed = Object.entries(options.fixed ?? {}) as FormEntries;
  const fixedNames = new Set(fixed.map(([name]) => name));
  const entries: FormEntries = [...fixed];
  const visit = (path: string, shape: Shape) => {
    switch (shape.kind) {
      case "object":
        for (const [name, field] of shape.fields) {
          const at = path ? `${path}.${name}` : name;
          if (!fixedNames.has(at)) visit(at, field);
        }
        return;
      case "union":
        return visit(path, shape.options[0]);
      case "record":
        return visit(`${path}.quality`, shape.value);
      case "array":
        return visit(shape.element.kind === "object" ? `${path}[0]` : path, shape.element);
      case "enum":
        entries.push([path, shape.values[0]]);
        return;
      case "boolean":
        entries.push([path, "on"]);
        return;
      case "number":
        entries.push([path, "1"]);
        return;
      case "string":
        entries.push([path, samplePlausible(shape, options.ids ?? [])]);
        return;
      default:
        entries.push([path, "x"]);
    }
  };
  visit("", shapeOf(schema));
  return entries;
}

function samplePlausible(shape: Extract<Shape, { kind: "string" }>, ids: readonly string[]): string {
  switch (shape.format) {
    case "uuid":
    case "guid":
      return ids[0] ?? "00000000-0000-4000-8000-000000000000";
    case "email":
      return "fuzz@siteproof.test";
    case "date":
      return "2026-03-14";
    default:
      return "Fuzz value".slice(0, Math.max(shape.min ?? 1, Math.min(shape.max ?? 10, 10)));
  }
}

/** The names of a form's fields (conform paths, arrays at index 0) with what each expects. */
export function fieldsOf(schema: z.ZodType): [string, Shape][] {
  const fields: [string, Shape][] = [];
  const visit = (path: string, shape: Shape) => {
    if (shape.kind === "object")
      for (const [name, field] of shape.fields) visit(path ? `${path}.${name}` : name, field);
    else if (shape.kind === "union") for (const option of shape.options) visit(path, option);
    else if (shape.kind === "record") visit(`${path}.quality`, shape.value);
    else if (shape.kind === "array" && shape.element.kind === "object") visit(`${path}[0]`, shape.element);
    else fields.push([path, shape]);
  };
  visit("", shapeOf(schema));
  return [...new Map(fields).entries()];
}

export type { Shape };
