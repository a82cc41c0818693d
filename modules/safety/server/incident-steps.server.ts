import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { User } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  canLockIncident,
  canReassignIncident,
  canUnlockIncident,
  type IncidentFacts,
  type IncidentStatus,
  incidentParties,
  incidentWorkflow,
} from "../domain/incident-workflow";
import {
  type ISafetyAction,
  type ISafetyIncident,
  SafetyAction,
  SafetyIncident,
  SafetyIncidentCorrectiveAction,
} from "../entities";
import { ACTION_ENTITY_TYPE } from "./action-basics";
import { notifyActionEvent } from "./action-notifications.server";
import { incidentNotificationSettings, notifyIncidentEvent } from "./incident-notifications.server";
import {
  INCIDENT_ENTITY_TYPE,
  INCIDENT_PATH,
  INCIDENT_SOURCE_TYPE,
  incidentReassignSchema,
  incidentTransitionSchema,
  incidentViewPath,
} from "./incident-rules";
import { incidentRelationOf } from "./incidents.server";

/** The incident's steps on the server: the table's steps, lock and unlock, re-assigning the SHE person. */

export function incidentFacts(incident: ISafetyIncident): IncidentFacts {
  return {
    locked: incident.locked,
    sheAssigned: Boolean(incident.shePerson),
    rootCause: Boolean(incident.rootCause?.trim()),
    signOffComplete: Boolean(
      incident.reportCompletedBy &&
        incident.reviewedBy &&
        incident.reviewerRole &&
        incident.signature &&
        incident.signedOn,
    ),
  };
}

const STEP_DATES: Partial<Record<IncidentStatus, keyof ISafetyIncident>> = {
  EVALUATION_BY_SHE_PERSONNEL: "submittedAt",
  INVESTIGATION: "evaluatedAt",
  SIGN_OFF: "investigatedAt",
  CLOSED: "closedAt",
};

/**
 * The corrective action plan's rows not raised yet become safety actions (ACT-…), assigned to the person
 * responsible with the row's date, raised from the incident (sourceType "incident"); each row keeps its
 * action's id. Runs in the step's transaction.
 */
async function raiseCorrectiveActions(
  tx: EntityManager,
  context: ProjectContext,
  incident: ISafetyIncident,
): Promise<ISafetyAction[]> {
  const { project, user } = context;
  const rows = await tx.find(
    SafetyIncidentCorrectiveAction,
    { incident: incident.id, actionId: null },
    { orderBy: { sortOrder: "asc" } },
  );
  const created: ISafetyAction[] = [];
  for (const row of rows) {
    const action = tx.create(SafetyAction, {
      project: project.id,
      number: await nextNumber(tx, project.id, "ACT"),
      title: row.description,
      description: `${incident.number} ${incident.title}`,
      status: "open",
      riskRanking: "medium",
      assignee: row.responsible?.id ?? null,
      dueDate: row.dueDate ?? null,
      sourceType: INCIDENT_SOURCE_TYPE,
      sourceId: incident.id,
      createdBy: user.id,
    } as never) as ISafetyAction;
    tx.assign(row, { actionId: action.id });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
      action: "created",
      after: { number: action.number, status: action.status, title: action.title, source: incident.number },
    });
    created.push(action);
  }
  return created;
}

/**
 * One step of the incident table through the core's engine: the incident locked and re-read, the table,
 * who the user is and the guards checked, the step's date written (closing also locks the incident), the
 * corrective actions raised at submit investigation, "status-changed" logged, all in one transaction.
 */
export async function transitionIncident(context: ProjectContext, incidentId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: incidentTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetyIncident,
    id: incidentId,
    projectId: context.project.id,
    workflow: incidentWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { confirmed },
    actorId: context.user.id,
    stateOf: (incident: ISafetyIncident): IncidentStatus => incident.status,
    async facts(tx, incident) {
      await tx.populate(incident, ["reporter", "shePerson", "reportCompletedBy", "reviewedBy"]);
      return incidentFacts(incident);
    },
    parties: (incident) => incidentParties(incidentRelationOf(context, incident)),
    async apply(tx, incident, change) {
      const dateField = STEP_DATES[change.to];
      tx.assign(incident, {
        status: change.to,
        ...(dateField ? { [dateField]: new Date() } : {}),
        ...(change.to === "CLOSED" ? { locked: true } : {}),
      } as never);
      return step === "submit_investigation" ? raiseCorrectiveActions(tx, context, incident) : [];
    },
    activity: {
      entityType: INCIDENT_ENTITY_TYPE,
      entry: (incident, change, raised) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: incident.number, title: incident.title }
            : { status: change.from },
        after: {
          status: change.to,
          action: step,
          ...(raised?.length ? { actions: raised.map((action) => action.number) } : {}),
        },
      }),
    },
    async notify(incident, change, raised) {
      if (change.to === null) return;
      await notifyIncidentEvent(context.em, {
        project: context.project,
        incident,
        event: change.to === "CLOSED" ? "incident-closed" : "incident-step",
        status: change.to,
        actorId: context.user.id,
        actorName: context.user.name,
      });
      const settings = await incidentNotificationSettings(context.em, context.project.id);
      if (!settings.correctiveActionNotifyResponsible) return;
      for (const action of raised ?? []) {
        await context.em.populate(action, ["assignee", "createdBy"]);
        await notifyActionEvent(context.em, {
          project: context.project,
          action,
          event: "action-assigned",
          actorId: context.user.id,
          actorName: context.user.name,
        });
      }
    },
  });
  // A guard's block says what is missing (locked, no SHE person, no root cause, the sign-off incomplete).
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:incident.errors.actionNotAllowed",
      confirmRequired: "safety:incident.errors.confirmRequired",
      notAllowed: "safety:incident.errors.actionNotAllowed",
    });
  if (outcome.to === null)
    return redirectWithToast(`${INCIDENT_PATH}?view=ALL_INCIDENTS`, {
      type: "success",
      message: "safety:incident.toast.deleted",
      params: { number: outcome.record.number },
    });
  return redirectWithToast(incidentViewPath(incidentId), {
    type: "success",
    message: `safety:incident.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}

/** Locks or unlocks the incident (decision 030), with a "locked" / "unlocked" entry. */
export async function setIncidentLock(context: ProjectContext, incidentId: string, lock: boolean) {
  const { em, project, user } = context;
  const granted = grantedKeysOf(context);
  const result = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const incident = await tx.findOne(
      SafetyIncident,
      { id: incidentId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!incident) throw new Response("Not found", { status: 404 });
    const allowed = lock ? canLockIncident(incident, granted) : canUnlockIncident(incident, granted);
    if (!allowed) return { ok: false as const, incident };
    tx.assign(incident, { locked: lock });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: incident.id,
      action: lock ? "locked" : "unlocked",
      after: { status: incident.status },
    });
    return { ok: true as const, incident };
  });
  if (!result.ok) {
    // Holding the right but asking at the wrong moment (already unlocked…) is a conflict; lacking it, forbidden.
    const holds = lock
      ? granted.has("safety.incidents.lock-unlock")
      : granted.has(
          result.incident.status === "CLOSED"
            ? "safety.incidents.unlock-incident"
            : "safety.incidents.lock-unlock",
        );
    if (!holds) throw new Response("Forbidden", { status: 403 });
    return data(
      { status: "error", error: { "": [message("safety:incident.errors.actionNotAllowed")] } },
      { status: 409 },
    );
  }
  return redirectWithToast(incidentViewPath(incidentId), {
    type: "success",
    message: lock ? "safety:incident.toast.locked" : "safety:incident.toast.unlocked",
    params: { number: result.incident.number },
  });
}

/** Hands the incident to another SHE person (a member), with a "reassigned" entry naming both. */
export async function reassignIncident(context: ProjectContext, incidentId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: incidentReassignSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { em, project, user } = context;
  const { shePersonId } = submission.value;
  if ((await notProjectMembers(em, project.id, [shePersonId])).length > 0)
    return data(
      submission.reply({ fieldErrors: { shePersonId: [message("safety:incident.errors.choiceNotFound")] } }),
      { status: 400 },
    );
  const granted = grantedKeysOf(context);
  const result = await em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const incident = await tx.findOne(
      SafetyIncident,
      { id: incidentId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!incident) throw new Response("Not found", { status: 404 });
    await tx.populate(incident, ["shePerson"]);
    if (!canReassignIncident(incident, granted)) return { ok: false as const };
    const from = incident.shePerson;
    if (from?.id === shePersonId) return { ok: true as const, incident, changed: false };
    const next = await tx.findOneOrFail(User, { id: shePersonId });
    tx.assign(incident, { shePerson: next } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: incident.id,
      action: "reassigned",
      before: { shePersonId: from?.id ?? null, shePerson: from?.name ?? null },
      after: { shePersonId, shePerson: next.name },
    });
    return { ok: true as const, incident, changed: true };
  });
  if (!result.ok)
    return data(submission.reply({ formErrors: [message("safety:incident.errors.actionNotAllowed")] }), {
      status: 409,
    });
  if (result.changed)
    await notifyIncidentEvent(em, {
      project,
      incident: result.incident,
      event: "incident-reassigned",
      actorId: user.id,
      actorName: user.name,
    });
  return redirectWithToast(incidentViewPath(incidentId), {
    type: "success",
    message: "safety:incident.toast.reassigned",
    params: { number: result.incident.number },
  });
}
