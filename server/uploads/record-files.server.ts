import { parseMessage } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachmentsOf, attachUploads } from "./attachments.server";
import { UPLOAD_LIMITS } from "./file-types";

/**
 * Photos, videos and documents of one record (a defect, an NCR, a safety action, an observation…): core
 * `Attachment` rows of the record, added through an upload form on the record's page, opened by anyone who
 * sees the record (images and videos in the browser), removed by their uploader or by whoever the record
 * says removes any. What differs per record is declared once in a `RecordFilesKind`; the sequence (who,
 * which state, streaming, the activity entry, the toast, the download, the storage clean-up) is this file's,
 * so no two modules' files drift apart.
 */

export type RecordFileKind = "image" | "video" | "document";

export type RecordFile = {
  id: string;
  fileName: string;
  size: number;
  kind: RecordFileKind;
  isImage: boolean;
  uploadedBy: string | null;
  /** This user may remove it now: their own upload, or any for those who remove any, while the record takes files. */
  mayDelete: boolean;
};

export type RecordFilesKind<R extends { id: string }> = {
  /** The attachments' `entityType` (also the record's activity log's, so each file added or removed is in it). */
  entityType: string;
  /** The record's page: uploads and removals go back there with a toast. */
  pagePath: (recordId: string) => string;
  /** The record of a URL as this user may see it, or a thrown 404. */
  find: (context: ProjectContext, recordId: string | undefined) => Promise<R>;
  /** Whether this user is one who adds files to the record (whatever its state). */
  isContributor: (context: ProjectContext, record: R) => boolean;
  /** Whether this user removes anyone's file (a manager); everyone removes their own. Nobody, when absent. */
  removesAny?: (context: ProjectContext, record: R) => boolean;
  /** The refusal when the record's state takes no more files (a translation key), or null. */
  stateRefusal: (record: R) => string | null;
  messages: { noFile: string; added: string; deleted?: string; notFound?: string };
  /** The largest file taken (spec 5): 100 MB unless the record's form says less (50 MB: site diary, audit). */
  maxBytes?: number;
};

const kindOf = (contentType: string): RecordFileKind =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("video/") ? "video" : "document";

/** Removes stored files after their rows went; a file left behind in storage is only space, so a failure is logged. */
async function deleteStored(keys: string[]) {
  for (const key of keys)
    await fileStorage()
      .delete(key)
      .catch((error: unknown) => logError(error));
}

export function recordFiles<R extends { id: string }>(kind: RecordFilesKind<R>) {
  const canAdd = (context: ProjectContext, record: R) =>
    kind.stateRefusal(record) === null && kind.isContributor(context, record);

  const back = (
    record: R,
    type: "success" | "error",
    text: string,
    params?: Record<string, string | number>,
  ) => {
    const parsed = parseMessage(text);
    return redirectWithToast(kind.pagePath(record.id), {
      type,
      message: parsed.key,
      params: { ...parsed.params, ...params },
    });
  };

  async function list(context: ProjectContext, record: R): Promise<RecordFile[]> {
    const rows = await attachmentsOf(context.em, kind.entityType, record.id);
    await context.em.populate(rows, ["uploadedBy"]);
    const open = kind.stateRefusal(record) === null;
    const removesAny = kind.removesAny?.(context, record) ?? false;
    return rows.map((row) => ({
      id: row.id,
      fileName: row.fileName,
      size: Number(row.size),
      kind: kindOf(row.contentType),
      isImage: row.contentType.startsWith("image/"),
      uploadedBy: row.uploadedBy?.name ?? null,
      mayDelete: open && (removesAny || row.uploadedBy?.id === context.user.id),
    }));
  }

  /** Files posted for the record, streamed to storage; nothing is kept when refused or when the upload fails. */
  async function upload(context: ProjectContext, recordId: string | undefined, request: Request) {
    const record = await kind.find(context, recordId);
    // Someone who never adds files is refused at once; a record past taking files is answered after the
    // upload is read (with the reason), like any refusal of attachUploads.
    if (!kind.isContributor(context, record) && kind.stateRefusal(record) === null)
      throw new Response("Forbidden", { status: 403 });
    const attached = await attachUploads(request, {
      em: context.em,
      maxBytes: kind.maxBytes ?? UPLOAD_LIMITS.standard,
      refusal: () => kind.stateRefusal(record),
      noFileMessage: kind.messages.noFile,
      projectId: context.project.id,
      entityType: kind.entityType,
      entityId: record.id,
      uploadedBy: context.user.id,
    });
    if (!attached.ok) return back(record, "error", attached.message);
    return back(record, "success", kind.messages.added, { count: attached.count });
  }

  async function fileOf(context: ProjectContext, record: R, fileId: unknown) {
    return isUuid(fileId)
      ? context.em.findOne(Attachment, { id: fileId, entityType: kind.entityType, entityId: record.id })
      : null;
  }

  /** The file, for anyone who may see the record; images and videos open in the browser. */
  async function download(context: ProjectContext, recordId: string | undefined, fileId: string | undefined) {
    const record = await kind.find(context, recordId);
    const file = await fileOf(context, record, fileId);
    if (!file) throw new Response("Not Found", { status: 404 });
    return attachmentDownload(context.em, file.id, { inline: kindOf(file.contentType) !== "document" });
  }

  /**
   * Removes one file (the form's `fileId`), by its uploader or one who removes any, while the record takes
   * files, with an "attachment-deleted" entry; the stored file goes after the commit.
   */
  async function remove(context: ProjectContext, record: R, fileId: unknown) {
    const file = await fileOf(context, record, fileId);
    if (!file) return back(record, "error", kind.messages.notFound ?? "uploads:fileNotFound");
    const refusal = kind.stateRefusal(record);
    if (refusal) return back(record, "error", refusal);
    const removesAny = kind.removesAny?.(context, record) ?? false;
    if (!removesAny && file.uploadedBy?.id !== context.user.id)
      throw new Response("Forbidden", { status: 403 });
    const { storageKey, fileName } = file;
    await context.em.transactional(async (tx) => {
      tx.remove(file);
      recordActivity(tx, {
        projectId: context.project.id,
        actorId: context.user.id,
        entityType: kind.entityType,
        entityId: record.id,
        action: "attachment-deleted",
        before: { attachmentId: file.id, fileName, size: Number(file.size) },
      });
    });
    await deleteStored([storageKey]);
    return back(record, "success", kind.messages.deleted ?? "uploads:fileRemoved", { fileName });
  }

  /** The files of a deleted record go with it, after its deletion committed (its "deleted" entry names it). */
  async function removeAll(context: ProjectContext, recordId: string) {
    const rows = await attachmentsOf(context.em, kind.entityType, recordId);
    if (rows.length === 0) return;
    const keys = rows.map((row) => row.storageKey);
    await context.em.transactional(async (tx) => {
      for (const row of rows) tx.remove(tx.getReference(Attachment, row.id));
    });
    await deleteStored(keys);
  }

  return { entityType: kind.entityType, canAdd, list, upload, download, remove, removeAll };
}
