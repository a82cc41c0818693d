/**
 * When a schedule or reminder next falls due (decision 044), for the home page's "overdue reminders": the first
 * occurrence of its RRULE after the one last e-mailed (or from its start), within its end date. Pure: days are
 * "YYYY-MM-DD" texts; occurrences are whole days, counted in UTC.
 */
import { rrulestr } from "./rrule-interop";

export type ReminderTiming = {
  startDate: string;
  endDate: string | null;
  recurrence: string | null;
  lastSentFor: string | null;
};

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The next occurrence not yet e-mailed, or null when there is none left. */
export function nextOccurrence(reminder: ReminderTiming): string | null {
  let next: string | null;
  if (!reminder.recurrence) next = reminder.lastSentFor ? null : reminder.startDate;
  else {
    const rule = rrulestr(
      `DTSTART:${reminder.startDate.replaceAll("-", "")}T000000Z\nRRULE:${reminder.recurrence.replace(/^RRULE:/i, "")}`,
    );
    const found = reminder.lastSentFor
      ? rule.after(utcDay(reminder.lastSentFor), false)
      : rule.after(utcDay(reminder.startDate), true);
    next = found ? dayOf(found) : null;
  }
  return next && reminder.endDate && next > reminder.endDate ? null : next;
}

/** Overdue: its next occurrence is before today (it was never sent or dealt with). */
export function isReminderOverdue(reminder: ReminderTiming, today: string): boolean {
  const next = nextOccurrence(reminder);
  return next !== null && next < today;
}
