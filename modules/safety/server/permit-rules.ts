import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { isPermitTime, type PermitPeriodError, readPermitPeriod } from "../domain/permit-period";
import {
  CHECKLIST_ANSWERS,
  PERMIT_STATUSES,
  PERMIT_STEPS,
  PERMIT_TYPES,
  PERMIT_VALIDITIES,
  SIGNED_PERMIT_STEPS,
} from "../domain/permit-workflow";
import { PERMIT_INTENTS, PERMIT_LIMITS, PERMIT_SORTS } from "./permit-basics";
import { drawnSignatureSchema } from "./signature-rules";

export * from "./permit-basics";

/**
 * Permit form and register rules shared by the server and the browser's validation: no Remix, no MikroORM.
 * Messages are translation keys (safety:permit.*).
 */

const choiceNotFound = message("safety:permit.errors.choiceNotFound");

const optionalText = (max: number) => z.string().trim().max(max, maxLengthMessage(max)).optional();
const time = z
  .string({ error: requiredMessage })
  .trim()
  .refine(isPermitTime, { error: message("safety:permit.errors.invalidTime") });

export const PERIOD_MESSAGES: Record<PermitPeriodError, string> = {
  date: message("safety:permit.errors.invalidDate"),
  time: message("safety:permit.errors.invalidTime"),
  order: message("safety:permit.errors.periodOrder"),
  tooLong: message("safety:permit.errors.periodTooLong"),
};

/**
 * The permit's fields: the type (its checklist follows), the work, where, who authorises it and who is in
 * charge of it, the period (days and times on the project's clock) and the conditions. The period's order
 * and length are checked on the wall clock here and again in the project's zone on the server.
 */
export const permitFormSchema = z
  .object({
    type: z.enum(PERMIT_TYPES, { error: requiredMessage }),
    title: z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(PERMIT_LIMITS.title, maxLengthMessage(PERMIT_LIMITS.title)),
    description: optionalText(PERMIT_LIMITS.description),
    locationId: z.uuid({ error: choiceNotFound }).optional(),
    issuerId: z.uuid({ error: requiredMessage }),
    receiverId: z.uuid({ error: requiredMessage }),
    fromDate: isoDaySchema(message("safety:permit.errors.invalidDate")),
    fromTime: time,
    toDate: isoDaySchema(message("safety:permit.errors.invalidDate")),
    toTime: time,
    conditions: optionalText(PERMIT_LIMITS.conditions),
  })
  .superRefine((value, context) => {
    const period = readPermitPeriod(value, "UTC");
    // A bad day or time is its field's own error already.
    if (!period.ok && (period.error === "order" || period.error === "tooLong"))
      context.addIssue({ code: "custom", path: [period.field], message: PERIOD_MESSAGES[period.error] });
  });
export type PermitForm = z.infer<typeof permitFormSchema>;

const checkbox = z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false);

/**
 * A step. The signed steps (approve, close) carry a drawn signature or a typed name; the name signed is
 * the typed one, else the signed-in user's.
 */
export const permitTransitionSchema = z
  .object({
    intent: z.literal(PERMIT_INTENTS.transition),
    action: z.enum(PERMIT_STEPS, { error: message("safety:permit.errors.actionNotAllowed") }),
    comment: optionalText(PERMIT_LIMITS.comment),
    confirmed: checkbox,
    signature: drawnSignatureSchema({
      tooLarge: message("safety:permit.errors.signatureTooLarge"),
      invalid: message("safety:permit.errors.signatureInvalid"),
    }),
    signatureTypedName: optionalText(PERMIT_LIMITS.signedName),
  })
  .superRefine((value, context) => {
    if (SIGNED_PERMIT_STEPS.includes(value.action) && !value.signature && !value.signatureTypedName)
      context.addIssue({
        code: "custom",
        path: ["signature"],
        message: message("safety:permit.errors.signatureRequired"),
      });
  });

/** The checklist's answers, by item key (`answers.<key>`); an item left blank stays unanswered. */
export const permitChecklistSchema = z.object({
  intent: z.literal(PERMIT_INTENTS.checklist),
  answers: z.record(z.string().max(50), z.enum(CHECKLIST_ANSWERS)).default({}),
});

// ---------------------------------------------------------------------------------------------------
// The register's query: everything in the URL.

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readPermitQuery(params: URLSearchParams) {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: oneOf(PERMIT_STATUSES, params.get("status")),
    type: oneOf(PERMIT_TYPES, params.get("type")),
    validity: oneOf(PERMIT_VALIDITIES, params.get("validity")),
    // Newest permit first.
    ...readListSort(params, PERMIT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type PermitQuery = ReturnType<typeof readPermitQuery>;
