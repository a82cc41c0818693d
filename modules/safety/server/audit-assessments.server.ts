import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  type AssessmentFacts,
  type AssessmentStatus,
  AUDIT_PERMISSIONS,
  assessmentWorkflow,
  auditParties,
  type CriterionResult,
  isAssessmentEditable,
  isScheduleLive,
} from "../domain/audit-workflow";
import {
  type ISafetyAuditAssessment,
  SafetyAction,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
} from "../entities";
import type { RaisedAction } from "./action-sources.server";
import { notifyAuditEvent } from "./audit-notifications.server";
import {
  ASSESSMENT_ENTITY_TYPE,
  assessmentSchema,
  assessmentTransitionSchema,
  CRITERION_SOURCE_TYPE,
  criteriaDetailsPath,
  criterionDeleteSchema,
  criterionSchema,
} from "./audit-rules";
import { auditRelationOf, type LoadedSchedule, scheduleLocations } from "./audits.server";

/**
 * Assessments and criteria on the server: one assessment per location of a schedule, written by its
 * auditors (the lead included) while the schedule is being assessed and the assessment is a draft or sent
 * back for amendment; its criteria; its review steps on the core engine.
 */

/** The location of a URL among the schedule's locations, or a 404. */
export async function scheduleLocation(context: ProjectContext, loaded: LoadedSchedule, locationId: unknown) {
  const places = await scheduleLocations(context.em, context.project.id, loaded.schedule);
  const place = isUuid(locationId) ? places.find((candidate) => candidate.id === locationId) : undefined;
  if (!place) throw new Response("Not found", { status: 404 });
  return place;
}

export function assessmentAt(em: EntityManager, scheduleId: string, locationId: string) {
  return em.findOne(SafetyAuditAssessment, { schedule: scheduleId, location: locationId });
}

/** The assessment of a URL on this schedule, or a 404. */
export async function assessmentById(context: ProjectContext, loaded: LoadedSchedule, id: unknown) {
  const assessment = isUuid(id)
    ? await context.em.findOne(SafetyAuditAssessment, { id, schedule: loaded.schedule.id })
    : null;
  if (!assessment) throw new Response("Not found", { status: 404 });
  return assessment;
}

/** Auditors (the lead included) write the assessments and their criteria, while both are open to it. */
export function canWriteAssessment(
  context: ProjectContext,
  loaded: LoadedSchedule,
  assessment: Pick<ISafetyAuditAssessment, "status"> | null,
  permission: string = AUDIT_PERMISSIONS.assessmentCreate,
): boolean {
  const relation = auditRelationOf(context, loaded);
  return (
    isScheduleLive(loaded.schedule.status) &&
    (assessment === null || isAssessmentEditable(assessment.status)) &&
    context.can(permission as never) &&
    (relation.isAuditor || relation.isLead)
  );
}

/**
 * Starts (a draft) or edits the location's assessment: its summary and the day it was assessed, with a
 * "created" or "updated" entry. Refused (403) to someone who does not write it, or once it was submitted.
 */
export async function saveAssessment(
  context: ProjectContext,
  loaded: LoadedSchedule,
  locationId: string,
  formData: FormData,
) {
  const { em, project, user } = context;
  const existing = await assessmentAt(em, loaded.schedule.id, locationId);
  if (!canWriteAssessment(context, loaded, existing)) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: assessmentSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = {
    summary: submission.value.summary || null,
    assessedOn: submission.value.assessedOn ?? null,
  };
  await em.transactional(async (tx) => {
    if (!existing) {
      const created = tx.create(SafetyAuditAssessment, {
        project: project.id,
        schedule: loaded.schedule.id,
        location: locationId,
        status: "draft",
        ...values,
        createdBy: user.id,
      } as never) as ISafetyAuditAssessment;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: ASSESSMENT_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { status: "draft", ...values },
      });
      return;
    }
    const assessment = await tx.findOneOrFail(SafetyAuditAssessment, existing.id);
    const changed = changedFields(
      { summary: assessment.summary ?? null, assessedOn: dayOfDateColumn(assessment.assessedOn) },
      values,
    );
    if (Object.keys(changed.after).length === 0) return;
    tx.assign(assessment, values as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ASSESSMENT_ENTITY_TYPE,
      entityId: assessment.id,
      action: "updated",
      ...changed,
    });
  });
  return redirectWithToast(criteriaDetailsPath(loaded.schedule.id, locationId), {
    type: "success",
    message: existing ? "safety:audit.toast.assessmentSaved" : "safety:audit.toast.assessmentCreated",
  });
}

/** The criterion of a URL on this assessment, or a 404. */
export async function criterionOf(context: ProjectContext, assessment: ISafetyAuditAssessment, id: unknown) {
  const criterion = isUuid(id)
    ? await context.em.findOne(SafetyAuditCriterion, { id, assessment: assessment.id })
    : null;
  if (!criterion) throw new Response("Not found", { status: 404 });
  return criterion;
}

/** Adds a criterion to the assessment (or edits one), with an entry in the assessment's history. */
export async function saveCriterion(
  context: ProjectContext,
  loaded: LoadedSchedule,
  assessment: ISafetyAuditAssessment,
  criterionId: string | null,
  formData: FormData,
) {
  const { em, project, user } = context;
  if (!canWriteAssessment(context, loaded, assessment, AUDIT_PERMISSIONS.criteriaCreate))
    throw new Response("Forbidden", { status: 403 });
  const criterion = criterionId ? await criterionOf(context, assessment, criterionId) : null;
  const submission = parseWithZod(formData, { schema: criterionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const values = {
    title: submission.value.title,
    requirement: submission.value.requirement || null,
    result: submission.value.result,
    comment: submission.value.comment || null,
  };
  await em.transactional(async (tx) => {
    if (criterion) {
      const current = await tx.findOneOrFail(SafetyAuditCriterion, criterion.id);
      const changed = changedFields(
        {
          title: current.title,
          requirement: current.requirement ?? null,
          result: current.result,
          comment: current.comment ?? null,
        },
        values,
      );
      if (Object.keys(changed.after).length === 0) return;
      tx.assign(current, values);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: ASSESSMENT_ENTITY_TYPE,
        entityId: assessment.id,
        action: "criterion-updated",
        before: { criterionId: current.id, ...changed.before },
        after: { criterionId: current.id, ...changed.after },
      });
      return;
    }
    await addCriteria(tx, { projectId: project.id, actorId: user.id, assessmentId: assessment.id }, [values]);
  });
  return redirectWithToast(criteriaDetailsPath(loaded.schedule.id, assessment.location.id), {
    type: "success",
    message: criterion ? "safety:audit.toast.criterionUpdated" : "safety:audit.toast.criterionCreated",
  });
}

export type NewCriterion = {
  title: string;
  requirement: string | null;
  result: CriterionResult;
  comment: string | null;
};

/** Criteria appended to an assessment in order, one "criterion-added" entry each (the form and the template). */
export async function addCriteria(
  tx: EntityManager,
  input: { projectId: string; actorId: string; assessmentId: string },
  criteria: readonly NewCriterion[],
) {
  const [last] = await tx.find(
    SafetyAuditCriterion,
    { assessment: input.assessmentId },
    { orderBy: { position: "desc" }, limit: 1, fields: ["position"] },
  );
  let position = last?.position ?? 0;
  for (const values of criteria) {
    position += 1;
    const created = tx.create(SafetyAuditCriterion, {
      project: input.projectId,
      assessment: input.assessmentId,
      position,
      ...values,
      createdBy: input.actorId,
    } as never) as { id: string };
    recordActivity(tx, {
      projectId: input.projectId,
      actorId: input.actorId,
      entityType: ASSESSMENT_ENTITY_TYPE,
      entityId: input.assessmentId,
      action: "criterion-added",
      after: { criterionId: created.id, title: values.title, result: values.result },
    });
  }
}

/** Removes a criterion while its assessment is written (no action raised from it), with an entry. */
export async function deleteCriterion(
  context: ProjectContext,
  loaded: LoadedSchedule,
  assessment: ISafetyAuditAssessment,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: criterionDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!canWriteAssessment(context, loaded, assessment, AUDIT_PERMISSIONS.criteriaCreate))
    throw new Response("Forbidden", { status: 403 });
  const criterion = await criterionOf(context, assessment, submission.value.criterionId);
  const raised = await context.em.count(SafetyAction, {
    project: context.project.id,
    sourceType: CRITERION_SOURCE_TYPE,
    sourceId: criterion.id,
  });
  if (raised > 0)
    return data(submission.reply({ formErrors: [message("safety:audit.errors.criterionHasActions")] }), {
      status: 409,
    });
  await context.em.transactional(async (tx) => {
    await tx.nativeDelete(SafetyAuditCriterion, { id: criterion.id });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: ASSESSMENT_ENTITY_TYPE,
      entityId: assessment.id,
      action: "criterion-deleted",
      before: { criterionId: criterion.id, title: criterion.title },
    });
  });
  return redirectWithToast(criteriaDetailsPath(loaded.schedule.id, assessment.location.id), {
    type: "success",
    message: "safety:audit.toast.criterionDeleted",
  });
}

/**
 * One step of the assessment table through the core's engine: submit (with at least one criterion), approve,
 * reject or request an amendment (with a reason). Only while the schedule is being assessed.
 */
export async function transitionAssessment(
  context: ProjectContext,
  loaded: LoadedSchedule,
  assessment: ISafetyAuditAssessment,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: assessmentTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const live = isScheduleLive(loaded.schedule.status);
  const parties = auditParties(auditRelationOf(context, loaded));
  const outcome = await runWorkflowStep<
    ISafetyAuditAssessment,
    AssessmentStatus,
    (typeof submission.value)["action"],
    (typeof assessmentWorkflow.rows)[number],
    undefined,
    "not-live"
  >({
    em: context.em,
    entity: SafetyAuditAssessment,
    id: assessment.id,
    projectId: context.project.id,
    workflow: assessmentWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (record) => record.status,
    check: () => (live ? null : "not-live"),
    facts: async (tx, record): Promise<AssessmentFacts> => ({
      criteria: await tx.count(SafetyAuditCriterion, { assessment: record.id }),
    }),
    parties: () => parties,
    apply(tx, record, change) {
      const now = new Date();
      const review = step !== "submit";
      tx.assign(record, {
        status: change.to,
        ...(step === "submit" ? { submittedAt: now, reviewComment: null } : {}),
        ...(review ? { decidedAt: now, decidedBy: context.user.id, reviewComment: comment ?? null } : {}),
      } as never);
      return undefined;
    },
    activity: { entityType: ASSESSMENT_ENTITY_TYPE },
    async notify() {
      const place = await scheduleLocation(context, loaded, assessment.location.id);
      await notifyAuditEvent(context.em, {
        project: context.project,
        schedule: loaded.schedule,
        event: step === "submit" ? "assessment-submitted" : "assessment-reviewed",
        location: place.name,
        link: criteriaDetailsPath(loaded.schedule.id, place.id),
        actorId: context.user.id,
        actorName: context.user.name,
      });
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:audit.errors.commentRequired",
      confirmRequired: "safety:audit.errors.confirmRequired",
      notAllowed: "safety:audit.errors.actionNotAllowed",
      custom: { "not-live": "safety:audit.errors.notLive" },
    });
  return redirectWithToast(criteriaDetailsPath(loaded.schedule.id, assessment.location.id), {
    type: "success",
    message: `safety:audit.toast.assessment.${step}`,
  });
}

/** The actions raised from these criteria, by criterion, oldest first. */
async function actionsOfCriteria(em: EntityManager, projectId: string, criterionIds: readonly string[]) {
  const byCriterion = new Map<string, RaisedAction[]>();
  if (criterionIds.length === 0) return byCriterion;
  const actions = await em.find(
    SafetyAction,
    { project: projectId, sourceType: CRITERION_SOURCE_TYPE, sourceId: { $in: [...criterionIds] } },
    { populate: ["assignee"], orderBy: { sequence: "asc" } },
  );
  for (const action of actions) {
    const list = byCriterion.get(action.sourceId ?? "") ?? [];
    list.push({
      id: action.id,
      number: action.number,
      title: action.title,
      status: action.status,
      assignee: action.assignee?.name ?? null,
    });
    byCriterion.set(action.sourceId ?? "", list);
  }
  return byCriterion;
}

/** The criteria-details page: the location's assessment, its criteria with their actions, the steps, its history. */
export async function loadCriteriaDetails(
  context: ProjectContext,
  loaded: LoadedSchedule,
  place: { id: string; name: string },
) {
  const { em, project } = context;
  const assessment = await assessmentAt(em, loaded.schedule.id, place.id);
  await (assessment ? em.populate(assessment, ["decidedBy", "createdBy"]) : Promise.resolve());
  const criteria = assessment
    ? await em.find(SafetyAuditCriterion, { assessment: assessment.id }, { orderBy: { position: "asc" } })
    : [];
  const actions = await actionsOfCriteria(
    em,
    project.id,
    criteria.map((criterion) => criterion.id),
  );
  const parties = auditParties(auditRelationOf(context, loaded));
  const live = isScheduleLive(loaded.schedule.status);
  return {
    location: place,
    assessment: assessment
      ? {
          id: assessment.id,
          status: assessment.status,
          summary: assessment.summary ?? null,
          assessedOn: dayOfDateColumn(assessment.assessedOn),
          submittedAt: assessment.submittedAt?.toISOString() ?? null,
          decidedAt: assessment.decidedAt?.toISOString() ?? null,
          decidedBy: assessment.decidedBy?.name ?? null,
          reviewComment: assessment.reviewComment ?? null,
          createdBy: assessment.createdBy?.name ?? null,
        }
      : null,
    criteria: criteria.map((criterion) => ({
      id: criterion.id,
      position: criterion.position,
      title: criterion.title,
      requirement: criterion.requirement ?? null,
      result: criterion.result,
      comment: criterion.comment ?? null,
      actions: actions.get(criterion.id) ?? [],
    })),
    steps:
      assessment && live
        ? assessmentWorkflow.available(assessment.status, grantedKeysOf(context), parties).map((row) => ({
            action: row.action,
            confirm: Boolean(row.confirm),
            requiresComment: Boolean(row.requiresComment),
          }))
        : [],
    canWrite: canWriteAssessment(context, loaded, assessment),
    canWriteCriteria: canWriteAssessment(context, loaded, assessment, AUDIT_PERMISSIONS.criteriaCreate),
  };
}
export type CriteriaDetails = Awaited<ReturnType<typeof loadCriteriaDetails>>;
