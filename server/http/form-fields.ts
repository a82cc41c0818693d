import { z } from "zod";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";

/**
 * Field rules the module forms share (server only: zod stays out of the pages' browser code). Messages are
 * translation keys (app/utils/message-key).
 */

/** Trimmed text, blank → null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxLengthMessage(max))
    .optional()
    .transform((value) => value || null);

/** Trimmed text that must not be blank. */
export const requiredText = (max: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, maxLengthMessage(max));

/** A checkbox as a browser posts it: "on" when ticked, absent otherwise. */
export const checkboxField = z
  .preprocess((value) => value === "on" || value === "true", z.boolean())
  .default(false);

/**
 * The "I am sure" box of a destructive step (delete, release, reset): unticked is a field error with the
 * module's message, so the step is refused even when the browser's `required` was bypassed.
 */
export const confirmedCheckbox = (notConfirmedMessage: string) =>
  checkboxField.refine((ticked) => ticked, { error: notConfirmedMessage });

/** A refinement putting "ends before it starts" on the `end` field when both days are given and out of order. */
export const endNotBeforeStart =
  (start: string, end: string, key: string) => (value: Record<string, unknown>, context: z.RefinementCtx) => {
    const from = value[start] as string | null;
    const to = value[end] as string | null;
    if (from && to && to < from) context.addIssue({ code: "custom", path: [end], message: message(key) });
  };
