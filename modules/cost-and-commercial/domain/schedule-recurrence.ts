/**
 * Schedules and reminders (spec 3 "Schedule/reminder"; README "Recurrence"): the recurrence a user chooses, the
 * RFC 5545 RRULE it stores, the occurrences `rrule` expands from it, and which occurrence a reminder e-mails on
 * a day. Pure: days are "YYYY-MM-DD" texts on the project's calendar, read by rrule as UTC midnights, so no
 * time zone or daylight saving moves an occurrence to another day.
 */
import type { RRule as RRuleType, Weekday } from "rrule";
import { Frequency, RRule } from "./rrule-interop";

/** The recurrences users need (decision in README): what the chooser offers, each one RRULE. */
export const RECURRENCE_KINDS = [
  "none",
  "weekly",
  "monthly-day",
  "monthly-last-business-day",
  "yearly",
] as const;
export type RecurrenceKind = (typeof RECURRENCE_KINDS)[number];

export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];

export type RecurrenceChoice =
  | { kind: "none" }
  | { kind: "weekly"; weekday: WeekdayCode }
  /** 1–31; a month without that day has no occurrence (rrule's RFC 5545 reading); -1 is the last day. */
  | { kind: "monthly-day"; monthDay: number }
  | { kind: "monthly-last-business-day" }
  /** Every year on the start date's day and month. */
  | { kind: "yearly" };

const RRULE_WEEKDAYS: Record<WeekdayCode, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const utc = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))));
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` calendar days after (or before, when negative) `day`. */
export function shiftDay(day: string, days: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
}

/** The RRULE text of a choice (no DTSTART: the reminder's start date is its own column); null for a one-off. */
export function recurrenceRule(choice: RecurrenceChoice, startDate: string): string | null {
  switch (choice.kind) {
    case "none":
      return null;
    case "weekly":
      return RRule.optionsToString({ freq: Frequency.WEEKLY, byweekday: [RRULE_WEEKDAYS[choice.weekday]] });
    case "monthly-day":
      return RRule.optionsToString({ freq: Frequency.MONTHLY, bymonthday: [choice.monthDay] });
    case "monthly-last-business-day":
      return RRule.optionsToString({
        freq: Frequency.MONTHLY,
        byweekday: [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR],
        bysetpos: [-1],
      });
    case "yearly":
      return RRule.optionsToString({
        freq: Frequency.YEARLY,
        bymonth: [Number(startDate.slice(5, 7))],
        bymonthday: [Number(startDate.slice(8, 10))],
      });
  }
}

/** The chooser's reading of a stored RRULE, so the edit form shows it; null for a rule the chooser cannot build. */
export function recurrenceChoiceOf(rule: string | null): RecurrenceChoice | null {
  if (!rule) return { kind: "none" };
  let options: ReturnType<typeof RRule.parseString>;
  try {
    options = RRule.parseString(rule);
  } catch {
    return null;
  }
  const weekdays = ([] as (Weekday | number | string)[])
    .concat(options.byweekday ?? [])
    .map((day) =>
      typeof day === "number"
        ? day
        : typeof day === "string"
          ? WEEKDAYS.indexOf(day as WeekdayCode)
          : day.weekday,
    );
  const monthDays = ([] as number[]).concat(options.bymonthday ?? []);
  if (options.freq === Frequency.WEEKLY && weekdays.length === 1)
    return { kind: "weekly", weekday: WEEKDAYS[weekdays[0]!]! };
  if (options.freq === Frequency.MONTHLY && monthDays.length === 1)
    return { kind: "monthly-day", monthDay: monthDays[0]! };
  if (
    options.freq === Frequency.MONTHLY &&
    weekdays.length === 5 &&
    ([] as number[]).concat(options.bysetpos ?? [])[0] === -1
  )
    return { kind: "monthly-last-business-day" };
  if (options.freq === Frequency.YEARLY) return { kind: "yearly" };
  return null;
}

export type RecurringItem = {
  startDate: string;
  endDate: string | null;
  /** An RRULE, or null for one occurrence on the start date. */
  recurrence: string | null;
};

/** Whether a stored RRULE reads; the form refuses one that does not. */
export function isValidRule(rule: string): boolean {
  try {
    RRule.parseString(rule);
    return true;
  } catch {
    return false;
  }
}

function ruleOf(item: RecurringItem): RRuleType {
  return new RRule({
    ...RRule.parseString(item.recurrence!),
    dtstart: utc(item.startDate),
    until: item.endDate ? utc(item.endDate) : null,
  });
}

/** The occurrences from `from` to `to` (both days included), in order; the end date is the last possible. */
export function occurrencesBetween(item: RecurringItem, from: string, to: string): string[] {
  if (!item.recurrence) return item.startDate >= from && item.startDate <= to ? [item.startDate] : [];
  return ruleOf(item).between(utc(from), utc(to), true).map(dayOf);
}

/** The next `count` occurrences on or after `from` (the form's preview). */
export function nextOccurrences(item: RecurringItem, from: string, count: number): string[] {
  if (!item.recurrence) return item.startDate >= from ? [item.startDate] : [];
  const rule = ruleOf(item);
  const found: string[] = [];
  let after = utc(from);
  let inclusive = true;
  while (found.length < count) {
    const next = rule.after(after, inclusive);
    if (!next) break;
    found.push(dayOf(next));
    after = next;
    inclusive = false;
  }
  return found;
}

export type ReminderState = RecurringItem & {
  leadDays: number;
  /** The occurrence last e-mailed, or null. */
  lastSentFor: string | null;
};

/**
 * The occurrence a reminder e-mails about today, or null: the earliest occurrence from today to today +
 * leadDays that is later than the last one sent. An occurrence already past is never sent late (a server down
 * for a week does not send last week's reminders), and none is sent twice, because lastSentFor only grows.
 */
export function occurrenceToSend(reminder: ReminderState, today: string): string | null {
  const lead = Math.max(0, reminder.leadDays);
  const from =
    reminder.lastSentFor && reminder.lastSentFor >= today ? shiftDay(reminder.lastSentFor, 1) : today;
  const to = shiftDay(today, lead);
  if (from > to) return null;
  return occurrencesBetween(reminder, from, to)[0] ?? null;
}
