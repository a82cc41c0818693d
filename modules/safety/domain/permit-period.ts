/**
 * A permit's period (decision 034): a start and an end, each a day and a time (HH:mm) on the project's clock
 * (decision 029). Pure. Apart from permit-workflow.ts because the day check brings zod, which the register's
 * browser bundle does without.
 */
import { isIsoDay } from "../../../app/utils/iso-day";
import { zonedTimeToUtc } from "../../../server/projects/time-zone";

/** The longest a permit runs: a month; longer work is re-permitted (decision 034). */
export const PERMIT_MAX_DAYS = 31;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type PermitPeriodInput = { fromDate: string; fromTime: string; toDate: string; toTime: string };
export type PermitPeriodError = "date" | "time" | "order" | "tooLong";
export type PermitPeriodResult =
  | { ok: true; validFrom: Date; validTo: Date }
  | { ok: false; field: keyof PermitPeriodInput; error: PermitPeriodError };

export const isPermitTime = (value: string) => TIME.test(value);

function instant(day: string, time: string, zone: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  return zonedTimeToUtc(day, hour, minute, zone);
}

/** The period's instants in the zone, or its first fault: a bad day or time, an end not after the start, too long. */
export function readPermitPeriod(input: PermitPeriodInput, zone: string): PermitPeriodResult {
  for (const field of ["fromDate", "toDate"] as const)
    if (!isIsoDay(input[field])) return { ok: false, field, error: "date" };
  for (const field of ["fromTime", "toTime"] as const)
    if (!isPermitTime(input[field])) return { ok: false, field, error: "time" };
  const validFrom = instant(input.fromDate, input.fromTime, zone);
  const validTo = instant(input.toDate, input.toTime, zone);
  if (validTo.getTime() <= validFrom.getTime()) return { ok: false, field: "toTime", error: "order" };
  if (validTo.getTime() - validFrom.getTime() > PERMIT_MAX_DAYS * 86_400_000)
    return { ok: false, field: "toDate", error: "tooLong" };
  return { ok: true, validFrom, validTo };
}
