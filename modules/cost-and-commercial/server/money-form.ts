import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { decimalToCents } from "~/plugins/acc/money";

/**
 * A money field of a form, read to integer cents on its digits (never through a float): "1,234.5" → 123450.
 * Thousands separators and spaces are dropped; more than two decimals, a sign or anything else is refused
 * with "Enter an amount" (cost-and-commercial:upstream.errors.invalidAmount).
 */
export const MONEY_MAX_CENTS = 1_000_000_000_000_00; // 1 000 000 000 000.00: far past any contract

export const invalidAmount = message("cost-and-commercial:upstream.errors.invalidAmount");

/** The text of an amount as cents, or null when it is not a plain amount of at most two decimals. */
export function amountTextToCents(text: string): number | null {
  const plain = text.replace(/[,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const cents = decimalToCents(plain);
  return cents !== null && cents <= MONEY_MAX_CENTS ? cents : null;
}

const amountText = z.string().trim().max(40, invalidAmount);

/** A required amount in cents. */
export const moneyCents = () =>
  z
    .string({ error: requiredMessage })
    .pipe(amountText)
    .transform((text, context) => {
      const cents = amountTextToCents(text);
      if (cents === null) {
        context.addIssue({ code: "custom", message: invalidAmount });
        return z.NEVER;
      }
      return cents;
    });

/** An optional amount in cents: empty is null. */
export const optionalMoneyCents = () =>
  amountText.optional().transform((text, context) => {
    if (!text) return null;
    const cents = amountTextToCents(text);
    if (cents === null) {
      context.addIssue({ code: "custom", message: invalidAmount });
      return z.NEVER;
    }
    return cents;
  });

export { centsForInput } from "../ui/money-input";
