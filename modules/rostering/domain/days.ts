import { addDays as addCalendarDays, differenceInCalendarDays, formatISO, parseISO } from "date-fns";

/** Calendar-day arithmetic on ISO days ("2026-12-01"), the unit every roster is drawn in. */

export const addDays = (day: string, days: number) =>
  formatISO(addCalendarDays(parseISO(day), days), { representation: "date" });

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  differenceInCalendarDays(parseISO(to), parseISO(from));

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Monday of the ISO week `day` is in. */
export function weekStart(day: string): string {
  const weekday = parseISO(day).getDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}
