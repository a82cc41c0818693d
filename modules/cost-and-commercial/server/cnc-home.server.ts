import type { EntityManager } from "@mikro-orm/postgresql";
import { dayOfDateColumn } from "~/server/db/date-column";
import { projectToday } from "~/server/projects/time-zone.server";
import { isReminderOverdue, nextOccurrence } from "../domain/home-reminders";
import { ContractReminder, HeadContract, HeadContractClaim } from "../entities";
import { CLAIMS_DUE_DAYS, headClaimPath } from "./upstream-basics";

/**
 * The commercial picture of /cost-and-commercial/home and of the home card (decision 044): the head contract's
 * sum against what was claimed, certified and paid; the claims whose payment schedule or payment is due within
 * 14 days or overdue; the active reminders whose next occurrence has passed.
 */

const SERVED = ["submitted", "in_review", "approved"] as const;

function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export type ClaimDue = {
  id: string;
  number: number;
  /** Which deadline: the client's payment schedule (none received yet) or the payment. */
  deadline: "paymentSchedule" | "payment";
  dueOn: string;
  overdue: boolean;
  href: string;
};

export async function commercialPicture(
  em: EntityManager,
  project: { id: string; language?: string | null },
) {
  const today = await projectToday(em, project);
  const until = addDays(today, CLAIMS_DUE_DAYS);
  const contract = await em.findOne(
    HeadContract,
    { project: project.id },
    { orderBy: { createdAt: "asc", id: "asc" } },
  );
  const claims = contract
    ? await em.find(
        HeadContractClaim,
        { headContract: contract.id, project: project.id, status: { $in: [...SERVED] } },
        { orderBy: { number: "asc" } },
      )
    : [];
  let claimedCents = 0;
  let certifiedCents = 0;
  let paidCents = 0;
  const due: ClaimDue[] = [];
  for (const claim of claims) {
    const claimed = Number(claim.currentPaymentDueCents);
    const certified = claim.scheduledAmountCents === null ? null : Number(claim.scheduledAmountCents);
    claimedCents += claimed;
    certifiedCents += certified ?? 0;
    if (claim.paidOn) {
      paidCents += certified ?? claimed;
      continue;
    }
    const scheduleDue = claim.scheduleReceivedOn ? null : dayOfDateColumn(claim.paymentScheduleDueOn);
    const paymentDue = dayOfDateColumn(claim.paymentDueOn);
    for (const [deadline, dueOn] of [
      ["paymentSchedule", scheduleDue],
      ["payment", paymentDue],
    ] as const)
      if (dueOn && dueOn <= until)
        due.push({
          id: `${claim.id}-${deadline}`,
          number: claim.number,
          deadline,
          dueOn,
          overdue: dueOn < today,
          href: headClaimPath(claim.id),
        });
  }
  due.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.number - b.number);

  const reminders = await em.find(
    ContractReminder,
    { project: project.id, status: "active" },
    { orderBy: { startDate: "asc", id: "asc" } },
  );
  const overdueReminders = reminders.flatMap((reminder) => {
    const timing = {
      startDate: dayOfDateColumn(reminder.startDate) ?? today,
      endDate: dayOfDateColumn(reminder.endDate),
      recurrence: reminder.recurrence ?? null,
      lastSentFor: dayOfDateColumn(reminder.lastSentFor),
    };
    if (!isReminderOverdue(timing, today)) return [];
    return [
      {
        id: reminder.id,
        number: reminder.number,
        title: reminder.title,
        side: reminder.side,
        dueOn: nextOccurrence(timing) as string,
      },
    ];
  });

  return {
    today,
    contract: contract
      ? {
          code: contract.code,
          client: contract.client,
          status: contract.status,
          contractSumCents: Number(contract.contractSumCents),
          claimedCents,
          certifiedCents,
          paidCents,
          // What is left to claim of the contract sum.
          remainingCents: Number(contract.contractSumCents) - claimedCents,
        }
      : null,
    claimsDue: due.filter((item) => !item.overdue),
    claimsOverdue: due.filter((item) => item.overdue),
    overdueReminders,
  };
}
