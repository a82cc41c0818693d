import { dayNumber, isoDay } from "./roster-pattern";

/** Calendar-day arithmetic on ISO days ("2026-12-01"), the unit every roster is drawn in (on the cycle's day numbers). */

export const addDays = (day: string, days: number) => isoDay(dayNumber(day) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day += 1) days.push(isoDay(day));
  return days;
}

/** Monday of the week `day` is in (day 0, 1 January 1970, was a Thursday). */
export function weekStart(day: string): string {
  const number = dayNumber(day);
  return isoDay(number - ((number + 3) % 7));
}
