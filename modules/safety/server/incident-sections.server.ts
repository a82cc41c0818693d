import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { ProjectMember } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { redirectWithToast } from "~/server/http/toast.server";
import { notProjectMembers } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { INCIDENT_SECTIONS, type IncidentSection } from "../domain/incident-workflow";
import {
  type ISafetyIncident,
  SafetyIncident,
  SafetyIncidentCorrectiveAction,
  SafetyIncidentDrugTest,
  SafetyIncidentEvent,
  SafetyIncidentFactor,
  SafetyIncidentInjuredPerson,
} from "../entities";
import {
  drugTestSchema,
  INCIDENT_ENTITY_TYPE,
  INCIDENT_INTENTS,
  incidentEditPath,
  incidentFormsSchema,
  incidentInvestigationSchema,
  incidentSignOffSchema,
  incidentViewPath,
  injuredPersonSchema,
  rowDeleteSchema,
} from "./incident-rules";
import { checkBasicEdit, sectionsFor } from "./incidents.server";

/**
 * The edit form's steps on the server: each step saves on its own (basic information, management forms,
 * injury details, investigation, sign-off), on the incident locked for the transaction, only when the user
 * may change that section now (domain editableSections: party, state, lock); a refused form writes nothing.
 */

const notEditable = message("safety:incident.errors.notEditable");

type Work = (tx: EntityManager, incident: ISafetyIncident) => Promise<Record<string, unknown> | null>;

/** Runs a section's change on the locked incident, with an "updated" entry when something changed. */
async function changeSection(
  context: ProjectContext,
  incidentId: string,
  section: IncidentSection,
  work: Work,
  activityAction = "updated",
): Promise<{ ok: true; incident: ISafetyIncident } | { ok: false }> {
  const { em, project, user } = context;
  return em.transactional(async (transaction) => {
    const tx = scopeToProject(transaction, project.id);
    const incident = await tx.findOne(
      SafetyIncident,
      { id: incidentId, project: project.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!incident) throw new Response("Not found", { status: 404 });
    await tx.populate(incident, ["reporter", "shePerson"]);
    if (!sectionsFor(context, incident).includes(section)) return { ok: false as const };
    const changed = await work(tx, incident);
    if (changed)
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: INCIDENT_ENTITY_TYPE,
        entityId: incident.id,
        action: activityAction,
        before: { section, ...((changed.before as object) ?? {}) },
        after: { section, ...((changed.after as object) ?? {}) },
      });
    return { ok: true as const, incident };
  });
}

const refused = (reply: unknown) => data(reply, { status: 409 });

/** Where "Save" goes next: the next section the user may change, else the incident. */
function nextAfter(context: ProjectContext, incident: ISafetyIncident, section: IncidentSection) {
  const open = sectionsFor(context, incident);
  const later = INCIDENT_SECTIONS.slice(INCIDENT_SECTIONS.indexOf(section) + 1).find((next) =>
    open.includes(next),
  );
  return later ? incidentEditPath(incident.id, later) : incidentViewPath(incident.id);
}

async function saved(
  context: ProjectContext,
  incident: ISafetyIncident,
  section: IncidentSection,
  stay: boolean,
) {
  return redirectWithToast(
    stay ? incidentEditPath(incident.id, section) : nextAfter(context, incident, section),
    {
      type: "success",
      message: "safety:incident.toast.saved",
      params: { number: incident.number },
    },
  );
}

const pick = (incident: ISafetyIncident, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, (incident as unknown as Record<string, unknown>)[key] ?? null]));

// ---------------------------------------------------------------------------------------------------

export async function saveBasic(context: ProjectContext, incidentId: string, formData: FormData) {
  const checked = await checkBasicEdit(context, formData);
  if (!checked.ok) return checked.reply;
  const { fields } = checked;
  const outcome = await changeSection(context, incidentId, "basic", async (tx, incident) => {
    const before = {
      title: incident.title,
      occurredAt: incident.occurredAt.toISOString(),
      location: incident.location?.id ?? null,
      description: incident.description ?? null,
      impactAreas: incident.impactAreas,
      shePerson: incident.shePerson?.id ?? null,
    };
    const after = { ...fields, occurredAt: fields.occurredAt.toISOString() };
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return null;
    tx.assign(incident, fields as never);
    return changed;
  });
  if (!outcome.ok) return refused(checked.submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "basic", false);
}

const FORM_KEYS = Object.keys(incidentFormsSchema.shape);

export async function saveForms(context: ProjectContext, incidentId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: incidentFormsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await changeSection(context, incidentId, "forms", async (tx, incident) => {
    const changed = changedFields(pick(incident, FORM_KEYS), submission.value as Record<string, unknown>);
    if (Object.keys(changed.after).length === 0) return null;
    tx.assign(incident, submission.value as never);
    return changed;
  });
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "forms", false);
}

/** The company a member works for in the project (the drug test's "company auto-populated"). */
async function memberCompany(em: EntityManager, projectId: string, userId: string) {
  const member = await em.findOne(
    ProjectMember,
    { project: projectId, user: userId },
    { populate: ["company", "user"] },
  );
  return { company: member?.company?.name ?? null, name: member?.user?.name ?? null };
}

/** Adds or changes a drug and alcohol test row (part of the management forms). */
export async function saveDrugTest(context: ProjectContext, incidentId: string, formData: FormData) {
  const { em, project } = context;
  const submission = parseWithZod(formData, { schema: drugTestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _intent, drugTestId, memberId, ...values } = submission.value;
  if (memberId && (await notProjectMembers(em, project.id, [memberId])).length > 0)
    return data(
      submission.reply({ fieldErrors: { memberId: [message("safety:incident.errors.choiceNotFound")] } }),
      {
        status: 400,
      },
    );
  const fromMember = memberId ? await memberCompany(em, project.id, memberId) : { company: null, name: null };
  const memberName = values.memberName ?? fromMember.name;
  if (!memberName)
    return data(submission.reply({ fieldErrors: { memberName: [message("common:validation.required")] } }), {
      status: 400,
    });
  const row = { ...values, member: memberId, memberName, company: values.company ?? fromMember.company };
  const outcome = await changeSection(
    context,
    incidentId,
    "forms",
    async (tx, incident) => {
      if (drugTestId) {
        const test = await tx.findOne(SafetyIncidentDrugTest, { id: drugTestId, incident: incident.id });
        if (!test) throw new Response("Not found", { status: 404 });
        tx.assign(test, row as never);
      } else tx.create(SafetyIncidentDrugTest, { project: project.id, incident, ...row } as never);
      return { after: { drugTest: memberName } };
    },
    drugTestId ? "drug-test-updated" : "drug-test-added",
  );
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "forms", true);
}

/** Adds or changes an injured person (injury details). */
export async function saveInjuredPerson(context: ProjectContext, incidentId: string, formData: FormData) {
  const { project } = context;
  const submission = parseWithZod(formData, { schema: injuredPersonSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _intent, personId, ...values } = submission.value;
  const outcome = await changeSection(
    context,
    incidentId,
    "injury",
    async (tx, incident) => {
      if (personId) {
        const person = await tx.findOne(SafetyIncidentInjuredPerson, { id: personId, incident: incident.id });
        if (!person) throw new Response("Not found", { status: 404 });
        tx.assign(person, values as never);
      } else tx.create(SafetyIncidentInjuredPerson, { project: project.id, incident, ...values } as never);
      return { after: { injuredPerson: values.fullName, classification: values.classification } };
    },
    personId ? "injured-person-updated" : "injured-person-added",
  );
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "injury", true);
}

/** Removes an injured person or a drug test row. */
export async function deleteIncidentRow(context: ProjectContext, incidentId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: rowDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const injured = submission.value.intent === INCIDENT_INTENTS.injuredDelete;
  const section: IncidentSection = injured ? "injury" : "forms";
  const outcome = await changeSection(
    context,
    incidentId,
    section,
    async (tx, incident) => {
      const row = injured
        ? await tx.findOne(SafetyIncidentInjuredPerson, { id: submission.value.rowId, incident: incident.id })
        : await tx.findOne(SafetyIncidentDrugTest, { id: submission.value.rowId, incident: incident.id });
      if (!row) throw new Response("Not found", { status: 404 });
      const name = "fullName" in row ? row.fullName : row.memberName;
      tx.remove(row);
      return { before: injured ? { injuredPerson: name } : { drugTest: name } };
    },
    injured ? "injured-person-deleted" : "drug-test-deleted",
  );
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, section, true);
}

/**
 * Saves the investigation: the rows are replaced by what was posted (blank rows dropped), except the
 * corrective action plan rows already raised as actions, which stay as they are.
 */
export async function saveInvestigation(context: ProjectContext, incidentId: string, formData: FormData) {
  const { em, project } = context;
  const submission = parseWithZod(formData, { schema: incidentInvestigationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const events = v.eventDescription
    .map((description, index) => ({ description, timeLabel: v.eventTime[index] || null }))
    .filter((row) => row.description);
  const factors = v.factorDescription
    .map((description, index) => ({ description, causeGroup: v.factorGroup[index] || null }))
    .filter((row) => row.description);
  const fieldErrors: Record<string, string[]> = {};
  if (factors.some((row) => !row.causeGroup))
    fieldErrors.factorGroup = [message("safety:incident.errors.causeGroupRequired")];
  const plan = v.capDescription
    .map((description, index) => ({
      description,
      responsible: v.capResponsibleId[index] || null,
      dueDate: v.capDueDate[index] || null,
    }))
    .filter((row) => row.description);
  if (plan.some((row) => !row.responsible))
    fieldErrors.capResponsibleId = [message("safety:incident.errors.responsibleRequired")];
  const people = plan.map((row) => row.responsible).filter((id): id is string => Boolean(id));
  if (people.length && (await notProjectMembers(em, project.id, people)).length > 0)
    fieldErrors.capResponsibleId = [message("safety:incident.errors.choiceNotFound")];
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  const columns = {
    peepoPeople: v.peepoPeople,
    peepoEnvironment: v.peepoEnvironment,
    peepoEquipment: v.peepoEquipment,
    peepoProcedures: v.peepoProcedures,
    peepoOrganisation: v.peepoOrganisation,
    rootCause: v.rootCause,
  };
  const outcome = await changeSection(context, incidentId, "investigation", async (tx, incident) => {
    const changed = changedFields(pick(incident, Object.keys(columns)), columns);
    tx.assign(incident, columns);
    await tx.nativeDelete(SafetyIncidentEvent, { incident: incident.id });
    await tx.nativeDelete(SafetyIncidentFactor, { incident: incident.id });
    await tx.nativeDelete(SafetyIncidentCorrectiveAction, { incident: incident.id, actionId: null });
    const raised = await tx.count(SafetyIncidentCorrectiveAction, { incident: incident.id });
    for (const [index, row] of events.entries())
      tx.create(SafetyIncidentEvent, { project: project.id, incident, sortOrder: index, ...row } as never);
    for (const [index, row] of factors.entries())
      tx.create(SafetyIncidentFactor, { project: project.id, incident, sortOrder: index, ...row } as never);
    for (const [index, row] of plan.entries())
      tx.create(SafetyIncidentCorrectiveAction, {
        project: project.id,
        incident,
        sortOrder: raised + index,
        ...row,
      } as never);
    return {
      before: changed.before,
      after: {
        ...changed.after,
        events: events.length,
        factors: factors.length,
        correctiveActions: plan.length,
      },
    };
  });
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "investigation", false);
}

export async function saveSignOff(context: ProjectContext, incidentId: string, formData: FormData) {
  const { em, project } = context;
  const submission = parseWithZod(formData, { schema: incidentSignOffSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  const people = [v.reportCompletedById, v.reviewedById].filter((id): id is string => Boolean(id));
  const strangers = new Set(people.length ? await notProjectMembers(em, project.id, people) : []);
  const fieldErrors: Record<string, string[]> = {};
  if (v.reportCompletedById && strangers.has(v.reportCompletedById))
    fieldErrors.reportCompletedById = [message("safety:incident.errors.choiceNotFound")];
  if (v.reviewedById && strangers.has(v.reviewedById))
    fieldErrors.reviewedById = [message("safety:incident.errors.choiceNotFound")];
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  // A drawing, else a typed name ("typed:Hana Harris"); neither keeps the signature already given.
  const signature = v.signature ?? (v.signatureTypedName ? `typed:${v.signatureTypedName}` : null);
  const outcome = await changeSection(context, incidentId, "signoff", async (tx, incident) => {
    const values = {
      reportCompletedBy: v.reportCompletedById,
      reviewedBy: v.reviewedById,
      reviewerRole: v.reviewerRole,
      signOffComment: v.signOffComment,
      signature: signature ?? incident.signature ?? null,
      signedOn: v.signedOn,
    };
    const before = {
      reportCompletedBy: incident.reportCompletedBy?.id ?? null,
      reviewedBy: incident.reviewedBy?.id ?? null,
      reviewerRole: incident.reviewerRole ?? null,
      signOffComment: incident.signOffComment ?? null,
      signed: Boolean(incident.signature),
      signedOn: dayOfDateColumn(incident.signedOn),
    };
    const after = { ...values, signed: Boolean(values.signature), signature: undefined };
    delete after.signature;
    const changed = changedFields(before, after as typeof before);
    tx.assign(incident, values as never);
    return Object.keys(changed.after).length ? changed : null;
  });
  if (!outcome.ok) return refused(submission.reply({ formErrors: [notEditable] }));
  return saved(context, outcome.incident, "signoff", false);
}
