import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { parseMessage } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachUploads, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { SafetyIncidentInjuredPerson } from "../entities";
import { INCIDENT_INTENTS, incidentEditPath } from "./incident-rules";
import { incidentById, sectionsFor } from "./incidents.server";

/**
 * Photos and videos of an injured person (spec 3): core `Attachment` rows of the person (entity type
 * "safety-incident-injured-person", 100 MB a file, the spec 5 message past it), added and removed by whoever
 * may change the injury details now, seen by whoever may see the incident.
 */

export const INJURED_FILE_ENTITY_TYPE = "safety-incident-injured-person";
export { incidentFilePath, injuredUploadPath } from "./incident-file-paths";

export type IncidentFile = { id: string; fileName: string; kind: "image" | "video" | "document" };

const kindOf = (contentType: string): IncidentFile["kind"] =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "document";

/** Each injured person's files, by person id. */
export async function injuredFiles(em: EntityManager, personIds: string[]) {
  const byPerson = new Map<string, IncidentFile[]>(personIds.map((id) => [id, []]));
  if (personIds.length === 0) return byPerson;
  const rows = await em.find(
    Attachment,
    { entityType: INJURED_FILE_ENTITY_TYPE, entityId: { $in: personIds } },
    { orderBy: { createdAt: "asc", id: "asc" } },
  );
  for (const row of rows)
    byPerson.get(row.entityId)?.push({ id: row.id, fileName: row.fileName, kind: kindOf(row.contentType) });
  return byPerson;
}

async function personOf(context: ProjectContext, incidentId: string, personId: string | undefined) {
  const person = isUuid(personId)
    ? await context.em.findOne(SafetyIncidentInjuredPerson, { id: personId, incident: incidentId })
    : null;
  if (!person) throw new Response("Not found", { status: 404 });
  return person;
}

function back(
  incidentId: string,
  text: string,
  type: "success" | "error",
  params?: Record<string, string | number>,
) {
  const parsed = parseMessage(text);
  return redirectWithToast(`${incidentEditPath(incidentId, "injury")}#injured`, {
    type,
    message: parsed.key,
    params: params ?? parsed.params,
  });
}

/** Files posted for an injured person, streamed to storage; nothing is kept when refused or failed. */
export async function uploadInjuredFiles(
  context: ProjectContext,
  incidentId: string | undefined,
  personId: string | undefined,
  request: Request,
) {
  const incident = await incidentById(context, incidentId);
  const person = await personOf(context, incident.id, personId);
  const open = sectionsFor(context, incident).includes("injury");
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (open ? null : "safety:incident.errors.notEditable"),
    noFileMessage: "safety:incident.files.noFile",
    projectId: context.project.id,
    entityType: INJURED_FILE_ENTITY_TYPE,
    entityId: person.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) return back(incident.id, attached.message, "error");
  return back(incident.id, "safety:incident.files.added", "success", { count: attached.count });
}

export const fileDeleteSchema = z.object({
  intent: z.literal(INCIDENT_INTENTS.fileDelete),
  fileId: z.uuid(),
});

/** Removes one file of an injured person (the edit page's "file-delete"); the stored file goes after the commit. */
export async function deleteInjuredFile(context: ProjectContext, incidentId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: fileDeleteSchema });
  if (submission.status !== "success") return back(incidentId, "safety:incident.files.notFound", "error");
  const incident = await incidentById(context, incidentId);
  if (!sectionsFor(context, incident).includes("injury"))
    return back(incident.id, "safety:incident.errors.notEditable", "error");
  const file = await context.em.findOne(Attachment, {
    id: submission.value.fileId,
    entityType: INJURED_FILE_ENTITY_TYPE,
  });
  const person = file
    ? await context.em.findOne(SafetyIncidentInjuredPerson, { id: file.entityId, incident: incident.id })
    : null;
  if (!file || !person) return back(incident.id, "safety:incident.files.notFound", "error");
  const storageKey = file.storageKey;
  await context.em.transactional(async (tx) => {
    tx.remove(file);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: INJURED_FILE_ENTITY_TYPE,
      entityId: person.id,
      action: "attachment-deleted",
      before: { attachmentId: file.id, fileName: file.fileName, size: Number(file.size) },
    });
  });
  try {
    await fileStorage().delete(storageKey);
  } catch (error) {
    // The record is gone; a file left behind in storage is only space.
    logError(error);
  }
  return back(incident.id, "safety:incident.files.deleted", "success", { fileName: file.fileName });
}

/** A file of one of the incident's injured persons, for anyone who may see the incident. */
export async function downloadIncidentFile(
  context: ProjectContext,
  incidentId: string | undefined,
  fileId: string | undefined,
) {
  const incident = await incidentById(context, incidentId);
  const file = isUuid(fileId)
    ? await context.em.findOne(Attachment, { id: fileId, entityType: INJURED_FILE_ENTITY_TYPE })
    : null;
  const person = file
    ? await context.em.findOne(SafetyIncidentInjuredPerson, { id: file.entityId, incident: incident.id })
    : null;
  if (!file || !person) throw new Response("Not Found", { status: 404 });
  return attachmentDownload(context.em, file.id, { inline: kindOf(file.contentType) !== "document" });
}
