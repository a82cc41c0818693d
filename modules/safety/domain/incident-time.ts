/**
 * When an incident happened (spec 5 "Incident time"): a date, an hour and a minute as they read on the
 * site's clock, judged in the project's time zone (decision 029) — never in the future. Pure.
 */
import { zonedTimeToUtc } from "../../../server/projects/time-zone";

export type IncidentTimeInput = { date: string; hour: string; minute: string };
export type IncidentTimeError = "date" | "hour" | "minute" | "future";
export type IncidentTimeResult =
  | { ok: true; occurredAt: Date }
  | { ok: false; field: "occurredDate" | "occurredHour" | "occurredMinute"; error: IncidentTimeError };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d{1,2}$/;

function isRealDay(day: string): boolean {
  if (!DAY.test(day)) return false;
  const [year, month, date] = day.split("-").map(Number);
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return (
    parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date
  );
}

/**
 * The instant the incident happened, or why the time is refused: a date that is not a day, an hour
 * outside 0–23 ("Invalid hour"), a minute outside 0–59 ("Invalid minute"), or a time after `now` on the
 * project's clock ('You can not choose a time in the future').
 */
export function readIncidentTime(input: IncidentTimeInput, zone: string, now: Date): IncidentTimeResult {
  const date = input.date.trim();
  const hour = input.hour.trim();
  const minute = input.minute.trim();
  if (!isRealDay(date)) return { ok: false, field: "occurredDate", error: "date" };
  if (!WHOLE.test(hour) || Number(hour) > 23) return { ok: false, field: "occurredHour", error: "hour" };
  if (!WHOLE.test(minute) || Number(minute) > 59)
    return { ok: false, field: "occurredMinute", error: "minute" };
  const occurredAt = zonedTimeToUtc(date, Number(hour), Number(minute), zone);
  // The minute being lived now on site is not in the future.
  if (occurredAt.getTime() > Math.floor(now.getTime() / 60_000) * 60_000)
    return { ok: false, field: "occurredHour", error: "future" };
  return { ok: true, occurredAt };
}
