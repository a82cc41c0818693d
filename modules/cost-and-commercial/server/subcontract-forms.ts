import { z } from "zod";
import { isoDaySchema } from "~/app/utils/iso-day";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { checkboxField, optionalText, requiredText } from "~/server/http/form-fields";
import { CLAIM_STEPS, SUBCONTRACT_STEPS } from "../domain/downstream-workflow";
import { CONTRACT_STATUSES } from "../domain/vocabularies";
import {
  completionNotBeforeStart,
  contractTermsShape,
  invalidDate,
  optionalDay,
} from "./contract-terms-form";
import { optionalMoneyCents } from "./money-form";
import { SUBCONTRACT_LIMITS as L, SUBCONTRACT_INTENTS } from "./subcontract-basics";

/** The subcontract and payment-claim forms' rules, for the server and the fuzz suite. */

const day = () => isoDaySchema(invalidDate);

export const subcontractSchema = z
  .object({
    code: requiredText(L.code),
    title: requiredText(L.title),
    company: z.string({ error: requiredMessage }).trim().uuid(requiredMessage),
    ...contractTermsShape,
    retentionCap: optionalMoneyCents(),
  })
  .superRefine(completionNotBeforeStart);
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
