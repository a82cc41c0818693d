import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import type { PermissionKey } from "~/server/permissions/keys";
import {
  discardUploads,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import {
  type AttendanceStatus,
  personKey,
  TALK_NUMBER_PREFIX,
  TALK_PERMISSIONS,
  type TalkKind,
  type TalkVerb,
  talkKindsAllowed,
} from "../domain/talk-fields";
import {
  type ISafetyTalk,
  type ISafetyTalkAttendee,
  SafetyPermit,
  SafetyTalk,
  SafetyTalkAttendee,
} from "../entities";
import { projectPermitChoices } from "./permit-register.server";

/** The newest permits the talk form offers (a project's live permits are far fewer). */
const PERMIT_CHOICES_SHOWN = 100;

import { choiceErrors } from "./form-choices.server";
import { locationChoices, PHOTO_EXTENSIONS } from "./observations.server";
import {
  TALK_ENTITY_TYPE,
  type TalkCreateValues,
  type TalkEditValues,
  talkCreateSchema,
  talkEditSchema,
  talkPath,
} from "./talk-rules";

/** Talks on the server: the form (create, edit), the talk of a URL, and what the user may do to it. */

/** The domain's table of talk permissions, checked against the keys the manifests declare. */
export const talkPermissions: Record<TalkKind, Record<TalkVerb, readonly PermissionKey[]>> = TALK_PERMISSIONS;

/** Whether the user may do this to talks of this kind (the project's region is the guard's: decision 035). */
export const canOnKind = (context: Pick<ProjectContext, "can">, kind: TalkKind, verb: TalkVerb) =>
  context.can(talkPermissions[kind][verb]);

export const kindsAllowed = (context: Pick<ProjectContext, "can">, verb: TalkVerb) =>
  talkKindsAllowed((ref) => context.can(ref as readonly PermissionKey[]), verb);

/** The talk of a URL in the project that the user may view (its kind's view permission), or a 404 / 403. */
export async function talkById(context: ProjectContext, id: string | undefined): Promise<ISafetyTalk> {
  const talk = isUuid(id)
    ? await context.em.findOne(
        SafetyTalk,
        { id, project: context.project.id },
        { populate: ["supervisor", "createdBy", "location", "permit"] },
      )
    : null;
  if (!talk) throw new Response("Not found", { status: 404 });
  if (!canOnKind(context, talk.kind, "view")) throw new Response("Forbidden", { status: 403 });
  return talk;
}

/** A talk is changed (fields, attendance, photos, sign-on links) by whoever holds its kind's edit permission. */
export function requireTalkEdit(context: ProjectContext, talk: ISafetyTalk) {
  if (!canOnKind(context, talk.kind, "edit")) throw new Response("Forbidden", { status: 403 });
}

export async function talkFormChoices(context: ProjectContext, verb: "create" | "edit") {
  const { em, project } = context;
  const [members, locations, permits] = await Promise.all([
    projectMemberChoices(em, project.id),
    locationChoices(em, project.id),
    projectPermitChoices(em, project.id, { limit: PERMIT_CHOICES_SHOWN }),
  ]);
  return {
    members,
    locations,
    // The project's newest permits (archived ones left out), named by number, title and validity.
    permits: permits.map((permit) => ({
      value: permit.id,
      label: `${permit.number} ${permit.title}`,
      validity: permit.validity,
    })),
    kinds: kindsAllowed(context, verb),
  };
}
export type TalkFormChoices = Awaited<ReturnType<typeof talkFormChoices>>;

const notFound = [message("safety:talk.errors.choiceNotFound")];

/** A drawing, else a typed name (`typed:Name`); neither keeps the signature already given. */
const signatureOf = (values: TalkEditValues, before: string | null) =>
  values.signature ?? (values.signatureTypedName ? `typed:${values.signatureTypedName}` : before);

const fieldsOf = (values: TalkEditValues) => ({
  title: values.title,
  heldOn: values.heldOn,
  supervisorId: values.supervisorId ?? null,
  locationId: values.locationId ?? null,
  permitId: values.permitId ?? null,
  workPackage: values.workPackage,
  subActivity: values.subActivity,
  talkingPoints: values.talkingPoints,
  comment: values.comment,
});

type AttendeeRow = { name: string; company: string | null; status: AttendanceStatus; remark: string | null };
const attendeeText = (row: AttendeeRow) =>
  `${row.name}${row.company ? ` (${row.company})` : ""} ${row.status}${row.remark ? `: ${row.remark}` : ""}`;

/**
 * The attendance as the form sent it: rows kept by id keep their sign-on, new rows are added, rows left out
 * go (a row someone signed through the link cannot be removed: its signature is the record). Returns the
 * change for the log, or null.
 */
async function saveAttendance(
  tx: EntityManager,
  projectId: string,
  talk: ISafetyTalk,
  rows: TalkEditValues["attendees"],
) {
  const existing = await tx.find(SafetyTalkAttendee, { talk: talk.id }, { orderBy: { position: "asc" } });
  const byId = new Map(existing.map((row) => [row.id, row]));
  const before = existing.map((row) => attendeeText(row as AttendeeRow));
  const kept = new Set<string>();
  rows.forEach((row, position) => {
    const values = {
      name: row.name as string,
      company: row.company,
      status: row.status ?? "present",
      remark: row.remark,
      position,
    };
    const current = row.id ? byId.get(row.id) : undefined;
    if (current) {
      kept.add(current.id);
      // A signed row keeps the name and company it was signed with.
      tx.assign(
        current,
        current.signOn ? { status: values.status, remark: values.remark, position } : values,
      );
    } else tx.create(SafetyTalkAttendee, { project: projectId, talk: talk.id, ...values } as never);
  });
  for (const row of existing) if (!kept.has(row.id) && !row.signOn) tx.remove(row);
  await tx.flush();
  const after = (await tx.find(SafetyTalkAttendee, { talk: talk.id }, { orderBy: { position: "asc" } })).map(
    (row) => attendeeText(row as AttendeeRow),
  );
  return JSON.stringify(before) === JSON.stringify(after) ? null : { before, after };
}

type Parsed<V> =
  | { ok: true; values: V; files: StoredUpload[] }
  | { ok: false; response: ReturnType<typeof data> };

/** The multipart form (fields and group photos): files stream to storage first, nothing is kept when refused. */
async function readTalkForm<V extends TalkEditValues>(
  context: ProjectContext,
  request: Request,
  schema: typeof talkCreateSchema | typeof talkEditSchema,
): Promise<Parsed<V>> {
  let fields: FormData;
  let files: StoredUpload[];
  try {
    ({ fields, files } = await parseUpload(request, {
      maxBytes: UPLOAD_LIMITS.standard,
      allowedExtensions: PHOTO_EXTENSIONS,
    }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return {
      ok: false,
      response: data({ status: "error", error: { photos: [uploadErrorMessage(error)] } }, { status: 400 }),
    };
  }
  const submission = parseWithZod(fields, { schema });
  if (submission.status !== "success") {
    await discardUploads(files);
    return { ok: false, response: data(submission.reply(), { status: 400 }) };
  }
  const values = submission.value as V;
  const fieldErrors = await choiceErrors(
    context.em,
    context.project.id,
    { members: { supervisorId: values.supervisorId }, locationId: values.locationId },
    notFound[0],
  );
  // The permit must be one of the project's, not archived.
  if (
    values.permitId &&
    (await context.em.count(SafetyPermit, {
      id: values.permitId,
      project: context.project.id,
      status: { $ne: "ARCHIVED" },
    })) === 0
  )
    fieldErrors.permitId = notFound;
  if ("kind" in values && !canOnKind(context, (values as TalkCreateValues).kind, "create"))
    fieldErrors.kind = notFound;
  if (Object.keys(fieldErrors).length > 0) {
    await discardUploads(files);
    return { ok: false, response: data(submission.reply({ fieldErrors }), { status: 400 }) };
  }
  return { ok: true, values, files };
}

async function attachPhotos(
  tx: EntityManager,
  context: ProjectContext,
  talkId: string,
  files: StoredUpload[],
) {
  if (files.length === 0) return;
  await saveAttachmentRecords(tx, {
    projectId: context.project.id,
    entityType: TALK_ENTITY_TYPE,
    entityId: talkId,
    files,
    uploadedBy: context.user.id,
  });
}

/** Creates a talk of a kind the user may create, numbered per project and kind, with its attendance and photos. */
export async function createTalk(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  const parsed = await readTalkForm<TalkCreateValues>(context, request, talkCreateSchema);
  if (!parsed.ok) return parsed.response;
  const { values, files } = parsed;
  let talk: ISafetyTalk;
  try {
    talk = await em.transactional(async (tx) => {
      const fields = fieldsOf(values);
      const created = tx.create(SafetyTalk, {
        project: project.id,
        number: await nextNumber(tx, project.id, TALK_NUMBER_PREFIX[values.kind]),
        kind: values.kind,
        title: fields.title,
        heldOn: fields.heldOn,
        supervisor: fields.supervisorId,
        location: fields.locationId,
        permit: fields.permitId,
        workPackage: fields.workPackage,
        subActivity: fields.subActivity,
        talkingPoints: fields.talkingPoints,
        comment: fields.comment,
        supervisorSignature: signatureOf(values, null),
        createdBy: user.id,
      } as never) as ISafetyTalk;
      await tx.flush();
      const attendance = await saveAttendance(tx, project.id, created, values.attendees);
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: TALK_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { number: created.number, kind: values.kind, ...fields, attendees: attendance?.after ?? [] },
      });
      await tx.flush();
      await attachPhotos(tx, context, created.id, files);
      return created;
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  return redirectWithToast(talkPath(talk.id), {
    type: "success",
    message: "safety:talk.toast.created",
    params: { number: talk.number },
  });
}

/** The values the edit form starts from. */
export async function talkFormValues(em: EntityManager, talk: ISafetyTalk) {
  const attendees = await em.find(SafetyTalkAttendee, { talk: talk.id }, { orderBy: { position: "asc" } });
  return {
    title: talk.title,
    heldOn: dayOfDateColumn(talk.heldOn) ?? "",
    supervisorId: talk.supervisor?.id ?? "",
    locationId: talk.location?.id ?? "",
    permitId: talk.permit?.id ?? "",
    workPackage: talk.workPackage ?? "",
    subActivity: talk.subActivity ?? "",
    talkingPoints: talk.talkingPoints ?? "",
    comment: talk.comment ?? "",
    signed: Boolean(talk.supervisorSignature),
    attendees: attendees.map((row) => ({
      id: row.id,
      name: row.name,
      company: row.company ?? "",
      status: row.status,
      remark: row.remark ?? "",
      signed: Boolean(row.signOn),
    })),
  };
}
export type TalkFormValues = Awaited<ReturnType<typeof talkFormValues>>;

/** Saves the edit form (fields, attendance, signature, more photos) with an "updated" entry of what changed. */
export async function editTalk(context: ProjectContext, talk: ISafetyTalk, request: Request) {
  const { em, project, user } = context;
  const parsed = await readTalkForm<TalkEditValues>(context, request, talkEditSchema);
  if (!parsed.ok) return parsed.response;
  const { values, files } = parsed;
  try {
    await em.transactional(async (tx) => {
      const current = await tx.findOneOrFail(SafetyTalk, { id: talk.id, project: project.id });
      const before = {
        ...fieldsOf({
          ...values,
          title: current.title,
          heldOn: dayOfDateColumn(current.heldOn) ?? "",
          supervisorId: current.supervisor?.id,
          locationId: current.location?.id,
          permitId: current.permit?.id,
          workPackage: current.workPackage ?? null,
          subActivity: current.subActivity ?? null,
          talkingPoints: current.talkingPoints ?? null,
          comment: current.comment ?? null,
        }),
        signed: Boolean(current.supervisorSignature),
      };
      const fields = fieldsOf(values);
      const signature = signatureOf(values, current.supervisorSignature ?? null);
      const changed = changedFields(before, { ...fields, signed: Boolean(signature) });
      const signatureChanged = signature !== (current.supervisorSignature ?? null);
      tx.assign(current, {
        title: fields.title,
        heldOn: fields.heldOn,
        supervisor: fields.supervisorId,
        location: fields.locationId,
        permit: fields.permitId,
        workPackage: fields.workPackage,
        subActivity: fields.subActivity,
        talkingPoints: fields.talkingPoints,
        comment: fields.comment,
        supervisorSignature: signature,
      } as never);
      const attendance = await saveAttendance(tx, project.id, current, values.attendees);
      if (attendance) {
        changed.before = { ...changed.before, attendees: attendance.before } as never;
        changed.after = { ...changed.after, attendees: attendance.after } as never;
      }
      if (signatureChanged) changed.after = { ...changed.after, signatureChanged: true } as never;
      if (Object.keys(changed.after).length > 0)
        recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          entityType: TALK_ENTITY_TYPE,
          entityId: current.id,
          action: "updated",
          ...changed,
        });
      await tx.flush();
      await attachPhotos(tx, context, current.id, files);
    });
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  return redirectWithToast(talkPath(talk.id), {
    type: "success",
    message: "safety:talk.toast.updated",
    params: { number: talk.number },
  });
}

/** Attendance rows of a talk, in order. */
export async function talkAttendees(em: EntityManager, talkId: string): Promise<ISafetyTalkAttendee[]> {
  return em.find(
    SafetyTalkAttendee,
    { talk: talkId },
    { orderBy: { position: "asc" }, populate: ["signOn"] },
  );
}

/** The talk takes a sign-on: the person's row (typed in beforehand, not yet signed) or a new one, present. */
export async function addSignedAttendee(
  tx: EntityManager,
  talkId: string,
  signOn: { id: string; name: string; company?: string | null; personKey: string; project: { id: string } },
) {
  const rows = await tx.find(SafetyTalkAttendee, { talk: talkId }, { orderBy: { position: "asc" } });
  const same = rows.find((row) => !row.signOn && personKey(row.name, row.company) === signOn.personKey);
  if (same)
    tx.assign(same, { signOn: signOn.id, status: same.status === "absent" ? "present" : same.status });
  else
    tx.create(SafetyTalkAttendee, {
      project: signOn.project.id,
      talk: talkId,
      position: rows.length === 0 ? 0 : Math.max(...rows.map((row) => row.position)) + 1,
      name: signOn.name,
      company: signOn.company ?? null,
      status: "present",
      remark: null,
      signOn: signOn.id,
    } as never);
  recordActivity(tx, {
    projectId: signOn.project.id,
    actorId: null,
    entityType: TALK_ENTITY_TYPE,
    entityId: talkId,
    action: "signed-on",
    after: { name: signOn.name, company: signOn.company ?? null },
  });
}
