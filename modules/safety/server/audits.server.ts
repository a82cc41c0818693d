import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Location } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode, flattenLocationTree } from "~/server/locations/tree";
import { notProjectMembers, projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  AUDIT_PERMISSIONS,
  type AuditKind,
  type AuditRelation,
  isScheduleLive,
  KIND_PERMISSIONS,
  KIND_PREFIX,
} from "../domain/audit-workflow";
import {
  type AuditMemberRole,
  type ISafetyAuditSchedule,
  SafetyAuditMember,
  SafetyAuditSchedule,
} from "../entities";
import { notifyAuditEvent } from "./audit-notifications.server";
import { AUDIT_ENTITY_TYPE, type ScheduleForm, schedulePath, scheduleSchema } from "./audit-rules";
import { locationChoices } from "./observations.server";

/** Audit and inspection schedules on the server: the form, one schedule, who the user is to it. */

export async function scheduleFormChoices(em: EntityManager, projectId: string) {
  const [members, locations] = await Promise.all([
    projectMemberChoices(em, projectId),
    locationChoices(em, projectId),
  ]);
  return { members, locations };
}
export type ScheduleFormChoices = Awaited<ReturnType<typeof scheduleFormChoices>>;

const notFound = [message("safety:audit.errors.choiceNotFound")];

/** Field errors for people who are not active members, or a location not of this project. */
async function choiceErrors(em: EntityManager, projectId: string, values: ScheduleForm) {
  const fieldErrors: Record<string, string[]> = {};
  const people = {
    leadAuditorId: values.leadAuditorId ? [values.leadAuditorId] : [],
    responsiblePersonId: values.responsiblePersonId ? [values.responsiblePersonId] : [],
    auditorIds: values.auditorIds,
    pdpIds: values.pdpIds,
  };
  for (const [field, ids] of Object.entries(people))
    if ((await notProjectMembers(em, projectId, ids)).length > 0) fieldErrors[field] = notFound;
  if (
    values.locationId &&
    !(await em.findOne(Location, { id: values.locationId, project: projectId }, { fields: ["id"] }))
  )
    fieldErrors.locationId = notFound;
  return fieldErrors;
}

/** The form read and checked: the values, or the reply to send back (400, nothing written). */
async function readScheduleForm(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: scheduleSchema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) } as const;
  const fieldErrors = await choiceErrors(context.em, context.project.id, submission.value);
  if (Object.keys(fieldErrors).length > 0)
    return { reply: data(submission.reply({ fieldErrors }), { status: 400 }) } as const;
  return { values: submission.value, submission } as const;
}

/** The schedule's own columns from the form. */
function scheduleFields(values: ScheduleForm) {
  return {
    task: values.task,
    zone: values.zone || null,
    location: values.locationId ?? null,
    workPackage: values.workPackage || null,
    estimatedStartDate: values.estimatedStartDate ?? null,
    estimatedEndDate: values.estimatedEndDate ?? null,
    startDate: values.startDate ?? null,
    completionDate: values.completionDate ?? null,
    reportDueDate: values.reportDueDate ?? null,
    tssReading: values.tssReading || null,
    internalReferenceNumber: values.internalReferenceNumber || null,
    physicalWorkPercentage: values.physicalWorkPercentage ?? null,
    leadAuditor: values.leadAuditorId,
    responsiblePerson: values.responsiblePersonId ?? null,
  };
}

function writeMembers(tx: EntityManager, projectId: string, scheduleId: string, values: ScheduleForm) {
  const add = (ids: readonly string[], role: AuditMemberRole) => {
    for (const userId of new Set(ids))
      tx.create(SafetyAuditMember, { project: projectId, schedule: scheduleId, user: userId, role } as never);
  };
  add(values.auditorIds, "auditor");
  add(values.pdpIds, "pdp_representative");
}

/** Schedules an audit or an inspection (AUD-0001 / INS-0001 per project), with its people, in one transaction. */
export async function createSchedule(context: ProjectContext, kind: AuditKind, formData: FormData) {
  const { em, project, user } = context;
  const read = await readScheduleForm(context, formData);
  if ("reply" in read) return read.reply;
  const { values } = read;
  const schedule = await em.transactional(async (tx) => {
    const created = tx.create(SafetyAuditSchedule, {
      project: project.id,
      number: await nextNumber(tx, project.id, KIND_PREFIX[kind]),
      kind,
      ...scheduleFields(values),
      status: "pending_assessment",
      createdBy: user.id,
    } as never) as ISafetyAuditSchedule;
    writeMembers(tx, project.id, created.id, values);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: AUDIT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, kind, task: created.task, status: created.status },
    });
    await tx.flush();
    return created;
  });
  await em.populate(schedule, ["leadAuditor"]);
  await notifyAuditEvent(em, {
    project,
    schedule,
    event: "audit-scheduled",
    link: schedulePath(schedule.id),
    actorId: user.id,
    actorName: user.name,
  });
  return redirectWithToast(schedulePath(schedule.id), {
    type: "success",
    message: `safety:audit.toast.created.${kind}`,
    params: { number: schedule.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// One schedule

export type ScheduleMembers = {
  auditors: { id: string; name: string }[];
  pdp: { id: string; name: string }[];
};

/** The schedule of a URL in the project, or a 404. */
export async function scheduleById(context: ProjectContext, id: string | undefined) {
  const schedule = isUuid(id)
    ? await context.em.findOne(
        SafetyAuditSchedule,
        { id, project: context.project.id },
        { populate: ["leadAuditor", "responsiblePerson", "createdBy", "location"] },
      )
    : null;
  if (!schedule) throw new Response("Not found", { status: 404 });
  const rows = await context.em.find(
    SafetyAuditMember,
    { schedule: schedule.id },
    { populate: ["user"], orderBy: { user: { name: "asc" } } },
  );
  const person = (row: (typeof rows)[number]) => ({ id: row.user.id, name: row.user.name });
  const members: ScheduleMembers = {
    auditors: rows.filter((row) => row.role === "auditor").map(person),
    pdp: rows.filter((row) => row.role === "pdp_representative").map(person),
  };
  return { schedule, members };
}
export type LoadedSchedule = Awaited<ReturnType<typeof scheduleById>>;

/** Who the user is to the schedule: its lead, one of its auditors, an audit manager; a super admin is all. */
export function auditRelationOf(context: ProjectContext, loaded: LoadedSchedule): AuditRelation {
  if (context.user.isSuperAdmin) return { isLead: true, isAuditor: true, isManager: true };
  const me = context.user.id;
  return {
    isLead: loaded.schedule.leadAuditor?.id === me,
    isAuditor: loaded.members.auditors.some((auditor) => auditor.id === me),
    isManager: context.can(AUDIT_PERMISSIONS.auditEditAll),
  };
}

/** Its details are edited, while it is being assessed, by its lead, its creator or a manager holding the kind's edit. */
export function canEditSchedule(context: ProjectContext, loaded: LoadedSchedule): boolean {
  const { schedule } = loaded;
  const relation = auditRelationOf(context, loaded);
  return (
    isScheduleLive(schedule.status) &&
    context.can(KIND_PERMISSIONS[schedule.kind].edit) &&
    (relation.isLead || relation.isManager || schedule.createdBy?.id === context.user.id)
  );
}

/**
 * The locations the schedule assesses: its location and every place below it, depth first, as
 * "Bridge › Span 2"; none when it names no location.
 */
export async function scheduleLocations(
  em: EntityManager,
  projectId: string,
  schedule: ISafetyAuditSchedule,
) {
  const locationId = schedule.location?.id;
  if (!locationId) return [];
  const node = findLocationNode(await listLocationTree(em, projectId), locationId);
  if (!node) return [];
  return flattenLocationTree([node]).map((place) => ({ id: place.id, name: place.ancestorsName }));
}

/** The values the details form starts from. */
export function scheduleFormValues(loaded: LoadedSchedule) {
  const { schedule, members } = loaded;
  return {
    task: schedule.task,
    zone: schedule.zone ?? "",
    locationId: schedule.location?.id ?? "",
    workPackage: schedule.workPackage ?? "",
    estimatedStartDate: dayOfDateColumn(schedule.estimatedStartDate) ?? "",
    estimatedEndDate: dayOfDateColumn(schedule.estimatedEndDate) ?? "",
    startDate: dayOfDateColumn(schedule.startDate) ?? "",
    completionDate: dayOfDateColumn(schedule.completionDate) ?? "",
    reportDueDate: dayOfDateColumn(schedule.reportDueDate) ?? "",
    tssReading: schedule.tssReading ?? "",
    internalReferenceNumber: schedule.internalReferenceNumber ?? "",
    physicalWorkPercentage:
      schedule.physicalWorkPercentage === null || schedule.physicalWorkPercentage === undefined
        ? ""
        : String(schedule.physicalWorkPercentage),
    leadAuditorId: schedule.leadAuditor?.id ?? "",
    responsiblePersonId: schedule.responsiblePerson?.id ?? "",
    auditorIds: members.auditors.map((person) => person.id),
    pdpIds: members.pdp.map((person) => person.id),
  };
}
export type ScheduleFormValues = ReturnType<typeof scheduleFormValues>;

/** The internal reference's toast (spec 8): created, updated or deleted, when only it tells what changed. */
function referenceToast(before: string | null, after: string | null) {
  if (before === after) return null;
  if (!before) return "safety:audit.toast.reference.created";
  if (!after) return "safety:audit.toast.reference.deleted";
  return "safety:audit.toast.reference.updated";
}

/**
 * Saves the details form (edit=true) with an "updated" entry of what changed, people included; refused
 * when the user may not edit it or it moved on from assessment meanwhile (nothing written).
 */
export async function saveSchedule(context: ProjectContext, loaded: LoadedSchedule, formData: FormData) {
  if (!canEditSchedule(context, loaded)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user } = context;
  const read = await readScheduleForm(context, formData);
  if ("reply" in read) return read.reply;
  const { values, submission } = read;
  const before = scheduleFormValues(loaded);
  const after = {
    ...before,
    ...Object.fromEntries(
      Object.keys(before).map((key) => [key, (values as Record<string, unknown>)[key] ?? ""]),
    ),
    physicalWorkPercentage:
      values.physicalWorkPercentage === undefined ? "" : String(values.physicalWorkPercentage),
    auditorIds: [...new Set(values.auditorIds)].sort(),
    pdpIds: [...new Set(values.pdpIds)].sort(),
  };
  const changed = changedFields(
    { ...before, auditorIds: [...before.auditorIds].sort(), pdpIds: [...before.pdpIds].sort() },
    after,
  );
  // Read before the save: the transaction's changes reach the loaded schedule.
  const reference = referenceToast(
    loaded.schedule.internalReferenceNumber ?? null,
    values.internalReferenceNumber || null,
  );
  const saved = await em.transactional(async (tx) => {
    const schedule = await tx.findOne(SafetyAuditSchedule, { id: loaded.schedule.id, project: project.id });
    if (!schedule) throw new Response("Not found", { status: 404 });
    if (!isScheduleLive(schedule.status)) return null;
    if (Object.keys(changed.after).length === 0) return schedule;
    tx.assign(schedule, scheduleFields(values) as never);
    await tx.nativeDelete(SafetyAuditMember, { schedule: schedule.id });
    writeMembers(tx, project.id, schedule.id, values);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: AUDIT_ENTITY_TYPE,
      entityId: schedule.id,
      action: "updated",
      ...changed,
    });
    return schedule;
  });
  if (!saved)
    return data(submission.reply({ formErrors: [message("safety:audit.errors.notLive")] }), { status: 409 });
  const onlyReference =
    reference !== null && Object.keys(changed.after).every((key) => key === "internalReferenceNumber");
  return redirectWithToast(schedulePath(saved.id), {
    type: "success",
    message: onlyReference && reference ? reference : "safety:audit.toast.updated",
    params: { number: saved.number },
  });
}
