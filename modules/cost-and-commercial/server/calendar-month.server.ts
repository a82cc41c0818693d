import { dayOfDateColumn } from "~/server/db/date-column";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { deadlinesToWarn, openDeadlines } from "../domain/deadline-warnings";
import { occurrencesBetween } from "../domain/schedule-recurrence";
import type { ContractSide, Jurisdiction } from "../domain/vocabularies";
import {
  CalendarTask,
  ContractReminder,
  HeadContractClaim,
  type IHeadContract,
  type ISubcontract,
  SubcontractClaim,
} from "../entities";
import { calendarTaskPath, reminderPath } from "./calendar-basics";
import { firstDayOf, lastDayOf } from "./calendar-grid";
import { subcontractClaimPath } from "./downstream-basics";
import { headClaimPath } from "./upstream-basics";

/**
 * What the calendar shows in a month of one side (README "Calendar"): its tasks (on their start and due days;
 * a hidden uploaded calendar's are left out), its reminders' occurrences from their RRULE, and the running
 * security-of-payment deadlines of its claims — lapsed ones marked overdue, and ones within
 * DEADLINE_WARNING_BUSINESS_DAYS business days of the contract's law marked near.
 */

export const DEADLINE_WARNING_BUSINESS_DAYS = 3;

export type CalendarEntry = {
  key: string;
  day: string;
  kind: "task-start" | "task-due" | "reminder" | "payment-schedule" | "payment";
  title: string;
  href: string;
  /** Deadlines only: lapsed, or within the warning days. */
  warning: "overdue" | "near" | null;
};

type DeadlineSource = {
  id: string;
  title: string;
  href: string;
  jurisdiction: Jurisdiction;
  status: Parameters<typeof openDeadlines>[0]["status"];
  paymentScheduleDueOn: string | null;
  paymentDueOn: string | null;
  scheduled: boolean;
  paidOn: string | null;
};

async function taskEntries(context: ProjectContext, side: ContractSide, from: string, to: string) {
  const tasks = await context.em.find(
    CalendarTask,
    {
      project: context.project.id,
      side,
      startDate: { $lte: to },
      dueDate: { $gte: from },
      $or: [{ calendar: null }, { calendar: { visible: true } }],
    },
    { orderBy: { startDate: "asc", task: "asc", id: "asc" } },
  );
  const entries: CalendarEntry[] = [];
  for (const task of tasks) {
    const start = dayOfDateColumn(task.startDate) ?? "";
    const due = dayOfDateColumn(task.dueDate) ?? "";
    const href = calendarTaskPath(task.id);
    if (start >= from && start <= to && start !== due)
      entries.push({
        key: `${task.id}:start`,
        day: start,
        kind: "task-start",
        title: task.task,
        href,
        warning: null,
      });
    if (due >= from && due <= to)
      entries.push({
        key: `${task.id}:due`,
        day: due,
        kind: "task-due",
        title: task.task,
        href,
        warning: null,
      });
  }
  return entries;
}

async function reminderEntries(context: ProjectContext, side: ContractSide, from: string, to: string) {
  const reminders = await context.em.find(
    ContractReminder,
    {
      project: context.project.id,
      side,
      status: { $ne: "completed" },
      startDate: { $lte: to },
      $or: [{ endDate: null }, { endDate: { $gte: from } }],
    },
    { orderBy: { number: "asc" } },
  );
  return reminders.flatMap((reminder) =>
    occurrencesBetween(
      {
        startDate: dayOfDateColumn(reminder.startDate) ?? "",
        endDate: dayOfDateColumn(reminder.endDate),
        recurrence: reminder.recurrence ?? null,
      },
      from,
      to,
    ).map(
      (day): CalendarEntry => ({
        key: `${reminder.id}:${day}`,
        day,
        kind: "reminder",
        title: `${reminder.number} ${reminder.title}`,
        href: reminderPath(reminder.id),
        warning: null,
      }),
    ),
  );
}

const dueIn = (from: string, to: string) => ({
  $or: [{ paymentScheduleDueOn: { $gte: from, $lte: to } }, { paymentDueOn: { $gte: from, $lte: to } }],
});

async function deadlineSources(
  context: ProjectContext,
  side: ContractSide,
  from: string,
  to: string,
): Promise<DeadlineSource[]> {
  const base = { project: context.project.id, status: { $nin: ["void", "reject"] }, ...dueIn(from, to) };
  if (side === "upstream") {
    const claims = await context.em.find(HeadContractClaim, base as never, {
      populate: ["headContract"],
      orderBy: { number: "asc" },
    });
    return claims.map((claim) => {
      const contract = claim.headContract as unknown as IHeadContract;
      return {
        id: claim.id,
        title: `${contract.code} #${claim.number}`,
        href: headClaimPath(claim.id),
        jurisdiction: contract.jurisdiction,
        status: claim.status,
        paymentScheduleDueOn: dayOfDateColumn(claim.paymentScheduleDueOn),
        paymentDueOn: dayOfDateColumn(claim.paymentDueOn),
        scheduled: claim.scheduleReceivedOn !== null && claim.scheduleReceivedOn !== undefined,
        paidOn: dayOfDateColumn(claim.paidOn),
      };
    });
  }
  const claims = await context.em.find(SubcontractClaim, base as never, {
    populate: ["subcontract"],
    orderBy: { number: "asc" },
  });
  return claims.map((claim) => {
    const subcontract = claim.subcontract as unknown as ISubcontract;
    return {
      id: claim.id,
      title: `${subcontract.code} #${claim.number}`,
      href: subcontractClaimPath(subcontract.id, claim.id),
      jurisdiction: subcontract.jurisdiction,
      status: claim.status,
      paymentScheduleDueOn: dayOfDateColumn(claim.paymentScheduleDueOn),
      paymentDueOn: dayOfDateColumn(claim.paymentDueOn),
      // Downstream we answer the claim: certifying it is our payment schedule.
      scheduled: claim.certifiedCents !== null && claim.certifiedCents !== undefined,
      paidOn: dayOfDateColumn(claim.paidOn),
    };
  });
}

async function deadlineEntries(
  context: ProjectContext,
  side: ContractSide,
  from: string,
  to: string,
  today: string,
) {
  const entries: CalendarEntry[] = [];
  for (const source of await deadlineSources(context, side, from, to)) {
    const near = new Set(
      deadlinesToWarn(source, source.jurisdiction, DEADLINE_WARNING_BUSINESS_DAYS, today).map(
        (deadline) => deadline.kind,
      ),
    );
    for (const deadline of openDeadlines(source, today)) {
      if (deadline.dueOn < from || deadline.dueOn > to) continue;
      entries.push({
        key: `${source.id}:${deadline.kind}`,
        day: deadline.dueOn,
        kind: deadline.kind,
        title: source.title,
        href: source.href,
        warning: deadline.overdue ? "overdue" : near.has(deadline.kind) ? "near" : null,
      });
    }
  }
  return entries;
}

const KIND_ORDER: CalendarEntry["kind"][] = [
  "payment-schedule",
  "payment",
  "task-due",
  "reminder",
  "task-start",
];

/** The month's entries of one side, by day then kind then title. */
export async function calendarMonth(
  context: ProjectContext,
  side: ContractSide,
  month: string,
  today: string,
): Promise<CalendarEntry[]> {
  const from = firstDayOf(month);
  const to = lastDayOf(month);
  return [
    ...(await taskEntries(context, side, from, to)),
    ...(await reminderEntries(context, side, from, to)),
    ...(await deadlineEntries(context, side, from, to, today)),
  ].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      a.title.localeCompare(b.title),
  );
}
