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
import { isActionLive } from "../domain/action-workflow";
import type { ISafetyAction } from "../entities";
import { ACTION_ENTITY_TYPE, actionPath, evidenceDeleteSchema } from "./action-rules";
import { actionById, relationOf } from "./actions.server";

/**
 * An action's evidence: photos, videos and documents, core `Attachment` rows of the action (entity type
 * "safety-action", so each file added or deleted is in the action's activity log). The creator, the
 * assignee and the managers add them until the action is closed; a file is removed by its uploader or a
 * manager, until then too.
 */
export type ActionEvidence = {
  id: string;
  fileName: string;
  size: number;
  kind: "image" | "video" | "document";
  uploadedBy: string | null;
  mayDelete: boolean;
};

export const evidencePath = (actionId: string, fileId: string) =>
  `${actionPath(actionId)}/evidence/${fileId}`;

export function canAddEvidence(context: ProjectContext, action: ISafetyAction): boolean {
  if (!isActionLive(action.status)) return false;
  const relation = relationOf(context, action);
  return relation.isCreator || relation.isAssignee || relation.isManager;
}

const kindOf = (contentType: string): ActionEvidence["kind"] =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "document";

export async function actionEvidence(
  context: ProjectContext,
  action: ISafetyAction,
): Promise<ActionEvidence[]> {
  const rows = await attachmentsOf(context.em, ACTION_ENTITY_TYPE, action.id);
  await context.em.populate(rows, ["uploadedBy"]);
  const manager = relationOf(context, action).isManager;
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    size: Number(row.size),
    kind: kindOf(row.contentType),
    uploadedBy: row.uploadedBy?.name ?? null,
    mayDelete: isActionLive(action.status) && (manager || row.uploadedBy?.id === context.user.id),
  }));
}

function refuse(action: ISafetyAction, text: string) {
  const { key, params } = parseMessage(text);
  return redirectWithToast(actionPath(action.id), { type: "error", message: key, params });
}

/** Evidence posted for an action, streamed to storage (100 MB each); nothing is kept when refused or failed. */
export async function uploadEvidence(
  context: ProjectContext,
  actionId: string | undefined,
  request: Request,
) {
  const action = await actionById(context, actionId);
  const relation = relationOf(context, action);
  if (!relation.isCreator && !relation.isAssignee && !relation.isManager)
    throw new Response("Forbidden", { status: 403 });
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (isActionLive(action.status) ? null : "safety:action.evidence.closed"),
    noFileMessage: "safety:action.evidence.noFile",
    projectId: context.project.id,
    entityType: ACTION_ENTITY_TYPE,
    entityId: action.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) return refuse(action, attached.message);
  return redirectWithToast(actionPath(action.id), {
    type: "success",
    message: "safety:action.evidence.added",
    params: { count: attached.count },
  });
}

/** Removes one file of the action's evidence, with an "attachment-deleted" entry; the stored file goes after the commit. */
export async function deleteEvidence(context: ProjectContext, action: ISafetyAction, formData: FormData) {
  const submission = parseWithZod(formData, { schema: evidenceDeleteSchema });
  if (submission.status !== "success") return refuse(action, "safety:action.evidence.notFound");
  const { em, project, user } = context;
  const file = await em.findOne(Attachment, {
    id: submission.value.fileId,
    entityType: ACTION_ENTITY_TYPE,
    entityId: action.id,
  });
  if (!file) return refuse(action, "safety:action.evidence.notFound");
  if (!isActionLive(action.status)) return refuse(action, "safety:action.evidence.closed");
  if (!relationOf(context, action).isManager && file.uploadedBy?.id !== user.id)
    throw new Response("Forbidden", { status: 403 });
  const storageKey = file.storageKey;
  await em.transactional(async (tx) => {
    tx.remove(file);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ACTION_ENTITY_TYPE,
      entityId: action.id,
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
  return redirectWithToast(actionPath(action.id), {
    type: "success",
    message: "safety:action.evidence.deleted",
    params: { fileName: file.fileName },
  });
}

/** The file, for anyone who may see the action; images and videos open in the browser. */
export async function downloadEvidence(
  context: ProjectContext,
  actionId: string | undefined,
  fileId: string | undefined,
) {
  const action = await actionById(context, actionId);
  const file = isUuid(fileId)
    ? await context.em.findOne(Attachment, {
        id: fileId,
        entityType: ACTION_ENTITY_TYPE,
        entityId: action.id,
      })
    : null;
  if (!file) throw new Response("Not Found", { status: 404 });
  return attachmentDownload(context.em, file.id, { inline: kindOf(file.contentType) !== "document" });
}

/**
 * The files of a deleted action: their rows and stored files go with it (after the deletion committed; the
 * "deleted" entry of the action names it). A file left behind in storage is only space, so a failure is logged.
 */
export async function removeEvidenceOf(context: ProjectContext, actionId: string) {
  const rows = await attachmentsOf(context.em, ACTION_ENTITY_TYPE, actionId);
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
