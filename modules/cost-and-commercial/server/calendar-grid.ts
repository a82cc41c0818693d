/**
 * The calendar's month: which month the URL asks for, the month before and after, and the weeks of its grid.
 * Pure: days are "YYYY-MM-DD" texts counted in UTC, so no time zone moves a day.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month the URL names (YYYY-MM, years 1900–2999), else the month of `today`. */
export function monthOf(param: string | null | undefined, today: string): string {
  const match = param ? MONTH.exec(param) : null;
  if (match && Number(match[1]) >= 1900 && Number(match[1]) <= 2999) return param as string;
  return today.slice(0, 7);
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function shiftMonth(month: string, by: number): string {
  const date = utc(`${month}-01`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return dayOf(date).slice(0, 7);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const date = utc(`${shiftMonth(month, 1)}-01`);
  date.setUTCDate(0);
  return dayOf(date);
}

/** 0 = Monday … 6 = Sunday (ISO order), the week's first day as the settings choose it. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const isoWeekday = (day: string) => (utc(day).getUTCDay() + 6) % 7;

/** The grid's weeks: whole weeks from the week of the 1st to the week of the last day, seven days each. */
export function monthWeeks(month: string, weekStart: WeekStart = 0): string[][] {
  const first = utc(firstDayOf(month));
  first.setUTCDate(first.getUTCDate() - ((isoWeekday(firstDayOf(month)) - weekStart + 7) % 7));
  const last = lastDayOf(month);
  const weeks: string[][] = [];
  const cursor = first;
  while (dayOf(cursor) <= last) {
    const week: string[] = [];
    for (let index = 0; index < 7; index++) {
      week.push(dayOf(cursor));
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The weekday order of the grid's header, as ISO numbers (0 = Monday). */
export function weekdayOrder(weekStart: WeekStart = 0): number[] {
  return Array.from({ length: 7 }, (_, index) => (weekStart + index) % 7);
}
