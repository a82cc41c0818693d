import { z } from "zod";
import { isIsoDay, isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField, optionalText, requiredText } from "~/server/http/form-fields";
import { CLAIM_STEPS, SUBCONTRACT_STEPS } from "../domain/downstream-workflow";
import { percentToBasisPoints } from "../domain/payment-claim-arithmetic";
import { CONTRACT_STATUSES, CONTRACT_TYPES, JURISDICTIONS } from "../domain/vocabularies";
import { moneyCents, optionalMoneyCents } from "./money-form";
import { SUBCONTRACT_LIMITS as L, SUBCONTRACT_INTENTS } from "./subcontract-basics";

/** The subcontract and payment-claim forms' rules, for the server and the fuzz suite. */

const invalidDate = message("common:validation.invalidDate");
const optionalDay = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isIsoDay(value), { error: invalidDate })
  .transform((value) => value || null);
const day = () => isoDaySchema(invalidDate);

const invalidDays = message("cost-and-commercial:upstream.errors.invalidDays");
/** The subcontract's own period in business days: empty is the law's. */
const optionalBusinessDays = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || (/^\d{1,3}$/.test(value) && Number(value) <= 120), { error: invalidDays })
  .transform((value) => (value ? Number(value) : null));

const invalidPercent = message("cost-and-commercial:upstream.errors.invalidPercent");
const retentionPercent = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || percentToBasisPoints(value) !== null, { error: invalidPercent })
  .transform((value) => (value ? (percentToBasisPoints(value) ?? 0) : 0));

export const subcontractSchema = z
  .object({
    code: requiredText(L.code),
    title: requiredText(L.title),
    company: z.string({ error: requiredMessage }).trim().uuid(requiredMessage),
    type: z.enum(CONTRACT_TYPES, { error: requiredMessage }),
    contractSum: moneyCents(),
    jurisdiction: z.enum(JURISDICTIONS, { error: requiredMessage }),
    retentionPercent,
    retentionCap: optionalMoneyCents(),
    paymentScheduleDays: optionalBusinessDays,
    paymentDays: optionalBusinessDays,
    startDate: optionalDay,
    completionDate: optionalDay,
  })
  .superRefine((value, context) => {
    if (value.startDate && value.completionDate && value.completionDate < value.startDate)
      context.addIssue({
        code: "custom",
        path: ["completionDate"],
        message: message("cost-and-commercial:upstream.errors.endBeforeStart"),
      });
  });
export type SubcontractForm = z.infer<typeof subcontractSchema>;

const comment = z.string().trim().max(L.comment, maxLengthMessage(L.comment)).optional();
const stepRefused = message("cost-and-commercial:upstream.errors.actionNotAllowed");

export const subcontractTransitionSchema = z.object({
  intent: z.literal(SUBCONTRACT_INTENTS.transition),
  action: z.enum(SUBCONTRACT_STEPS, { error: stepRefused }),
  comment,
  confirmed: checkboxField,
});

/** The register's filters as the URL carries them. */
export const subcontractStatusSchema = z.enum(CONTRACT_STATUSES);

/** A payment claim as it arrives: its period end (work up to it is taken in), the invoice and other work. */
export const subcontractClaimSchema = z.object({
  billingPeriodEnd: day(),
  invoiceNumber: optionalText(L.invoiceNumber),
  invoiceDate: optionalDay,
  receivedOn: optionalDay,
  otherWork: optionalMoneyCents(),
});
export type SubcontractClaimForm = z.infer<typeof subcontractClaimSchema>;

/** A claim's step; certifying takes the certified amount. */
export const subcontractClaimTransitionSchema = z
  .object({
    intent: z.literal(SUBCONTRACT_INTENTS.transition),
    action: z.enum(CLAIM_STEPS, { error: stepRefused }),
    comment,
    confirmed: checkboxField,
    certifiedAmount: optionalMoneyCents(),
  })
  .superRefine((value, context) => {
    if (value.action === "certify" && value.certifiedAmount === null)
      context.addIssue({
        code: "custom",
        path: ["certifiedAmount"],
        message: message("cost-and-commercial:subcontractClaim.errors.certifiedAmountRequired"),
      });
  });
