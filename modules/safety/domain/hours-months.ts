/**
 * Hours worked are entered per calendar month (a month is "YYYY-MM", stored as its first day). These are the
 * month sums and the rule an entered figure must meet. Pure: no Remix, no database.
 */

/** How many months the settings page shows at once: the chosen month and the eleven before it. */
export const MONTHS_SHOWN = 12;

/**
 * The most hours a project can report for one month: 10,000,000 person-hours is some 50,000 people working
 * full time, beyond any single project; a larger figure is a typing slip (a pasted total, a year).
 */
export const MAX_MONTH_HOURS = 10_000_000;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  const match = MONTH.exec(value);
  return Boolean(match) && Number(match?.[1]) >= 1;
}

/** The month of a day (YYYY-MM-DD or a Date, read in UTC). */
export function monthOf(day: string | Date): string {
  return (typeof day === "string" ? day : day.toISOString()).slice(0, 7);
}

/** The month's first day, YYYY-MM-01: the stored value. */
export const firstDayOf = (month: string) => `${month}-01`;

/** The month's last day, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [year, number] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, "0")}`;
}

/** The month `count` months after (before, when negative) this one. */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The `count` months ending with `last`, newest first (how the grid lists them). */
export function monthsEndingWith(last: string, count = MONTHS_SHOWN): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(last, -i));
}

/**
 * A period widened to whole months: hours are known per month, so a rate over 10 March – 20 May is a rate
 * over 1 March – 31 May (its injuries counted over the same whole months).
 */
export function wholeMonths(period: { from: string; to: string }): { from: string; to: string } {
  return { from: firstDayOf(monthOf(period.from)), to: lastDayOf(monthOf(period.to)) };
}

export type HoursFigure = { ok: true; hours: number | null } | { ok: false; problem: "invalid" | "too-many" };

/**
 * An entered month's hours: blank is "not entered" (null); otherwise a number ≥ 0 with at most two decimals,
 * digits only ("8500" or "8500.5": no thousands separators, which read differently in en and vi), at most
 * MAX_MONTH_HOURS.
 */
export function readHoursFigure(text: string): HoursFigure {
  const value = text.trim();
  if (value === "") return { ok: true, hours: null };
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return { ok: false, problem: "invalid" };
  const hours = Number(value);
  if (!Number.isFinite(hours)) return { ok: false, problem: "invalid" };
  if (hours > MAX_MONTH_HOURS) return { ok: false, problem: "too-many" };
  return { ok: true, hours };
}
