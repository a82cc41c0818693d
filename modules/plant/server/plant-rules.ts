import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema, optionalIsoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { confirmedCheckbox } from "~/server/http/form-fields";
import { CHECK_ANSWERS, CHECK_RESULTS, CHECKLIST_MAX_ITEMS, DOCUMENT_KINDS } from "../domain/plant-rules";
import { PLANT_STATUSES, PLANT_STEPS } from "../domain/plant-workflow";
import {
  CHECK_FILTERS,
  DOCUMENT_FILTERS,
  ON_SITE_FILTERS,
  PLANT_INTENTS,
  PLANT_LIMITS,
  PLANT_SORTS,
} from "./plant-basics";

export * from "./plant-basics";

/** Plant form and register rules for the server and the forms: messages are plant:* keys. */

const required = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .optional()
    .transform((value) => value || null);

const invalidDate = message("plant:errors.invalidDate");
/** An optional day: empty is none; anything else must be a real day. */
const optionalDay = optionalIsoDaySchema(invalidDate);

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

/** The plant item's fields; the off-hire date may not come before the on-hire date. */
export const plantFormSchema = z
  .object({
    make: required(PLANT_LIMITS.make),
    model: required(PLANT_LIMITS.model),
    serial: required(PLANT_LIMITS.serial),
    ownerCompanyId: z
      .string({ error: requiredMessage })
      .uuid({ error: message("plant:errors.choiceNotFound") }),
    description: optionalText(PLANT_LIMITS.description),
    onHireDate: optionalDay,
    offHireDate: optionalDay,
  })
  .superRefine((value, context) => {
    if (value.offHireDate && !value.onHireDate)
      context.addIssue({
        code: "custom",
        path: ["onHireDate"],
        message: message("plant:errors.onHireRequired"),
      });
    if (value.offHireDate && value.onHireDate && value.offHireDate < value.onHireDate)
      context.addIssue({
        code: "custom",
        path: ["offHireDate"],
        message: message("plant:errors.offHireBeforeOnHire"),
      });
  });
export type PlantForm = z.infer<typeof plantFormSchema>;

export const plantTransitionSchema = z.object({
  intent: z.literal(PLANT_INTENTS.transition),
  action: z.enum(PLANT_STEPS, { error: message("plant:errors.actionNotAllowed") }),
  comment: z.string().trim().max(PLANT_LIMITS.comment, maxLengthMessage(PLANT_LIMITS.comment)).optional(),
  confirmed: checkbox,
});

/** A pre-start check: each checklist item (by its place in the list) answered, with a comment. */
export const preStartSchema = z.object({
  intent: z.literal(PLANT_INTENTS.preStart),
  checkedOn: isoDaySchema(invalidDate),
  operator: required(PLANT_LIMITS.operator),
  items: z
    .array(
      z.object({
        answer: z.enum(CHECK_ANSWERS, { error: message("plant:errors.answerRequired") }),
        comment: optionalText(PLANT_LIMITS.comment),
      }),
    )
    .min(1, message("plant:errors.answerRequired"))
    .max(CHECKLIST_MAX_ITEMS),
  comment: optionalText(PLANT_LIMITS.comment),
});

export const inspectionSchema = z
  .object({
    intent: z.literal(PLANT_INTENTS.inspection),
    inspectedOn: isoDaySchema(invalidDate),
    inspector: required(PLANT_LIMITS.inspector),
    result: z.enum(CHECK_RESULTS, { error: message("plant:errors.resultRequired") }),
    nextDueOn: optionalDay,
    notes: optionalText(PLANT_LIMITS.notes),
  })
  .superRefine((value, context) => {
    if (value.nextDueOn && value.nextDueOn <= value.inspectedOn)
      context.addIssue({
        code: "custom",
        path: ["nextDueOn"],
        message: message("plant:errors.nextDueBeforeInspection"),
      });
  });

/** A document's fields (the file comes with them in the same multipart post). */
export const documentFormSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: message("plant:errors.kindRequired") }),
  title: required(PLANT_LIMITS.title),
  expiryDate: optionalDay,
});

export const documentDeleteSchema = z.object({
  intent: z.literal(PLANT_INTENTS.documentDelete),
  documentId: z.string().uuid({ error: message("plant:errors.documentNotFound") }),
  confirmed: confirmedCheckbox(message("plant:errors.confirmRequired")),
});

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readPlantQuery(params: URLSearchParams) {
  const owner = params.get("owner");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(PLANT_STATUSES, params.get("status")),
    owner: owner && UUID.test(owner) ? owner : null,
    onSite: oneOf(ON_SITE_FILTERS, params.get("onSite")),
    documents: oneOf(DOCUMENT_FILTERS, params.get("documents")),
    checks: oneOf(CHECK_FILTERS, params.get("checks")),
    ...readListSort(params, PLANT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type PlantQuery = ReturnType<typeof readPlantQuery>;
