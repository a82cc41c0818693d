import { activityFor } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { auditParties, isScheduleLive, scheduleWorkflow } from "../domain/audit-workflow";
import { SafetyAuditAssessment } from "../entities";
import { canWriteAssessment } from "./audit-assessments.server";
import { AUDIT_ENTITY_TYPE, type ScheduleTab } from "./audit-basics";
import { loadReports } from "./audit-reports.server";
import {
  auditRelationOf,
  canEditSchedule,
  type LoadedSchedule,
  scheduleFormChoices,
  scheduleFormValues,
  scheduleLocations,
} from "./audits.server";

/**
 * The schedule's page: Details (its fields and people; the form with edit=true), Criteria (each location and
 * its assessment), Review/Report (the report job, its files, the signed report), Compilation (the findings
 * by location and the completion), with the schedule's steps and history.
 */

/** Each location of the schedule with its assessment's state and findings, for Criteria and Compilation. */
async function locationsWithAssessments(context: ProjectContext, loaded: LoadedSchedule) {
  const { em, project } = context;
  const places = await scheduleLocations(em, project.id, loaded.schedule);
  const assessments = await em.find(SafetyAuditAssessment, { schedule: loaded.schedule.id });
  const counts = assessments.length
    ? await em.execute<{ assessment_id: string; result: string; total: string | number }[]>(
        `select assessment_id, result, count(*) as total from safety_audit_criterion
         where assessment_id in (${assessments.map(() => "?").join(", ")}) group by assessment_id, result`,
        assessments.map((assessment) => assessment.id),
      )
    : [];
  const countOf = (assessmentId: string, result: string) =>
    Number(counts.find((row) => row.assessment_id === assessmentId && row.result === result)?.total ?? 0);
  return places.map((place) => {
    const assessment = assessments.find((candidate) => candidate.location.id === place.id);
    return {
      id: place.id,
      name: place.name,
      status: assessment?.status ?? ("not_started" as const),
      compliant: assessment ? countOf(assessment.id, "compliant") : 0,
      nonCompliant: assessment ? countOf(assessment.id, "non_compliant") : 0,
      notApplicable: assessment ? countOf(assessment.id, "not_applicable") : 0,
    };
  });
}

export async function loadScheduleDetail(
  context: ProjectContext,
  loaded: LoadedSchedule,
  tab: ScheduleTab,
  editing: boolean,
) {
  const { em, project } = context;
  const { schedule, members } = loaded;
  const relation = auditRelationOf(context, loaded);
  const canEdit = canEditSchedule(context, loaded);
  const [locations, reports, choices, activity] = await Promise.all([
    tab === "criteria" || tab === "compilation"
      ? locationsWithAssessments(context, loaded)
      : Promise.resolve([]),
    tab === "report" ? loadReports(context, loaded) : Promise.resolve(null),
    tab === "details" && editing && canEdit ? scheduleFormChoices(em, project.id) : Promise.resolve(null),
    tab === "details" ? activityFor(em, AUDIT_ENTITY_TYPE, schedule.id, 100) : Promise.resolve([]),
  ]);
  const location = (await scheduleLocations(em, project.id, schedule))[0]?.name ?? null;
  return {
    id: schedule.id,
    number: schedule.number,
    kind: schedule.kind,
    task: schedule.task,
    status: schedule.status,
    fields: {
      zone: schedule.zone ?? null,
      location,
      workPackage: schedule.workPackage ?? null,
      estimatedStartDate: dayOfDateColumn(schedule.estimatedStartDate),
      estimatedEndDate: dayOfDateColumn(schedule.estimatedEndDate),
      startDate: dayOfDateColumn(schedule.startDate),
      completionDate: dayOfDateColumn(schedule.completionDate),
      reportDueDate: dayOfDateColumn(schedule.reportDueDate),
      tssReading: schedule.tssReading ?? null,
      internalReferenceNumber: schedule.internalReferenceNumber ?? null,
      physicalWorkPercentage: schedule.physicalWorkPercentage ?? null,
    },
    people: {
      lead: schedule.leadAuditor?.name ?? null,
      responsible: schedule.responsiblePerson?.name ?? null,
      auditors: members.auditors.map((person) => person.name),
      pdp: members.pdp.map((person) => person.name),
      createdBy: schedule.createdBy?.name ?? null,
    },
    completedAt: schedule.completedAt?.toISOString() ?? null,
    locations,
    reports,
    form: choices ? { choices, values: scheduleFormValues(loaded) } : null,
    canEdit,
    canAssess: canWriteAssessment(context, loaded, null),
    live: isScheduleLive(schedule.status),
    steps: scheduleWorkflow
      .available(schedule.status, grantedKeysOf(context), auditParties(relation))
      .map((row) => ({
        action: row.action,
        confirm: Boolean(row.confirm),
        requiresComment: Boolean(row.requiresComment),
      })),
    activity: activity.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorName: entry.actor?.name ?? null,
      createdAt: entry.createdAt.toISOString(),
      before: (entry.before as Record<string, unknown> | null) ?? null,
      after: (entry.after as Record<string, unknown> | null) ?? null,
    })),
  };
}
export type ScheduleDetail = Awaited<ReturnType<typeof loadScheduleDetail>>;
