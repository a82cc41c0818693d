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
import {
  canReassignObservationIn,
  type ObservationStatus,
  observationParties,
  observationWorkflow,
} from "../domain/observation-workflow";
import { type ISafetyObservation, SafetyObservation } from "../entities";
import { notifyObservationEvent, type ObservationEvent } from "./observation-notifications.server";
import { removePhotosOf } from "./observation-photos.server";
import {
  OBSERVATION_ENTITY_TYPE,
  OBSERVATION_PATH,
  observationPath,
  observationReassignSchema,
  observationTransitionSchema,
} from "./observation-rules";
import { observationRelationOf } from "./observations.server";

/** The observation page's forms on the server: a workflow step and a re-assignment. */

/**
 * One step of the observation table through the core's engine: locked and re-read, the table and who the
 * user is to the observation checked, the "status-changed" entry written, in one transaction. A missing
 * permission or the wrong person is a 403; a stale state, a missing reason or confirmation are form errors.
 */
export async function transitionObservation(
  context: ProjectContext,
  observationId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: observationTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetyObservation,
    id: observationId,
    projectId: context.project.id,
    workflow: observationWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (observation: ISafetyObservation): ObservationStatus => observation.status,
    parties: (observation) => observationParties(observationRelationOf(context, observation)),
    apply(tx, observation, change) {
      tx.assign(observation, {
        status: change.to,
        ...(change.to === "completed" ? { completedAt: new Date() } : {}),
        ...(change.to === "closed" ? { closedAt: new Date() } : {}),
        ...(change.to === "open" || change.to === "in_progress" ? { completedAt: null, closedAt: null } : {}),
      });
    },
    activity: {
      entityType: OBSERVATION_ENTITY_TYPE,
      entry: (observation, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: observation.number, title: observation.title }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
    async notify(observation, change) {
      const event: ObservationEvent | null =
        change.to === "completed"
          ? "observation-completed"
          : change.to === "in_dispute"
            ? "observation-disputed"
            : step === "reissue"
              ? "observation-assigned"
              : null;
      if (!event) return;
      await context.em.populate(observation, ["assignee", "createdBy"]);
      await notifyObservationEvent(context.em, {
        project: context.project,
        observation,
        event,
        actorId: context.user.id,
        actorName: context.user.name,
      });
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:observation.errors.commentRequired",
      confirmRequired: "safety:observation.errors.confirmRequired",
      notAllowed: "safety:observation.errors.actionNotAllowed",
    });
  if (outcome.to === null) {
    await removePhotosOf(context, observationId);
    return redirectWithToast(OBSERVATION_PATH, {
      type: "success",
      message: "safety:observation.toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(observationPath(observationId), {
    type: "success",
    message: `safety:observation.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}

/** Hands the observation to another member while there is work on it, with a "reassigned" entry naming both. */
export async function reassignObservation(
  context: ProjectContext,
  observationId: string,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: observationReassignSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { em, project, user } = context;
  const { assigneeId } = submission.value;
  if ((await notProjectMembers(em, project.id, [assigneeId])).length > 0)
    return data(
      submission.reply({
        fieldErrors: { assigneeId: [message("safety:observation.errors.choiceNotFound")] },
      }),
      { status: 400 },
    );
  const result = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const observation = await tx.findOne(
      SafetyObservation,
      { id: observationId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!observation) throw new Response("Not found", { status: 404 });
    await tx.populate(observation, ["assignee"]);
    if (!canReassignObservationIn(observation.status) || !observationRelationOf(context, observation).hasWork)
      return { ok: false as const };
    const from = observation.assignee?.id ?? null;
    if (from === assigneeId) return { ok: true as const, observation, changed: false };
    const next = await tx.findOneOrFail(User, { id: assigneeId });
    const before = { assigneeId: from, assignee: observation.assignee?.name ?? null };
    tx.assign(observation, { assignee: next } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: OBSERVATION_ENTITY_TYPE,
      entityId: observation.id,
      action: "reassigned",
      before,
      after: { assigneeId, assignee: next.name },
    });
    return { ok: true as const, observation, changed: true };
  });
  if (!result.ok)
    return data(submission.reply({ formErrors: [message("safety:observation.errors.actionNotAllowed")] }), {
      status: 409,
    });
  if (result.changed) {
    await em.populate(result.observation, ["assignee", "createdBy"], { refresh: true });
    await notifyObservationEvent(em, {
      project,
      observation: result.observation,
      event: "observation-assigned",
      actorId: user.id,
      actorName: user.name,
    });
  }
  return redirectWithToast(observationPath(observationId), {
    type: "success",
    message: "safety:observation.toast.reassigned",
    params: { number: result.observation.number },
  });
}
