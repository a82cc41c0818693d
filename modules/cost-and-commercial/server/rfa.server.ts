import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { rfaWorkflow, UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import type { RfaStatus } from "../domain/vocabularies";
import { type IHeadContract, type IRequestForApproval, RequestForApproval } from "../entities";
import {
  RFA_ENTITY_TYPE,
  rfaPath,
  rfaResponseSchema,
  rfaSchema,
  rfaTransitionSchema,
} from "./upstream-forms";
import { stepButtons } from "./upstream-steps.server";

/** Requests for approval to the client (RFA-001…): the register, the form, the steps and the client's response. */

const P = UPSTREAM_PERMISSIONS;

/** The site's today, in the project's time zone. */
export async function siteToday(context: Pick<ProjectContext, "em" | "project">, at = new Date()) {
  return await projectToday(context.em, context.project, at);
}

export function rfaRow(rfa: IRequestForApproval) {
  return {
    id: rfa.id,
    number: rfa.number,
    title: rfa.title,
    description: rfa.description ?? null,
    amountCents: rfa.amountCents === null || rfa.amountCents === undefined ? null : Number(rfa.amountCents),
    status: rfa.status,
    submittedOn: dayOfDateColumn(rfa.submittedOn),
    responseDueOn: dayOfDateColumn(rfa.responseDueOn),
    response: rfa.response ?? null,
    respondedOn: dayOfDateColumn(rfa.respondedOn),
  };
}

export async function rfaRegister(context: ProjectContext, contract: IHeadContract) {
  const rows = await context.em.find(
    RequestForApproval,
    { headContract: contract.id, project: context.project.id },
    { orderBy: { number: "asc" } },
  );
  return rows.map(rfaRow);
}

export async function rfaById(context: ProjectContext, contract: IHeadContract, id: string | undefined) {
  const rfa = isUuid(id)
    ? await context.em.findOne(RequestForApproval, {
        id,
        headContract: contract.id,
        project: context.project.id,
      })
    : null;
  if (!rfa) throw new Response("Not found", { status: 404 });
  return rfa;
}

/** A new RFA (draft), numbered RFA-001 per project (one head contract a project). */
export async function createRfa(context: ProjectContext, contract: IHeadContract, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: rfaSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = submission.value;
  const rfa = await em.transactional(async (tx) => {
    const created = tx.create(RequestForApproval, {
      project: project.id,
      headContract: contract.id,
      number: await nextNumber(tx, project.id, "RFA", 3),
      title: values.title,
      description: values.description,
      amountCents: values.amount,
      responseDueOn: values.responseDueOn,
      status: "draft",
      createdBy: user.id,
    } as never) as IRequestForApproval;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: RFA_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, title: values.title, amountCents: values.amount },
    });
    return created;
  });
  return redirectWithToast(rfaPath(rfa.id), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.rfaCreated",
    params: { number: rfa.number },
  });
}

/** One step of the RFA table; submitting keeps the site's today as its submitted day. */
export async function transitionRfa(context: ProjectContext, rfaId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: rfaTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const today = await siteToday(context);
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: RequestForApproval,
    id: rfaId,
    projectId: context.project.id,
    workflow: rfaWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (row: IRequestForApproval): RfaStatus => row.status,
    apply(tx, row, change) {
      tx.assign(row, { status: change.to, ...(step === "submit" ? { submittedOn: today } : {}) });
    },
    activity: { entityType: RFA_ENTITY_TYPE },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "cost-and-commercial:upstream.errors.commentRequired",
      confirmRequired: "cost-and-commercial:upstream.errors.confirmRequired",
      notAllowed: "cost-and-commercial:upstream.errors.actionNotAllowed",
    });
  return redirectWithToast(rfaPath(rfaId), {
    type: "success",
    message: `cost-and-commercial:upstream.toast.rfaStep.${step}`,
    params: { number: outcome.record.number },
  });
}

/** The client's response, recorded while the RFA is with the client (submitted or in review) or answered. */
export async function recordRfaResponse(
  context: ProjectContext,
  rfa: IRequestForApproval,
  formData: FormData,
) {
  if (!context.can(P.updateStatus)) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: rfaResponseSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { response, respondedOn } = submission.value;
  const saved = await context.em.transactional(async (tx) => {
    const row = await tx.findOne(RequestForApproval, { id: rfa.id, project: context.project.id });
    if (!row || !["submitted", "in_review", "answered"].includes(row.status)) return false;
    tx.assign(row, { response, respondedOn });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: RFA_ENTITY_TYPE,
      entityId: row.id,
      action: "response-recorded",
      after: { response, respondedOn },
    });
    return true;
  });
  if (!saved)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:upstream.errors.rfaNotWithClient")] }),
      {
        status: 409,
      },
    );
  return redirectWithToast(rfaPath(rfa.id), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.rfaResponse",
    params: { number: rfa.number },
  });
}

export const rfaSteps = (context: ProjectContext, rfa: Pick<IRequestForApproval, "status">) =>
  stepButtons(context, rfaWorkflow, rfa.status);

export const rfaActivity = (context: ProjectContext, rfaId: string) =>
  activityRowsFor(context.em, RFA_ENTITY_TYPE, rfaId, 100);
