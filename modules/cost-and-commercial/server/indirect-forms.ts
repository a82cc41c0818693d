import { z } from "zod";
import { isIsoDay } from "~/app/utils/iso-day";
import { message, requiredMessage } from "~/app/utils/message-key";
import { confirmedCheckbox, requiredText } from "~/server/http/form-fields";
import { moneyCents, optionalMoneyCents } from "./money-form";
import { INDIRECT_INTENTS, CHANGE_LIMITS as L } from "./subcontract-changes-basics";

/** The indirect cost forms' rules, for the server and the fuzz suite. */

const invalidMonth = message("cost-and-commercial:indirect.errors.invalidMonth");

/** A month as the browser's month field posts it (YYYY-MM), or null when it is not a real one. */
export const monthOrNull = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}$/.test(value) && isIsoDay(`${value}-01`) ? value : null;

export const indirectCostSchema = z.object({
  category: requiredText(L.category),
  description: requiredText(L.indirectDescription),
  month: z
    .string({ error: requiredMessage })
    .trim()
    .refine((value) => monthOrNull(value) !== null, { error: invalidMonth }),
  budget: moneyCents(),
  actual: optionalMoneyCents().transform((cents) => cents ?? 0),
});
export type IndirectCostForm = z.infer<typeof indirectCostSchema>;

export const indirectDeleteSchema = z.object({
  intent: z.literal(INDIRECT_INTENTS.delete),
  id: z.string({ error: requiredMessage }).uuid(),
  confirmed: confirmedCheckbox(message("cost-and-commercial:variation.errors.confirmRequired")),
});
