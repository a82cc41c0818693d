import { z } from "zod";
import { optionalIsoDaySchema } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { endNotBeforeStart } from "~/server/http/form-fields";
import { percentToBasisPoints } from "../domain/payment-claim-arithmetic";
import { CONTRACT_TYPES, JURISDICTIONS } from "../domain/vocabularies";
import { moneyCents } from "./money-form";

/**
 * The rules of the terms a head contract and a subcontract share (ui/contract-terms-fields.tsx), spread into
 * each form's schema. Browser-safe: the route components import the schemas.
 */

export const invalidDate = message("common:validation.invalidDate");
export const optionalDay = optionalIsoDaySchema(invalidDate);

const invalidDays = message("cost-and-commercial:upstream.errors.invalidDays");
/** A contract's own period in business days: empty is the law's. */
const optionalBusinessDays = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || (/^\d{1,3}$/.test(value) && Number(value) <= 120), { error: invalidDays })
  .transform((value) => (value ? Number(value) : null));

const invalidPercent = message("cost-and-commercial:upstream.errors.invalidPercent");
/** Retention as a percentage with up to two decimals ("5", "2.5"), kept in basis points. */
const retentionPercent = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || percentToBasisPoints(value) !== null, { error: invalidPercent })
  .transform((value) => (value ? (percentToBasisPoints(value) ?? 0) : 0));

export const contractTermsShape = {
  type: z.enum(CONTRACT_TYPES, { error: requiredMessage }),
  contractSum: moneyCents(),
  jurisdiction: z.enum(JURISDICTIONS, { error: requiredMessage }),
  retentionPercent,
  paymentScheduleDays: optionalBusinessDays,
  paymentDays: optionalBusinessDays,
  startDate: optionalDay,
  completionDate: optionalDay,
};

export const completionNotBeforeStart = endNotBeforeStart(
  "startDate",
  "completionDate",
  "cost-and-commercial:upstream.errors.endBeforeStart",
);
