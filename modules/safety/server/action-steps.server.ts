import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { User } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { type ActionStatus, actionParties, actionWorkflow, canReassignIn } from "../domain/action-workflow";
import { type ISafetyAction, SafetyAction, SafetyActionComment } from "../entities";
import { removeEvidenceOf } from "./action-evidence.server";
import { notifyActionEvent } from "./action-notifications.server";
import {
  ACTION_ENTITY_TYPE,
  ACTION_PATH,
  actionCommentSchema,
  actionPath,
  actionReassignSchema,
  actionTransitionSchema,
} from "./action-rules";
import { relationOf } from "./actions.server";

/** The detail page's forms on the server: a workflow step, a comment, a re-assignment. */

/**
 * One step of the action table through the core's engine: the action locked and re-read, the table and
 * who the user is to the action checked, the "status-changed" entry written, in one transaction; the
 * closure told after the commit. A missing permission or the wrong person is a 403; a stale state, a
 * missing reason or confirmation are form errors.
 */
export async function transitionAction(context: ProjectContext, actionId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: actionTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetyAction,
    id: actionId,
    projectId: context.project.id,
    workflow: actionWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (action: ISafetyAction): ActionStatus => action.status,
    parties: (action) => actionParties(relationOf(context, action)),
    apply(tx, action, change) {
      tx.assign(action, {
        status: change.to,
        ...(change.to === "completed" ? { completedAt: new Date() } : {}),
        ...(change.to === "closed" ? { closedAt: new Date() } : {}),
        ...(change.to === "in_progress" || change.to === "open" ? { completedAt: null, closedAt: null } : {}),
      });
    },
    activity: {
      entityType: ACTION_ENTITY_TYPE,
      entry: (action, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: action.number, title: action.title }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
    async notify(action, change) {
      if (change.to !== "closed") return;
      await context.em.populate(action, ["assignee", "createdBy"]);
      await notifyActionEvent(context.em, {
        project: context.project,
        action,
        event: "action-closed",
        actorId: context.user.id,
        actorName: context.user.name,
      });
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:action.errors.commentRequired",
      confirmRequired: "safety:action.errors.confirmRequired",
      notAllowed: "safety:action.errors.actionNotAllowed",
    });
  if (outcome.to === null) {
    await removeEvidenceOf(context, actionId);
    return redirectWithToast(ACTION_PATH, {
      type: "success",
      message: "safety:action.toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(actionPath(actionId), {
    type: "success",
    message: `safety:action.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}

/** A message in the action's thread, by anyone who may see the action. */
export async function commentOnAction(context: ProjectContext, action: ISafetyAction, formData: FormData) {
  const submission = parseWithZod(formData, { schema: actionCommentSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { em, project, user } = context;
  em.create(SafetyActionComment, {
    project: project.id,
    action,
    author: user.id,
    body: submission.value.body,
  } as never);
  await em.flush();
  return redirectWithToast(`${actionPath(action.id)}#comments`, {
    type: "success",
    message: "safety:action.toast.commented",
  });
}

/**
 * Hands the action to another member while the work is still to be done (open or in progress), with a
 * "reassigned" entry naming both; the new assignee is told after the commit.
 */
export async function reassignAction(context: ProjectContext, actionId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: actionReassignSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { em, project, user } = context;
  const { assigneeId } = submission.value;
  if ((await notProjectMembers(em, project.id, [assigneeId])).length > 0)
    return data(
      submission.reply({ fieldErrors: { assigneeId: [message("safety:action.errors.choiceNotFound")] } }),
      { status: 400 },
    );
  const result = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const action = await tx.findOne(
      SafetyAction,
      { id: actionId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!action) throw new Response("Not found", { status: 404 });
    await tx.populate(action, ["assignee"]);
    if (!canReassignIn(action.status)) return { ok: false as const };
    const from = action.assignee?.id ?? null;
    if (from === assigneeId) return { ok: true as const, action, changed: false };
    const before = { assigneeId: from, assignee: action.assignee?.name ?? null };
    const next = await tx.findOneOrFail(User, { id: assigneeId });
    tx.assign(action, { assignee: next } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
      action: "reassigned",
      before,
      after: { assigneeId, assignee: next.name },
    });
    return { ok: true as const, action, changed: true };
  });
  if (!result.ok)
    return data(submission.reply({ formErrors: [message("safety:action.errors.actionNotAllowed")] }), {
      status: 409,
    });
  if (result.changed) {
    await em.populate(result.action, ["assignee", "createdBy"], { refresh: true });
    await notifyActionEvent(em, {
      project,
      action: result.action,
      event: "action-assigned",
      actorId: user.id,
      actorName: user.name,
    });
  }
  return redirectWithToast(actionPath(actionId), {
    type: "success",
    message: "safety:action.toast.reassigned",
    params: { number: result.action.number },
  });
}
