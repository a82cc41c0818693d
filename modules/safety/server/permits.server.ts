import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedParts } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { readPermitPeriod } from "../domain/permit-period";
import {
  availablePermitSteps,
  type ChecklistItem,
  checklistFor,
  isPermitEditable,
  PERMIT_PERMISSIONS,
  type PermitRelation,
  permitValidity,
} from "../domain/permit-workflow";
import { type ISafetyPermit, SafetyPermit, SafetyPermitSignature } from "../entities";
import { choiceErrors } from "./form-choices.server";
import { locationChoices } from "./observations.server";
import {
  PERIOD_MESSAGES,
  PERMIT_ENTITY_TYPE,
  type PermitForm,
  permitChecklistSchema,
  permitFormSchema,
  permitPath,
} from "./permit-rules";
import { savedRecordReply } from "./save-reply.server";

/** Permits to work on the server: the form, the checklist, the detail page and who the user is to a permit. */

export async function permitFormChoices(context: ProjectContext) {
  const { em, project } = context;
  const [members, locations, timeZone] = await Promise.all([
    projectMemberChoices(em, project.id),
    locationChoices(em, project.id),
    projectTimeZone(em, project),
  ]);
  return { members, locations, timeZone };
}
export type PermitFormChoices = Awaited<ReturnType<typeof permitFormChoices>>;

/**
 * The form's values read on the server: its choices (issuer and receiver members of the project, a place of
 * its tree) and its period in the project's zone. Field errors, or the values to store.
 */
async function readPermitForm(context: ProjectContext, values: PermitForm) {
  const { em, project } = context;
  const fieldErrors = await choiceErrors(
    em,
    project.id,
    { members: { issuerId: values.issuerId, receiverId: values.receiverId }, locationId: values.locationId },
    message("safety:permit.errors.choiceNotFound"),
  );
  const period = readPermitPeriod(values, await projectTimeZone(em, project));
  if (!period.ok) fieldErrors[period.field] = [PERIOD_MESSAGES[period.error]];
  if (!period.ok || Object.keys(fieldErrors).length > 0) return { ok: false as const, fieldErrors };
  return {
    ok: true as const,
    fields: {
      type: values.type,
      title: values.title,
      description: values.description || null,
      location: values.locationId ?? null,
      issuer: values.issuerId,
      receiver: values.receiverId,
      validFrom: period.validFrom,
      validTo: period.validTo,
      conditions: values.conditions || null,
    },
  };
}

/** Raises a permit (IN_PROGRESS, PTW-0001 per project) with its type's checklist unanswered; nothing is written when refused. */
export async function createPermit(context: ProjectContext, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: permitFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const read = await readPermitForm(context, submission.value);
  if (!read.ok) return data(submission.reply({ fieldErrors: read.fieldErrors }), { status: 400 });
  const permit = await em.transactional(async (tx) => {
    const created = tx.create(SafetyPermit, {
      project: project.id,
      number: await nextNumber(tx, project.id, "PTW"),
      ...read.fields,
      checklist: checklistFor(read.fields.type),
      status: "IN_PROGRESS",
      createdBy: user.id,
    } as never) as ISafetyPermit;
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: PERMIT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, status: "IN_PROGRESS", type: created.type, title: created.title },
    });
    return created;
  });
  return redirectWithToast(permitPath(permit.id), {
    type: "success",
    message: "safety:permit.toast.created",
    params: { number: permit.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// One permit

/** Who the user is to the permit; a super admin is every party, a manager holds archive (decision 034). */
export function permitRelationOf(context: ProjectContext, permit: ISafetyPermit): PermitRelation {
  if (context.user.isSuperAdmin)
    return { isCreator: true, isIssuer: true, isReceiver: true, isManager: true };
  const me = context.user.id;
  return {
    isCreator: permit.createdBy?.id === me,
    isIssuer: permit.issuer?.id === me,
    isReceiver: permit.receiver?.id === me,
    isManager: context.can(PERMIT_PERMISSIONS.archive),
  };
}

/** The permit of a URL in the project, or a 404. */
export async function permitById(context: ProjectContext, id: string | undefined): Promise<ISafetyPermit> {
  const permit = isUuid(id)
    ? await context.em.findOne(
        SafetyPermit,
        { id, project: context.project.id },
        { populate: ["issuer", "receiver", "createdBy", "location"] },
      )
    : null;
  if (!permit) throw new Response("Not found", { status: 404 });
  return permit;
}

/** Its fields are edited while it is prepared, by its creator or a manager holding edit. */
export function canEditPermit(context: ProjectContext, permit: ISafetyPermit): boolean {
  const relation = permitRelationOf(context, permit);
  return (
    isPermitEditable(permit.status) &&
    context.can(PERMIT_PERMISSIONS.edit) &&
    (relation.isCreator || relation.isManager)
  );
}

/** Its checklist is answered while it is prepared, by its creator, its receiver or a manager holding edit. */
export function canAnswerChecklist(context: ProjectContext, permit: ISafetyPermit): boolean {
  const relation = permitRelationOf(context, permit);
  return (
    isPermitEditable(permit.status) &&
    context.can(PERMIT_PERMISSIONS.edit) &&
    (relation.isCreator || relation.isReceiver || relation.isManager)
  );
}

async function locationName(em: EntityManager, projectId: string, locationId: string | undefined) {
  if (!locationId) return null;
  const node = flattenLocationTree(await listLocationTree(em, projectId)).find((n) => n.id === locationId);
  return node?.ancestorsName ?? null;
}

export async function loadPermitDetail(
  context: ProjectContext,
  permit: ISafetyPermit,
  tab: "details" | "activity",
) {
  const { em, project } = context;
  const [activity, signatures, location, timeZone] = await Promise.all([
    tab === "activity" ? activityRowsFor(em, PERMIT_ENTITY_TYPE, permit.id, 200) : Promise.resolve([]),
    em.find(
      SafetyPermitSignature,
      { permit: permit.id, project: project.id },
      { orderBy: { signedAt: "asc" } },
    ),
    locationName(em, project.id, permit.location?.id),
    projectTimeZone(em, project),
  ]);
  const person = (user: { id: string; name: string } | null | undefined) =>
    user ? { id: user.id, name: user.name } : null;
  return {
    id: permit.id,
    number: permit.number,
    type: permit.type,
    title: permit.title,
    description: permit.description ?? null,
    location,
    validFrom: permit.validFrom.toISOString(),
    validTo: permit.validTo.toISOString(),
    timeZone,
    validity: permitValidity(permit.status, permit.validFrom, permit.validTo, new Date()),
    issuer: person(permit.issuer),
    receiver: person(permit.receiver),
    conditions: permit.conditions ?? null,
    checklist: permit.checklist,
    status: permit.status,
    createdBy: permit.createdBy?.name ?? null,
    createdAt: permit.createdAt.toISOString(),
    signatures: signatures.map((signature) => ({
      id: signature.id,
      step: signature.step,
      signedName: signature.signedName,
      signature: signature.signature ?? null,
      comment: signature.comment ?? null,
      signedAt: signature.signedAt.toISOString(),
    })),
    steps: availablePermitSteps(permit.status, grantedKeysOf(context), permitRelationOf(context, permit)).map(
      (row) => ({
        action: row.action,
        confirm: Boolean(row.confirm),
        requiresComment: Boolean(row.requiresComment),
      }),
    ),
    activity,
  };
}
export type PermitDetail = Awaited<ReturnType<typeof loadPermitDetail>>;

const pad = (value: number) => String(value).padStart(2, "0");
/** A stored instant as the form's day and time on the project's clock. */
function wallClock(instant: Date, zone: string) {
  const parts = zonedParts(instant, zone);
  return {
    date: `${String(parts.year).padStart(4, "0")}-${pad(parts.month)}-${pad(parts.day)}`,
    time: `${pad(parts.hour)}:${pad(parts.minute)}`,
  };
}

/** The values the edit form starts from. */
export function permitFormValues(permit: ISafetyPermit, zone: string) {
  const from = wallClock(permit.validFrom, zone);
  const to = wallClock(permit.validTo, zone);
  return {
    type: permit.type,
    title: permit.title,
    description: permit.description ?? "",
    locationId: permit.location?.id ?? "",
    issuerId: permit.issuer?.id ?? "",
    receiverId: permit.receiver?.id ?? "",
    fromDate: from.date,
    fromTime: from.time,
    toDate: to.date,
    toTime: to.time,
    conditions: permit.conditions ?? "",
  };
}

const idOf = (value: unknown) =>
  value && typeof value === "object" && "id" in value
    ? String((value as { id: string }).id)
    : (value ?? null);

/**
 * Saves the edit form with an "updated" entry of what changed; a new type brings its checklist (answers to
 * the items both types have are kept). Nothing is written when refused or no longer being prepared.
 */
export async function editPermit(context: ProjectContext, permitId: string, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: permitFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const read = await readPermitForm(context, submission.value);
  if (!read.ok) return data(submission.reply({ fieldErrors: read.fieldErrors }), { status: 400 });
  const saved = await em.transactional(async (tx) => {
    const permit = await tx.findOne(SafetyPermit, { id: permitId, project: project.id });
    if (!permit) throw new Response("Not found", { status: 404 });
    if (!isPermitEditable(permit.status)) return null;
    const plain = (fields: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [
          key,
          value instanceof Date ? value.toISOString() : idOf(value),
        ]),
      );
    const changed = changedFields(
      plain({
        type: permit.type,
        title: permit.title,
        description: permit.description ?? null,
        location: permit.location,
        issuer: permit.issuer,
        receiver: permit.receiver,
        validFrom: permit.validFrom,
        validTo: permit.validTo,
        conditions: permit.conditions ?? null,
      }),
      plain(read.fields),
    );
    if (Object.keys(changed.after).length === 0) return permit;
    tx.assign(permit, {
      ...read.fields,
      ...(read.fields.type !== permit.type
        ? { checklist: checklistFor(read.fields.type, permit.checklist) }
        : {}),
    } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: PERMIT_ENTITY_TYPE,
      entityId: permit.id,
      action: "updated",
      ...changed,
    });
    return permit;
  });
  return savedRecordReply(submission, saved, {
    refused: "safety:permit.errors.notEditable",
    path: permitPath,
    toast: "safety:permit.toast.updated",
  });
}

/** Saves the checklist's answers (a blank one stays unanswered), with a "checklist-updated" entry of the changed items. */
export async function answerChecklist(context: ProjectContext, permitId: string, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: permitChecklistSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { answers } = submission.value;
  const saved = await em.transactional(async (tx) => {
    const permit = await tx.findOne(SafetyPermit, { id: permitId, project: project.id });
    if (!permit) throw new Response("Not found", { status: 404 });
    if (!isPermitEditable(permit.status)) return null;
    const next: ChecklistItem[] = permit.checklist.map((item) => ({
      key: item.key,
      answer: answers[item.key] ?? null,
    }));
    const before = Object.fromEntries(permit.checklist.map((item) => [item.key, item.answer]));
    const after = Object.fromEntries(next.map((item) => [item.key, item.answer]));
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return permit;
    tx.assign(permit, { checklist: next } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: PERMIT_ENTITY_TYPE,
      entityId: permit.id,
      action: "checklist-updated",
      ...changed,
    });
    return permit;
  });
  return savedRecordReply(submission, saved, {
    refused: "safety:permit.errors.notEditable",
    path: permitPath,
    toast: "safety:permit.toast.checklist",
  });
}
