import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { claimTotals, previousClaimsCents } from "../domain/head-claim-arithmetic";
import { headClaimWorkflow, isClaimServed, UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { claimDeadlines } from "../domain/payment-deadlines";
import type { ContractStatus } from "../domain/vocabularies";
import { HeadContract, HeadContractClaim, type IHeadContract, type IHeadContractClaim } from "../entities";
import {
  claimPaidSchema,
  HEAD_CLAIM_ENTITY_TYPE,
  headClaimPath,
  headClaimSchema,
  headClaimTransitionSchema,
  paymentScheduleSchema,
  upstreamPath,
} from "./upstream-forms";
import { stepButtons } from "./upstream-steps.server";

/** The head contract's progress claims: the register, the claim form, its steps and the facts recorded on it. */

const P = UPSTREAM_PERMISSIONS;

export type HeadClaimRow = {
  id: string;
  number: number;
  billingPeriodStart: string;
  billingPeriodEnd: string;
  status: ContractStatus;
  scheduledValueCents: number;
  workCompletedCents: number;
  currentPaymentDueCents: number;
  balanceCents: number;
  grandTotalCents: number;
  submittedOn: string | null;
  paymentScheduleDueOn: string | null;
  paymentDueOn: string | null;
  scheduledAmountCents: number | null;
  scheduleReceivedOn: string | null;
  paidOn: string | null;
};

export function headClaimRow(claim: IHeadContractClaim): HeadClaimRow {
  return {
    id: claim.id,
    number: claim.number,
    billingPeriodStart: dayOfDateColumn(claim.billingPeriodStart) ?? "",
    billingPeriodEnd: dayOfDateColumn(claim.billingPeriodEnd) ?? "",
    status: claim.status,
    scheduledValueCents: Number(claim.scheduledValueCents),
    workCompletedCents: Number(claim.workCompletedCents),
    currentPaymentDueCents: Number(claim.currentPaymentDueCents),
    balanceCents: Number(claim.balanceCents),
    grandTotalCents: Number(claim.grandTotalCents),
    submittedOn: dayOfDateColumn(claim.submittedOn),
    paymentScheduleDueOn: dayOfDateColumn(claim.paymentScheduleDueOn),
    paymentDueOn: dayOfDateColumn(claim.paymentDueOn),
    scheduledAmountCents: claim.scheduledAmountCents === null ? null : Number(claim.scheduledAmountCents),
    scheduleReceivedOn: dayOfDateColumn(claim.scheduleReceivedOn),
    paidOn: dayOfDateColumn(claim.paidOn),
  };
}

/** The claims of a head contract in number order, with the register's totals (live claims only). */
export async function headClaimRegister(em: EntityManager, contract: IHeadContract) {
  const claims = await em.find(
    HeadContractClaim,
    { headContract: contract.id, project: contract.project.id },
    { orderBy: { number: "asc" } },
  );
  const rows = claims.map(headClaimRow);
  const live = rows.filter((row) => row.status !== "void" && row.status !== "reject");
  const sum = (pick: (row: HeadClaimRow) => number) => live.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    totals: {
      currentPaymentDueCents: sum((row) => row.currentPaymentDueCents),
      certifiedCents: sum((row) => row.scheduledAmountCents ?? 0),
      paidCents: sum((row) => (row.paidOn ? (row.scheduledAmountCents ?? row.currentPaymentDueCents) : 0)),
      // Work completed is to date: the latest live claim's is the contract's.
      workCompletedCents: live.at(-1)?.workCompletedCents ?? 0,
    },
  };
}

/** A claim of the head contract by the URL's id, or a 404. */
export async function headClaimById(
  context: ProjectContext,
  contract: IHeadContract,
  id: string | undefined,
) {
  const claim = isUuid(id)
    ? await context.em.findOne(HeadContractClaim, {
        id,
        headContract: contract.id,
        project: context.project.id,
      })
    : null;
  if (!claim) throw new Response("Not found", { status: 404 });
  return claim;
}

/**
 * Makes the next claim (number 1, 2, … per head contract) with its figures worked out from the earlier claims
 * (head-claim-arithmetic.ts), in one transaction. The figures are the claim's as served: a later change to an
 * earlier claim's certified amount does not rewrite it.
 */
export async function createHeadClaim(context: ProjectContext, contract: IHeadContract, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: headClaimSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const claim = await em.transactional(async (tx) => {
    // Locks the contract: two claims made at once get different numbers and see each other.
    const locked = await tx.findOneOrFail(
      HeadContract,
      { id: contract.id, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const earlier = await tx.find(
      HeadContractClaim,
      { headContract: locked.id },
      { orderBy: { number: "asc" } },
    );
    const totals = claimTotals({
      contractSumCents: Number(locked.contractSumCents),
      retentionBasisPoints: locked.retentionBasisPoints,
      lines: [{ scheduledValueCents: values.scheduledValue, workCompletedCents: values.workCompleted }],
      previousCents: previousClaimsCents(
        earlier.map((row) => ({
          status: row.status,
          currentPaymentDueCents: Number(row.currentPaymentDueCents),
          scheduledAmountCents: row.scheduledAmountCents === null ? null : Number(row.scheduledAmountCents),
        })),
      ),
    });
    const number = (earlier.at(-1)?.number ?? 0) + 1;
    const created = tx.create(HeadContractClaim, {
      project: project.id,
      headContract: locked.id,
      number,
      billingPeriodStart: values.billingPeriodStart,
      billingPeriodEnd: values.billingPeriodEnd,
      status: "draft",
      scheduledValueCents: totals.scheduledValueCents,
      workCompletedCents: totals.workCompletedCents,
      currentPaymentDueCents: totals.currentPaymentDueCents,
      balanceCents: totals.balanceCents,
      grandTotalCents: totals.grandTotalCents,
      createdBy: user.id,
    } as never) as IHeadContractClaim;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: HEAD_CLAIM_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number, ...totals },
    });
    return created;
  });
  return redirectWithToast(headClaimPath(claim.id), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.claimCreated",
    params: { number: claim.number },
  });
}

/**
 * One step of the claim's table. Submitting serves the claim on the client on the day given: the day is kept
 * and the payment schedule and payment due days are worked out under the contract's jurisdiction
 * (payment-deadlines.ts) and stored with it, in the same transaction as the step.
 */
export async function transitionHeadClaim(
  context: ProjectContext,
  contract: IHeadContract,
  claimId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: headClaimTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed, servedOn } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: HeadContractClaim,
    id: claimId,
    projectId: context.project.id,
    workflow: headClaimWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (row: IHeadContractClaim): ContractStatus => row.status,
    apply(tx, row, change) {
      if (step === "submit" && servedOn) {
        const deadlines = claimDeadlines({
          jurisdiction: contract.jurisdiction,
          side: "head-contract",
          servedOn,
          paymentScheduleDays: contract.paymentScheduleDays,
          paymentDays: contract.paymentDays,
        });
        tx.assign(row, { status: change.to, submittedOn: servedOn, ...deadlines });
        return { servedOn, ...deadlines };
      }
      tx.assign(row, { status: change.to });
      return {};
    },
    activity: {
      entityType: HEAD_CLAIM_ENTITY_TYPE,
      entry: (row, change, extra) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before: change.to === null ? { status: change.from, number: row.number } : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null, ...(extra ?? {}) },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:upstream.errors.commentRequired",
      confirmRequired: "cost-and-commercial:upstream.errors.confirmRequired",
      notAllowed: "cost-and-commercial:upstream.errors.actionNotAllowed",
    });
  if (outcome.to === null)
    return redirectWithToast(upstreamPath("claims"), {
      type: "success",
      message: "cost-and-commercial:upstream.toast.claimDeleted",
      params: { number: outcome.record.number },
    });
  return redirectWithToast(headClaimPath(claimId), {
    type: "success",
    message: `cost-and-commercial:upstream.toast.claimStep.${step}`,
    params: { number: outcome.record.number },
  });
}

/** Facts recorded on a served claim: the client's payment schedule, and the payment. */
async function recordOnServedClaim(
  context: ProjectContext,
  claim: IHeadContractClaim,
  submission: { reply(options?: { formErrors?: string[] }): unknown },
  action: string,
  values: Partial<Pick<IHeadContractClaim, "scheduledAmountCents" | "scheduleReceivedOn" | "paidOn">>,
) {
  if (!context.can(P.updateStatus)) throw new Response("Forbidden", { status: 403 });
  const saved = await context.em.transactional(async (tx) => {
    const row = await tx.findOne(HeadContractClaim, { id: claim.id, project: context.project.id });
    if (!row || !isClaimServed(row.status)) return false;
    const before = {
      scheduledAmountCents: row.scheduledAmountCents,
      scheduleReceivedOn: dayOfDateColumn(row.scheduleReceivedOn),
      paidOn: dayOfDateColumn(row.paidOn),
    };
    tx.assign(row, values as never);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: HEAD_CLAIM_ENTITY_TYPE,
      entityId: row.id,
      action,
      before: Object.fromEntries(Object.keys(values).map((key) => [key, before[key as keyof typeof before]])),
      after: values,
    });
    return true;
  });
  if (!saved)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:upstream.errors.claimNotServed")] }),
      {
        status: 409,
      },
    );
  return redirectWithToast(headClaimPath(claim.id), {
    type: "success",
    message: `cost-and-commercial:upstream.toast.${action === "paid" ? "claimPaid" : "scheduleRecorded"}`,
    params: { number: claim.number },
  });
}

export async function recordPaymentSchedule(
  context: ProjectContext,
  claim: IHeadContractClaim,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: paymentScheduleSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return recordOnServedClaim(context, claim, submission, "payment-schedule", {
    scheduledAmountCents: submission.value.scheduledAmount,
    scheduleReceivedOn: submission.value.scheduleReceivedOn,
  });
}

export async function markClaimPaid(context: ProjectContext, claim: IHeadContractClaim, formData: FormData) {
  const submission = parseWithZod(formData, { schema: claimPaidSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return recordOnServedClaim(context, claim, submission, "paid", { paidOn: submission.value.paidOn });
}

export const headClaimSteps = (context: ProjectContext, claim: Pick<IHeadContractClaim, "status">) =>
  stepButtons(context, headClaimWorkflow, claim.status);

export const headClaimActivity = (context: ProjectContext, claimId: string) =>
  activityRowsFor(context.em, HEAD_CLAIM_ENTITY_TYPE, claimId, 100);
