import { parseMessage } from "~/app/utils/message-key";
import { Attachment } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import {
  attachmentDownload,
  attachmentsOf,
  attachUploads,
  UPLOAD_LIMITS,
} from "~/server/uploads/index.server";
import { DEFECT_PERMISSIONS } from "../domain/defect-workflow";
import type { IDefect } from "../entities";
import { defectPath } from "./defect-rules";
import { defectById, relationOf } from "./defects.server";

/**
 * A defect's photos and documents: core `Attachment` rows of the defect. The raiser adds the photo of the
 * defect, the assignee the photo of the fix, QA what it needs; a closed defect's files are its record and
 * are not added to.
 */
export const DEFECT_ATTACHMENT = "quality-defect";

export type DefectFile = { id: string; fileName: string; size: number; isImage: boolean };

export const defectFilePath = (defectId: string, fileId: string) => `${defectPath(defectId)}/files/${fileId}`;

export function canAddDefectFiles(context: ProjectContext, defect: IDefect): boolean {
  if (defect.status === "closed") return false;
  const relation = relationOf(context, defect);
  return relation.isRaiser || relation.isAssignee || context.can(DEFECT_PERMISSIONS.review);
}

export async function defectFiles(context: ProjectContext, defectId: string): Promise<DefectFile[]> {
  const rows = await attachmentsOf(context.em, DEFECT_ATTACHMENT, defectId);
  return rows.map((row) => ({
    id: row.id,
    fileName: row.fileName,
    size: Number(row.size),
    isImage: row.contentType.startsWith("image/"),
  }));
}

function refuse(defect: IDefect, text: string) {
  const { key, params } = parseMessage(text);
  return redirectWithToast(defectPath(defect.id), { type: "error", message: key, params });
}

/** Files posted for a defect, streamed to storage; nothing is kept when the user may not add them or the upload fails. */
export async function uploadDefectFiles(
  context: ProjectContext,
  defectId: string | undefined,
  request: Request,
) {
  const defect = await defectById(context, defectId);
  if (!canAddDefectFiles(context, defect) && defect.status !== "closed")
    throw new Response("Forbidden", { status: 403 });
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (defect.status === "closed" ? "quality:defect.files.closed" : null),
    noFileMessage: "quality:defect.files.noFile",
    projectId: context.project.id,
    entityType: DEFECT_ATTACHMENT,
    entityId: defect.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) return refuse(defect, attached.message);
  return redirectWithToast(defectPath(defect.id), {
    type: "success",
    message: "quality:defect.files.added",
    params: { count: attached.count },
  });
}

/** The file, for anyone who may see the defect; images open in the browser. */
export async function downloadDefectFile(
  context: ProjectContext,
  defectId: string | undefined,
  fileId: string | undefined,
) {
  const defect = await defectById(context, defectId);
  const file = isUuid(fileId)
    ? await context.em.findOne(Attachment, { id: fileId, entityType: DEFECT_ATTACHMENT, entityId: defect.id })
    : null;
  if (!file) throw new Response("Not Found", { status: 404 });
  return attachmentDownload(context.em, file.id, { inline: file.contentType.startsWith("image/") });
}
