import { z } from "zod";

/**
 * Module settings forms are zod objects declared in manifests. This file reads such a schema into the
 * fields a page renders, the schema a submitted form is checked with, and the values in force.
 * Pure: no Remix, no database.
 */

export type SettingsFieldKind = "boolean" | "text" | "textarea" | "email" | "url" | "number" | "select";

/** A plain string allowed more characters than this is a long text (a mail template): a textarea. */
export const TEXTAREA_ABOVE = 500;
export type SettingsValue = string | number | boolean;

export type SettingsField = {
  name: string;
  kind: SettingsFieldKind;
  /** A checkbox is never required; other fields are unless optional in the schema. */
  required: boolean;
  defaultValue?: SettingsValue;
  /** The choices of a select. */
  options?: string[];
  maxLength?: number;
  min?: number;
  max?: number;
  integer?: boolean;
};

type AnySchema = z.ZodType;
type Def = { type: string; innerType?: AnySchema; in?: AnySchema; defaultValue?: unknown };

const defOf = (schema: AnySchema) => (schema as unknown as { def: Def }).def;

type Unwrapped = { base: AnySchema; optional: boolean; hasDefault: boolean; defaultValue?: unknown };

/** The type under optional, default, nullable and similar wrappers, and what those wrappers say. */
function unwrap(schema: AnySchema): Unwrapped {
  let current = schema;
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "nullable") optional = true;
    else if (def.type === "default" || def.type === "prefault") {
      if (!hasDefault) defaultValue = def.defaultValue;
      hasDefault = true;
    } else if (def.type !== "readonly" && def.type !== "catch" && def.type !== "pipe") break;
    const inner = def.type === "pipe" ? def.in : def.innerType;
    if (!inner) break;
    current = inner;
  }
  return { base: current, optional, hasDefault, defaultValue };
}

function kindOf(name: string, base: AnySchema): SettingsFieldKind {
  const type = defOf(base).type;
  if (type === "boolean") return "boolean";
  if (type === "number") return "number";
  if (type === "enum") return "select";
  if (type === "string") {
    const format = (base as unknown as { format?: string | null }).format;
    if (format === "email") return "email";
    if (format === "url") return "url";
    const maxLength = (base as z.ZodString).maxLength;
    return maxLength !== null && maxLength > TEXTAREA_ABOVE ? "textarea" : "text";
  }
  throw new Error(
    `Settings field "${name}" has type "${type}": a settings form supports boolean, string, number and enum fields`,
  );
}

function asSettingsValue(value: unknown): SettingsValue | undefined {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : undefined;
}

const finite = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** The fields of a settings form, in the order the schema declares them. */
export function describeSettingsForm(schema: z.ZodObject): SettingsField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { base, optional, hasDefault, defaultValue } = unwrap(field as AnySchema);
    const kind = kindOf(name, base);
    const described: SettingsField = {
      name,
      kind,
      required: kind !== "boolean" && !optional,
    };
    if (hasDefault) described.defaultValue = asSettingsValue(defaultValue);
    if (kind === "select") described.options = [...(base as z.ZodEnum).options].map(String);
    if (kind === "text" || kind === "textarea" || kind === "email" || kind === "url") {
      const maxLength = (base as z.ZodString).maxLength;
      if (maxLength !== null) described.maxLength = maxLength;
    }
    if (kind === "number") {
      const number = base as z.ZodNumber;
      const min = finite(number.minValue);
      const max = finite(number.maxValue);
      // zod reports the safe-integer bounds of .int() as min/max; they are no limit a user needs to see.
      if (min !== undefined && min > Number.MIN_SAFE_INTEGER) described.min = min;
      if (max !== undefined && max < Number.MAX_SAFE_INTEGER) described.max = max;
      if (number.isInt) described.integer = true;
    }
    return described;
  });
}

/**
 * The schema a submitted form is checked with. It is the module's schema with two form rules:
 * an unticked checkbox is not sent, so an absent boolean is false (not its default); and a default
 * only pre-fills a field, so a field the user empties is required unless the schema makes it optional.
 */
export function formSchemaFor(schema: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const { base, optional, hasDefault } = unwrap(field as AnySchema);
      if (defOf(base).type === "boolean") return [name, base.default(false)];
      if (hasDefault && !optional) return [name, base];
      return [name, field as AnySchema];
    }),
  );
  return z.object(shape);
}

/** Each field's default; fields without one are left out. */
export function defaultsOf(schema: z.ZodObject): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    const { hasDefault, defaultValue } = unwrap(field as AnySchema);
    if (hasDefault) defaults[name] = defaultValue;
  }
  return defaults;
}

/**
 * The values in force: what is stored where it is still valid for the schema, the default elsewhere.
 * Checked field by field, so a module that adds or tightens a field does not lose the other values.
 */
export function effectiveValues(
  schema: z.ZodObject,
  stored: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const values = defaultsOf(schema);
  for (const [name, field] of Object.entries(schema.shape)) {
    if (!stored || !(name in stored)) continue;
    const parsed = (field as AnySchema).safeParse(stored[name]);
    if (parsed.success) values[name] = parsed.data;
  }
  return values;
}
