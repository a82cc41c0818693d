import { z } from "zod";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField, optionalText, requiredText } from "~/server/http/form-fields";
import { CHANGE_STEPS } from "../domain/downstream-workflow";
import { SECURITY_KINDS } from "../domain/vocabularies";
import { amountTextToCents, invalidAmount, moneyCents } from "./money-form";
import { CHANGE_INTENTS, CHANGE_LIMITS as L, SECURITY_INTENTS } from "./subcontract-changes-basics";

/** The variation, back charge and security forms' rules, for the server and the fuzz suite. */

const invalidDate = message("common:validation.invalidDate");
const day = () => isoDaySchema(invalidDate);
const optionalDay = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isIsoDay(value), { error: invalidDate })
  .transform((value) => value || null);

/**
 * An amount that may be negative (omitted work): an optional leading minus, then an amount as money-form.ts reads
 * it, in cents.
 */
export const signedMoneyCents = () =>
  z
    .string({ error: requiredMessage })
    .trim()
    .max(40, invalidAmount)
    .transform((text, context) => {
      const negative = text.startsWith("-");
      const cents = amountTextToCents(negative ? text.slice(1).trim() : text);
      if (cents === null) {
        context.addIssue({ code: "custom", message: invalidAmount });
        return z.NEVER;
      }
      return negative ? -cents : cents;
    });

export const variationSchema = z.object({
  title: requiredText(L.title),
  amount: signedMoneyCents(),
  submittedOn: optionalDay,
});
export type VariationForm = z.infer<typeof variationSchema>;

export const backChargeSchema = z.object({
  description: requiredText(L.description),
  amount: moneyCents().refine((cents) => cents > 0, {
    error: message("cost-and-commercial:backCharge.errors.amountAboveZero"),
  }),
  raisedOn: day(),
});
export type BackChargeForm = z.infer<typeof backChargeSchema>;

/** One step of a variation's or back charge's row; approving a variation asks the day it was approved. */
export const changeTransitionSchema = z.object({
  intent: z.literal(CHANGE_INTENTS.transition),
  id: z.string({ error: requiredMessage }).uuid(),
  action: z.enum(CHANGE_STEPS, { error: message("cost-and-commercial:variation.errors.actionNotAllowed") }),
  comment: z.string().trim().max(L.comment, maxLengthMessage(L.comment)).optional(),
  confirmed: checkboxField,
  approvedOn: optionalDay,
});

export const variationTransitionSchema = changeTransitionSchema.superRefine((value, context) => {
  if (value.action === "approve" && !value.approvedOn)
    context.addIssue({
      code: "custom",
      path: ["approvedOn"],
      message: message("cost-and-commercial:variation.errors.approvedOnRequired"),
    });
});

export const securitySchema = z
  .object({
    kind: z.enum(SECURITY_KINDS, { error: requiredMessage }),
    reference: requiredText(L.reference),
    issuer: optionalText(L.issuer),
    amount: moneyCents(),
    issueDate: optionalDay,
    expiryDate: optionalDay,
  })
  .superRefine((value, context) => {
    if (value.issueDate && value.expiryDate && value.expiryDate <= value.issueDate)
      context.addIssue({
        code: "custom",
        path: ["expiryDate"],
        message: message("cost-and-commercial:security.errors.expiryNotAfterIssue"),
      });
  });
export type SecurityForm = z.infer<typeof securitySchema>;

export const securityReleaseSchema = z.object({
  intent: z.literal(SECURITY_INTENTS.release),
  id: z.string({ error: requiredMessage }).uuid(),
  releasedOn: day(),
});
