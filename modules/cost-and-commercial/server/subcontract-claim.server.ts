import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { subcontractWorkSources } from "~/server/extensions/extensions.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { claimWorkflow, isSubcontractLive, releasesWork } from "../domain/downstream-workflow";
import { claimedCents, retentionCents, sumCents } from "../domain/payment-claim-arithmetic";
import { claimDeadlines } from "../domain/payment-deadlines";
import type { ContractStatus } from "../domain/vocabularies";
import {
  BackCharge,
  type ISubcontract,
  type ISubcontractClaim,
  Subcontract,
  SubcontractClaim,
  SubcontractVariation,
} from "../entities";
import { SUBCONTRACT_CLAIM_ENTITY_TYPE, subcontractClaimPath, subcontractPath } from "./downstream-basics";
import { subcontractClaimSchema, subcontractClaimTransitionSchema } from "./subcontract-forms";
import { stepButtons } from "./upstream-steps.server";

/**
 * A subcontractor's payment claims: the list with its totals, a new claim that takes in the subcontract's
 * approved work (dockets through subcontract.work, approved variations and back charges) in one transaction,
 * and its steps; a withdrawn, rejected or deleted claim gives that work back in the step's transaction.
 */

export type SubcontractClaimRow = {
  id: string;
  number: number;
  billingPeriodEnd: string;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  status: ContractStatus;
  docketsCents: number;
  otherWorkCents: number;
  variationsCents: number;
  backChargesCents: number;
  claimedCents: number;
  certifiedCents: number | null;
  retentionHeldCents: number;
  receivedOn: string | null;
  paymentScheduleDueOn: string | null;
  paymentDueOn: string | null;
  paidOn: string | null;
};

export function subcontractClaimRow(claim: ISubcontractClaim): SubcontractClaimRow {
  return {
    id: claim.id,
    number: claim.number,
    billingPeriodEnd: dayOfDateColumn(claim.billingPeriodEnd) ?? "",
    invoiceNumber: claim.invoiceNumber ?? null,
    invoiceDate: dayOfDateColumn(claim.invoiceDate),
    status: claim.status,
    docketsCents: Number(claim.docketsCents),
    otherWorkCents: Number(claim.otherWorkCents),
    variationsCents: Number(claim.variationsCents),
    backChargesCents: Number(claim.backChargesCents),
    claimedCents: Number(claim.claimedCents),
    certifiedCents: claim.certifiedCents === null ? null : Number(claim.certifiedCents),
    retentionHeldCents: Number(claim.retentionHeldCents),
    receivedOn: dayOfDateColumn(claim.receivedOn),
    paymentScheduleDueOn: dayOfDateColumn(claim.paymentScheduleDueOn),
    paymentDueOn: dayOfDateColumn(claim.paymentDueOn),
    paidOn: dayOfDateColumn(claim.paidOn),
  };
}

/** A claim still counts (its work, its retention) unless it was withdrawn or rejected. */
const isLiveClaim = (status: ContractStatus) => status !== "void" && status !== "reject";

/** The subcontract's claims in number order, with the totals of the live ones. */
export async function subcontractClaimList(em: EntityManager, subcontract: ISubcontract) {
  const claims = await em.find(
    SubcontractClaim,
    { subcontract: subcontract.id, project: subcontract.project.id },
    { orderBy: { number: QueryOrder.ASC } },
  );
  const rows = claims.map(subcontractClaimRow);
  const live = rows.filter((row) => isLiveClaim(row.status));
  const total = (pick: (row: SubcontractClaimRow) => number) => sumCents(live.map(pick));
  return {
    rows,
    totals: {
      claimedCents: total((row) => row.claimedCents),
      certifiedCents: total((row) => row.certifiedCents ?? 0),
      retentionHeldCents: total((row) => row.retentionHeldCents),
      paidCents: total((row) => (row.paidOn ? (row.certifiedCents ?? 0) : 0)),
    },
  };
}

/** A claim of the subcontract by the URL's id, or a 404. */
export async function subcontractClaimById(
  context: ProjectContext,
  subcontract: ISubcontract,
  id: string | undefined,
) {
  const claim = isUuid(id)
    ? await context.em.findOne(SubcontractClaim, {
        id,
        subcontract: subcontract.id,
        project: context.project.id,
      })
    : null;
  if (!claim) throw new Response("Not found", { status: 404 });
  return claim;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

const deadlinesOf = (subcontract: ISubcontract, receivedOn: string | null) =>
  receivedOn
    ? claimDeadlines({
        jurisdiction: subcontract.jurisdiction,
        side: "subcontract",
        servedOn: receivedOn,
        paymentScheduleDays: subcontract.paymentScheduleDays,
        paymentDays: subcontract.paymentDays,
      })
    : { paymentScheduleDueOn: null, paymentDueOn: null };

/** The work changed under the claim (another claim took a docket at the same moment): nothing is saved. */
class WorkTakenMeanwhile extends Error {}

/** Gives a claim's work back: the dockets through their sources, the variations and back charges here. */
async function releaseClaimWork(tx: EntityManager, projectId: string, claimId: string) {
  for (const source of await subcontractWorkSources(tx, projectId)) await source.release(claimId);
  await tx.nativeUpdate(SubcontractVariation, { project: projectId, claim: claimId }, { claim: null });
  await tx.nativeUpdate(BackCharge, { project: projectId, claim: claimId }, { claim: null });
}

/**
 * Makes the next claim (1, 2, … per subcontract) from the approved work no claim holds yet: the dockets up to
 * the period end, the approved variations and back charges; works out what it claims and the retention held
 * (up to the cap, after what earlier live claims hold) and, once received, its security-of-payment dates.
 */
export async function createSubcontractClaim(
  context: ProjectContext,
  subcontract: ISubcontract,
  formData: FormData,
) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: subcontractClaimSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  if (!isSubcontractLive(subcontract.status))
    return data(
      submission.reply({
        formErrors: [message("cost-and-commercial:subcontractClaim.errors.subcontractClosed")],
      }),
      { status: 409 },
    );
  let claim: ISubcontractClaim;
  try {
    claim = await em.transactional(async (tx) => {
      // Locks the subcontract: two claims made at once get different numbers and the retention each sees.
      const locked = await tx.findOneOrFail(
        Subcontract,
        { id: subcontract.id, project: project.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const earlier = await tx.find(
        SubcontractClaim,
        { subcontract: locked.id },
        { orderBy: { number: "asc" } },
      );
      const claimId = randomUUID();
      const dockets: number[] = [];
      for (const source of await subcontractWorkSources(tx, project.id)) {
        const items = await source.unclaimed({ subcontractId: locked.id, through: values.billingPeriodEnd });
        if (items.length === 0) continue;
        const taken = await source.claim({
          claimId,
          subcontractId: locked.id,
          ids: items.map((item) => item.id),
        });
        if (!taken) throw new WorkTakenMeanwhile();
        dockets.push(...items.map((item) => item.amountCents));
      }
      const variations = await tx.find(SubcontractVariation, {
        project: project.id,
        subcontract: locked.id,
        status: "approved",
        claim: null,
      });
      const backCharges = await tx.find(BackCharge, {
        project: project.id,
        subcontract: locked.id,
        status: "approved",
        claim: null,
      });
      const parts = {
        docketsCents: sumCents(dockets),
        otherWorkCents: values.otherWork ?? 0,
        variationsCents: sumCents(variations.map((row) => Number(row.amountCents))),
        backChargesCents: sumCents(backCharges.map((row) => Number(row.amountCents))),
      };
      const claimed = claimedCents(parts);
      const retention = retentionCents({
        claimedCents: claimed,
        basisPoints: locked.retentionBasisPoints,
        capCents: locked.retentionCapCents === null ? null : Number(locked.retentionCapCents),
        heldBeforeCents: sumCents(
          earlier.filter((row) => isLiveClaim(row.status)).map((row) => Number(row.retentionHeldCents)),
        ),
      });
      const number = (earlier.at(-1)?.number ?? 0) + 1;
      const created = tx.create(SubcontractClaim, {
        id: claimId,
        project: project.id,
        subcontract: locked.id,
        number,
        billingPeriodEnd: values.billingPeriodEnd,
        invoiceNumber: values.invoiceNumber,
        invoiceDate: values.invoiceDate,
        receivedOn: values.receivedOn,
        status: "draft",
        ...parts,
        claimedCents: claimed,
        retentionHeldCents: retention,
        ...deadlinesOf(locked, values.receivedOn),
        createdBy: user.id,
      } as never) as ISubcontractClaim;
      for (const row of [...variations, ...backCharges]) tx.assign(row, { claim: claimId } as never);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: SUBCONTRACT_CLAIM_ENTITY_TYPE,
        entityId: claimId,
        action: "created",
        after: {
          number,
          ...parts,
          claimedCents: claimed,
          retentionHeldCents: retention,
          dockets: dockets.length,
        },
      });
      return created;
    });
  } catch (error) {
    if (!(error instanceof WorkTakenMeanwhile)) throw error;
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:subcontractClaim.errors.workTaken")] }),
      { status: 409 },
    );
  }
  return redirectWithToast(subcontractClaimPath(subcontract.id, claim.id), {
    type: "success",
    message: "cost-and-commercial:subcontractClaim.toast.created",
    params: { number: claim.number },
  });
}

/**
 * One step of the claim's table. Receiving starts its deadlines (from the day it was received, today when the
 * form left it empty); certifying records the certified amount; paying, the day. Withdrawing, rejecting or
 * deleting gives its work back, in the same transaction as the step.
 */
export async function transitionSubcontractClaim(
  context: ProjectContext,
  subcontract: ISubcontract,
  claimId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: subcontractClaimTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed, certifiedAmount } = submission.value;
  const projectId = context.project.id;
  const outcome = await context.em.transactional(async (tx) => {
    const result = await runWorkflowStep({
      em: tx,
      entity: SubcontractClaim,
      id: claimId,
      projectId,
      workflow: claimWorkflow,
      action: step,
      granted: grantedKeysOf(context),
      input: { comment, confirmed },
      actorId: context.user.id,
      stateOf: (row: ISubcontractClaim): ContractStatus => row.status,
      apply(stepTx, row, change) {
        const facts: Record<string, unknown> = { status: change.to };
        if (step === "receive") {
          const receivedOn = dayOfDateColumn(row.receivedOn) ?? todayUtc();
          Object.assign(facts, { receivedOn, ...deadlinesOf(subcontract, receivedOn) });
        }
        if (step === "certify") facts.certifiedCents = certifiedAmount;
        if (step === "pay") facts.paidOn = todayUtc();
        stepTx.assign(row, facts as never);
        const { status: _status, ...recorded } = facts;
        return recorded;
      },
      activity: {
        entityType: SUBCONTRACT_CLAIM_ENTITY_TYPE,
        entry: (row, change, extra) => ({
          action: change.to === null ? "deleted" : "status-changed",
          before: change.to === null ? { status: change.from, number: row.number } : { status: change.from },
          after: { status: change.to, action: step, comment: comment ?? null, ...(extra ?? {}) },
        }),
      },
    });
    if (result.ok && releasesWork(result.to)) await releaseClaimWork(tx, projectId, claimId);
    return result;
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:upstream.errors.commentRequired",
      confirmRequired: "cost-and-commercial:upstream.errors.confirmRequired",
      notAllowed: "cost-and-commercial:upstream.errors.actionNotAllowed",
    });
  const params = { number: outcome.record.number };
  if (outcome.to === null)
    return redirectWithToast(subcontractPath(subcontract.id, "claims"), {
      type: "success",
      message: "cost-and-commercial:subcontractClaim.toast.deleted",
      params,
    });
  return redirectWithToast(subcontractClaimPath(subcontract.id, claimId), {
    type: "success",
    message: `cost-and-commercial:subcontractClaim.toast.step.${step}`,
    params,
  });
}

/** The dockets (and other work) a claim took in, from every source. */
export async function subcontractClaimWork(context: ProjectContext, claimId: string) {
  const sources = await subcontractWorkSources(context.em, context.project.id);
  const work = [];
  for (const source of sources) {
    const showLink = context.can(source.permission as never);
    for (const item of await source.ofClaim(claimId))
      work.push({ ...item, href: showLink ? item.href : null });
  }
  return work;
}

export const subcontractClaimSteps = (context: ProjectContext, claim: Pick<ISubcontractClaim, "status">) =>
  stepButtons(context, claimWorkflow, claim.status);

export const subcontractClaimActivity = (context: ProjectContext, claimId: string) =>
  activityRowsFor(context.em, SUBCONTRACT_CLAIM_ENTITY_TYPE, claimId, 100);
