/**
 * Security-of-payment deadlines on the calendar and their warnings (README "Deadline warnings"): a claim's
 * payment schedule and payment due days (payment-deadlines.ts sets them on the claim), whether each is still
 * open, overdue, and from which day its people are warned — N business days of the contract's law before it
 * lapses. Pure: days are "YYYY-MM-DD".
 */
import { isBusinessDay } from "./payment-deadlines";
import type { ContractStatus, Jurisdiction } from "./vocabularies";

export const DEADLINE_KINDS = ["payment-schedule", "payment"] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/** What the calendar and the warning job read of a claim (head contract's or subcontract's). */
export type DeadlineClaim = {
  status: ContractStatus;
  paymentScheduleDueOn: string | null;
  paymentDueOn: string | null;
  /** The payment schedule answered it: the client's schedule arrived (upstream), or we certified (downstream). */
  scheduled: boolean;
  paidOn: string | null;
};

export type ClaimDeadline = { kind: DeadlineKind; dueOn: string; overdue: boolean };

/** A withdrawn or rejected claim runs no deadline. */
const CLOSED: readonly ContractStatus[] = ["void", "reject"];

/**
 * The deadlines of a claim still running on `today`: the payment schedule until it is scheduled or paid, the
 * payment until it is paid; each overdue once its day has passed.
 */
export function openDeadlines(claim: DeadlineClaim, today: string): ClaimDeadline[] {
  if (CLOSED.includes(claim.status) || claim.paidOn) return [];
  const found: ClaimDeadline[] = [];
  if (claim.paymentScheduleDueOn && !claim.scheduled)
    found.push({
      kind: "payment-schedule",
      dueOn: claim.paymentScheduleDueOn,
      overdue: claim.paymentScheduleDueOn < today,
    });
  if (claim.paymentDueOn)
    found.push({ kind: "payment", dueOn: claim.paymentDueOn, overdue: claim.paymentDueOn < today });
  return found;
}

const DAY_MS = 86_400_000;
const previousDay = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) - DAY_MS)
    .toISOString()
    .slice(0, 10);

/** The day `days` business days of the law before `due` (the business day a warning starts on). */
export function businessDaysBefore(jurisdiction: Jurisdiction, due: string, days: number): string {
  let day = due;
  let counted = 0;
  while (counted < days) {
    day = previousDay(day);
    if (isBusinessDay(jurisdiction, day)) counted += 1;
  }
  return day;
}

/**
 * The deadlines whose warning is due on `today`: open, not yet lapsed, and `warnBusinessDays` business days or
 * fewer away. The job marks each (claim, kind, due day) once it warned, so a later run does not warn again.
 */
export function deadlinesToWarn(
  claim: DeadlineClaim,
  jurisdiction: Jurisdiction,
  warnBusinessDays: number,
  today: string,
): ClaimDeadline[] {
  return openDeadlines(claim, today).filter(
    (deadline) =>
      !deadline.overdue && businessDaysBefore(jurisdiction, deadline.dueOn, warnBusinessDays) <= today,
  );
}
