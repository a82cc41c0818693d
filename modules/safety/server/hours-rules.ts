import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { isMonth, MAX_MONTH_HOURS, MONTHS_SHOWN, readHoursFigure } from "../domain/hours-months";

/**
 * The hours worked grid's form: one row per month shown, each with the month (YYYY-MM), the hours typed
 * (blank = not entered) and the figure the page was loaded with (`was`, to refuse a save over someone
 * else's change). Messages are keys (app/utils/message-key), translated by the server's reply.
 */

export const invalidNumberMessage = message("common:validation.invalidNumber");
export const tooManyHoursMessage = message("safety:setting.hours.tooMany", {
  max: MAX_MONTH_HOURS.toLocaleString("en-US"),
});
export const invalidMonthMessage = message("safety:setting.hours.invalidMonth");
export const futureMonthMessage = message("safety:setting.hours.futureMonth");

const hoursRow = z.object({
  month: z.string({ error: requiredMessage }).refine(isMonth, { error: invalidMonthMessage }),
  hours: z.string().max(32, { error: invalidNumberMessage }).optional(),
  was: z.string().max(32).optional(),
});

/** `currentMonth` (YYYY-MM): no figure is entered for a month that has not begun. */
export const hoursFormSchema = (currentMonth: string) =>
  z
    .object({
      /** The last month shown (the grid's window), to come back to after saving. */
      until: z.string().max(7).optional(),
      rows: z.array(hoursRow).min(1).max(MONTHS_SHOWN),
    })
    .superRefine((value, context) => {
      const seen = new Set<string>();
      value.rows.forEach((row, index) => {
        if (isMonth(row.month) && row.month > currentMonth)
          context.addIssue({ code: "custom", path: ["rows", index, "month"], message: futureMonthMessage });
        if (seen.has(row.month))
          context.addIssue({ code: "custom", path: ["rows", index, "month"], message: invalidMonthMessage });
        seen.add(row.month);
        const figure = readHoursFigure(row.hours ?? "");
        if (!figure.ok)
          context.addIssue({
            code: "custom",
            path: ["rows", index, "hours"],
            message: figure.problem === "too-many" ? tooManyHoursMessage : invalidNumberMessage,
          });
      });
    });

export type HoursForm = z.infer<ReturnType<typeof hoursFormSchema>>;
