import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { Location } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { notProjectMembers, projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedParts } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { readIncidentTime } from "../domain/incident-time";
import {
  editableSections,
  INCIDENT_PERMISSIONS,
  type IncidentRelation,
  type IncidentSection,
} from "../domain/incident-workflow";
import { type ISafetyIncident, SafetyIncident } from "../entities";
import { notifyIncidentEvent } from "./incident-notifications.server";
import { referenceChoices } from "./incident-reference.server";
import {
  INCIDENT_ENTITY_TYPE,
  type IncidentBasicForm,
  incidentBasicSchema,
  incidentEditPath,
} from "./incident-rules";

/** Incidents on the server: who the user is to one, raising, the basic information, the forms' choices. */

/** Who the user is to the incident; a super admin counts as every party, a manager holds reassign-incident (decision 030). */
export function incidentRelationOf(
  context: ProjectContext,
  incident: Pick<ISafetyIncident, "reporter" | "shePerson">,
): IncidentRelation {
  if (context.user.isSuperAdmin) return { isReporter: true, isShe: true, isManager: true };
  return {
    isReporter: incident.reporter?.id === context.user.id,
    isShe: incident.shePerson?.id === context.user.id,
    isManager: context.can(INCIDENT_PERMISSIONS.reassignIncident),
  };
}

export function sectionsFor(context: ProjectContext, incident: ISafetyIncident): IncidentSection[] {
  return editableSections(incident, grantedKeysOf(context), incidentRelationOf(context, incident));
}

/** The incident of a URL in the project, or a 404. */
export async function incidentById(
  context: ProjectContext,
  id: string | undefined,
): Promise<ISafetyIncident> {
  const incident = isUuid(id)
    ? await context.em.findOne(
        SafetyIncident,
        { id, project: context.project.id },
        { populate: ["reporter", "shePerson", "location", "reportCompletedBy", "reviewedBy"] },
      )
    : null;
  if (!incident) throw new Response("Not found", { status: 404 });
  return incident;
}

/** The choices of the incident's forms: members, locations, reference lists, the project's zone. */
export async function incidentFormChoices(em: EntityManager, project: ProjectContext["project"]) {
  const [members, tree, references, timeZone] = await Promise.all([
    projectMemberChoices(em, project.id),
    listLocationTree(em, project.id),
    referenceChoices(em, project.id),
    projectTimeZone(em, project),
  ]);
  return {
    members,
    locations: flattenLocationTree(tree).map((node) => ({ value: node.id, label: node.ancestorsName })),
    references,
    timeZone,
  };
}
export type IncidentFormChoices = Awaited<ReturnType<typeof incidentFormChoices>>;

const choiceNotFound = [message("safety:incident.errors.choiceNotFound")];
const TIME_MESSAGES = {
  date: message("safety:incident.errors.invalidDate"),
  hour: message("safety:incident.errors.invalidHour"),
  minute: message("safety:incident.errors.invalidMinute"),
  future: message("safety:incident.errors.futureTime"),
} as const;

/**
 * The basic information checked beyond its schema: the time on the project's clock (decision 029), the
 * location in the project's tree, the SHE person a member. Field errors, or the values to store.
 */
async function checkBasic(context: ProjectContext, values: IncidentBasicForm, now = new Date()) {
  const { em, project } = context;
  const fieldErrors: Record<string, string[]> = {};
  const time = readIncidentTime(
    { date: values.occurredDate, hour: values.occurredHour, minute: values.occurredMinute },
    await projectTimeZone(em, project),
    now,
  );
  if (!time.ok) fieldErrors[time.field] = [TIME_MESSAGES[time.error]];
  if (values.locationId && !(await em.count(Location, { id: values.locationId, project: project.id })))
    fieldErrors.locationId = choiceNotFound;
  if (values.shePersonId && (await notProjectMembers(em, project.id, [values.shePersonId])).length > 0)
    fieldErrors.shePersonId = choiceNotFound;
  if (!time.ok || Object.keys(fieldErrors).length > 0) return { ok: false as const, fieldErrors };
  return {
    ok: true as const,
    fields: {
      title: values.title,
      occurredAt: time.occurredAt,
      location: values.locationId,
      description: values.description,
      impactAreas: [...new Set(values.impactAreas)],
      shePerson: values.shePersonId,
    },
  };
}

/**
 * Raises an incident (the basic information step): numbered INC-0001 per project, RAISED, the raiser its
 * reporter; then the form goes on to the management forms. A refused form writes nothing.
 */
export async function raiseIncident(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: incidentBasicSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const checked = await checkBasic(context, submission.value);
  if (!checked.ok) return data(submission.reply({ fieldErrors: checked.fieldErrors }), { status: 400 });
  const incident = await em.transactional(async (tx) => {
    const created = tx.create(SafetyIncident, {
      project: project.id,
      number: await nextNumber(tx, project.id, "INC"),
      status: "RAISED",
      reporter: user.id,
      ...checked.fields,
    } as never) as ISafetyIncident;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: INCIDENT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, status: created.status, title: created.title },
    });
    return created;
  });
  await notifyIncidentEvent(em, {
    project,
    incident,
    event: "incident-raised",
    actorId: user.id,
    actorName: user.name,
  });
  return redirectWithToast(incidentEditPath(incident.id, "forms"), {
    type: "success",
    message: "safety:incident.toast.raised",
    params: { number: incident.number },
  });
}

/** The basic information step's values as the form shows them, on the project's clock. */
export function basicFormValues(incident: ISafetyIncident, timeZone: string) {
  const at = zonedParts(incident.occurredAt, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    title: incident.title,
    occurredDate: `${at.year}-${pad(at.month)}-${pad(at.day)}`,
    occurredHour: pad(at.hour),
    occurredMinute: pad(at.minute),
    locationId: incident.location?.id ?? "",
    description: incident.description ?? "",
    impactAreas: incident.impactAreas ?? [],
    shePersonId: incident.shePerson?.id ?? "",
  };
}

/** Checks the basic information for an edit; the caller writes it on the locked incident. */
export async function checkBasicEdit(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: incidentBasicSchema });
  if (submission.status !== "success")
    return { ok: false as const, reply: data(submission.reply(), { status: 400 }) };
  const checked = await checkBasic(context, submission.value);
  if (!checked.ok)
    return {
      ok: false as const,
      reply: data(submission.reply({ fieldErrors: checked.fieldErrors }), { status: 400 }),
    };
  return { ok: true as const, submission, fields: checked.fields };
}
