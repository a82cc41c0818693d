import { parseWithZod } from "@conform-to/zod/v4";
import { parseMessage } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  attachmentDownload,
  attachmentsOf,
  attachUploads,
  UPLOAD_LIMITS,
} from "~/server/uploads/index.server";
import { isObservationLive } from "../domain/observation-workflow";
import type { ISafetyObservation } from "../entities";
import { OBSERVATION_ENTITY_TYPE, observationPath } from "./observation-basics";
import { photoDeleteSchema } from "./observation-rules";

/**
 * An observation's photos (and videos): core `Attachment` rows of entity type "safety-observation", so each
 * file added is in the observation's activity log. Taken when it is raised, and added later (the "after"
 * photo of the fix) by the raiser, the assignee or a manager until it is closed.
 */
export type ObservationPhoto = {
  id: string;
  fileName: string;
  size: number;
  kind: "image" | "video";
  uploadedBy: string | null;
  /** Its uploader or a manager may remove it, until the observation is closed. */
  mayDelete: boolean;
};

const kindOf = (contentType: string): ObservationPhoto["kind"] =>
  contentType.startsWith("video/") ? "video" : "image";

export async function observationPhotos(
  context: ProjectContext,
  observation: ISafetyObservation,
  isManager: boolean,
): Promise<ObservationPhoto[]> {
  const rows = await attachmentsOf(context.em, OBSERVATION_ENTITY_TYPE, observation.id);
  await context.em.populate(rows, ["uploadedBy"]);
  const live = isObservationLive(observation.status);
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    size: Number(row.size),
    kind: kindOf(row.contentType),
    uploadedBy: row.uploadedBy?.name ?? null,
    mayDelete: live && (isManager || row.uploadedBy?.id === context.user.id),
  }));
}

const refuse = (observation: ISafetyObservation, key: string) =>
  redirectWithToast(observationPath(observation.id), { type: "error", message: key });

/**
 * Removes one photo, by its uploader or a manager while the observation is not closed, with an
 * "attachment-deleted" entry; the stored file goes after the commit.
 */
export async function deletePhoto(
  context: ProjectContext,
  observation: ISafetyObservation,
  isManager: boolean,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: photoDeleteSchema });
  if (submission.status !== "success") return refuse(observation, "safety:observation.photos.notFound");
  const { em, project, user } = context;
  const file = await em.findOne(Attachment, {
    id: submission.value.fileId,
    entityType: OBSERVATION_ENTITY_TYPE,
    entityId: observation.id,
  });
  if (!file) return refuse(observation, "safety:observation.photos.notFound");
  if (!isObservationLive(observation.status)) return refuse(observation, "safety:observation.photos.closed");
  if (!isManager && file.uploadedBy?.id !== user.id) throw new Response("Forbidden", { status: 403 });
  const storageKey = file.storageKey;
  await em.transactional(async (tx) => {
    tx.remove(file);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: OBSERVATION_ENTITY_TYPE,
      entityId: observation.id,
      action: "attachment-deleted",
      before: { attachmentId: file.id, fileName: file.fileName, size: Number(file.size) },
    });
  });
  await fileStorage()
    .delete(storageKey)
    .catch((error: unknown) => logError(error));
  return redirectWithToast(observationPath(observation.id), {
    type: "success",
    message: "safety:observation.photos.deleted",
    params: { fileName: file.fileName },
  });
}

/**
 * Photos posted for an observation, streamed to storage (100 MB each); nothing is kept when refused. Who
 * may add them (`mayAdd`: raiser, assignee or manager) is decided by the caller from the observation.
 */
export async function uploadPhotos(
  context: ProjectContext,
  observation: ISafetyObservation,
  mayAdd: boolean,
  request: Request,
) {
  if (!mayAdd && isObservationLive(observation.status)) throw new Response("Forbidden", { status: 403 });
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (isObservationLive(observation.status) ? null : "safety:observation.photos.closed"),
    noFileMessage: "safety:observation.photos.noFile",
    projectId: context.project.id,
    entityType: OBSERVATION_ENTITY_TYPE,
    entityId: observation.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) {
    const { key, params } = parseMessage(attached.message);
    return redirectWithToast(observationPath(observation.id), { type: "error", message: key, params });
  }
  return redirectWithToast(observationPath(observation.id), {
    type: "success",
    message: "safety:observation.photos.added",
    params: { count: attached.count },
  });
}

/** The file, for anyone who may see the observation; photos and videos open in the browser. */
export async function downloadPhoto(
  context: ProjectContext,
  observation: ISafetyObservation,
  fileId: string | undefined,
) {
  const file = isUuid(fileId)
    ? await context.em.findOne(Attachment, {
        id: fileId,
        entityType: OBSERVATION_ENTITY_TYPE,
        entityId: observation.id,
      })
    : null;
  if (!file) throw new Response("Not Found", { status: 404 });
  return attachmentDownload(context.em, file.id, {
    inline: file.contentType.startsWith("image/") || file.contentType.startsWith("video/"),
  });
}

/**
 * The photos of a deleted observation: their rows and stored files go with it, after the deletion committed
 * (the "deleted" entry names it). A file left behind in storage is only space, so a failure is logged.
 */
export async function removePhotosOf(context: ProjectContext, observationId: string) {
  const rows = await attachmentsOf(context.em, OBSERVATION_ENTITY_TYPE, observationId);
  if (rows.length === 0) return;
  const keys = rows.map((row) => row.storageKey);
  await context.em.transactional(async (tx) => {
    for (const row of rows) tx.remove(tx.getReference(Attachment, row.id));
  });
  for (const key of keys)
    await fileStorage()
      .delete(key)
      .catch((error: unknown) => logError(error));
}
