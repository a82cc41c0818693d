import { type InjuryClassification, isLostTime, isRecordable } from "./injury-classification";

/**
 * Lost time and total recordable injury frequency rates (LTIFR, TRIFR): injured people per 1,000,000 hours
 * worked over a period.
 *
 *   LTIFR = (fatalities + lost time injuries) × 1,000,000 / hours worked
 *   TRIFR = (fatalities + LTIs + medical treatment + restricted work injuries) × 1,000,000 / hours worked
 *
 * Which classes each rate counts is injury-classification.ts's word (isLostTime, isRecordable). Pure: the
 * counts and the hours come from the server (frequency-rates.server.ts).
 */

/** The hours a rate is expressed per (Safe Work Australia's and most contractors' base). */
export const RATE_BASE_HOURS = 1_000_000;

/** Injured people per classification in the period; a class left out counts as none. */
export type InjuryCounts = Partial<Record<InjuryClassification, number>>;

export type FrequencyRates = {
  lostTimeCount: number;
  recordableCount: number;
  hours: number;
  /** null when no hours were worked: a rate over no hours is no rate ("—"), never 0 or Infinity. */
  ltifr: number | null;
  trifr: number | null;
};

/** Hours are kept to two decimals (the SafetyHoursWorked column): hundredths of an hour as a whole number. */
function hundredthsOf(hours: number): bigint {
  return BigInt(Math.round(hours * 100));
}

/**
 * count × 1,000,000 / hours, rounded to two decimals, half up (0.625 → 0.63; a rate is never negative, so
 * half up and half away from zero agree). Worked in whole numbers so that no floating-point error moves a
 * rate across a half: rate × 100 = count × 10^6 × 100 / hours = count × 10^10 / (hours × 100).
 * null when the hours are not more than zero.
 */
export function frequencyRate(count: number, hours: number): number | null {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`An injury count must be a whole number ≥ 0, not ${count}`);
  if (!Number.isFinite(hours)) return null;
  const divisor = hundredthsOf(hours);
  if (divisor <= 0n) return null;
  const dividend = BigInt(count) * 10_000_000_000n;
  let hundredths = dividend / divisor;
  if ((dividend % divisor) * 2n >= divisor) hundredths += 1n;
  return Number(hundredths) / 100;
}

/** Both rates, and what they were worked from. */
export function frequencyRates(counts: InjuryCounts, hours: number): FrequencyRates {
  let lostTimeCount = 0;
  let recordableCount = 0;
  for (const [classification, count = 0] of Object.entries(counts) as [InjuryClassification, number][]) {
    if (!Number.isInteger(count) || count < 0)
      throw new RangeError(`The ${classification} count must be a whole number ≥ 0, not ${count}`);
    if (isLostTime(classification)) lostTimeCount += count;
    if (isRecordable(classification)) recordableCount += count;
  }
  return {
    lostTimeCount,
    recordableCount,
    hours,
    ltifr: frequencyRate(lostTimeCount, hours),
    trifr: frequencyRate(recordableCount, hours),
  };
}

/** What a page shows: two decimals with thousands separators, or "—" when there is no rate. */
export const NO_RATE = "—";
const rateFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export function formatRate(rate: number | null): string {
  return rate === null ? NO_RATE : rateFormat.format(rate);
}
