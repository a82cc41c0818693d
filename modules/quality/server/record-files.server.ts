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

/**
 * Photos and documents of one quality record (a defect, an NCR): core `Attachment` rows of the record,
 * added through an upload form on the record's page and opened by anyone who sees the record (images
 * inline). What differs per record is declared once in a `RecordFilesKind`; the sequence (who, which
 * state, streaming, the toast, the download) is this file's, so defects and NCRs cannot drift apart.
 */

export type RecordFile = { id: string; fileName: string; size: number; isImage: boolean };

export type RecordFilesKind<R extends { id: string }> = {
  /** The attachments' `entityType`. */
  entityType: string;
  /** The record's page: uploads go back there with a toast. */
  pagePath: (recordId: string) => string;
  /** The record of a URL as this user may see it, or a thrown 404. */
  find: (context: ProjectContext, recordId: string | undefined) => Promise<R>;
  /** Whether this user is one who adds files to the record (whatever its state). */
  isContributor: (context: ProjectContext, record: R) => boolean;
  /** The refusal when the record's state takes no more files (a translation key), or null. */
  stateRefusal: (record: R) => string | null;
  messages: { noFile: string; added: string };
};

export function recordFiles<R extends { id: string }>(kind: RecordFilesKind<R>) {
  const canAdd = (context: ProjectContext, record: R) =>
    kind.stateRefusal(record) === null && kind.isContributor(context, record);

  async function list(context: ProjectContext, recordId: string): Promise<RecordFile[]> {
    const rows = await attachmentsOf(context.em, kind.entityType, recordId);
    return rows.map((row) => ({
      id: row.id,
      fileName: row.fileName,
      size: Number(row.size),
      isImage: row.contentType.startsWith("image/"),
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
      maxBytes: UPLOAD_LIMITS.standard,
      refusal: () => kind.stateRefusal(record),
      noFileMessage: kind.messages.noFile,
      projectId: context.project.id,
      entityType: kind.entityType,
      entityId: record.id,
      uploadedBy: context.user.id,
    });
    if (!attached.ok) {
      const { key, params } = parseMessage(attached.message);
      return redirectWithToast(kind.pagePath(record.id), { type: "error", message: key, params });
    }
    return redirectWithToast(kind.pagePath(record.id), {
      type: "success",
      message: kind.messages.added,
      params: { count: attached.count },
    });
  }

  /** The file, for anyone who may see the record; images open in the browser. */
  async function download(context: ProjectContext, recordId: string | undefined, fileId: string | undefined) {
    const record = await kind.find(context, recordId);
    const file = isUuid(fileId)
      ? await context.em.findOne(Attachment, { id: fileId, entityType: kind.entityType, entityId: record.id })
      : null;
    if (!file) throw new Response("Not Found", { status: 404 });
    return attachmentDownload(context.em, file.id, { inline: file.contentType.startsWith("image/") });
  }

  return { entityType: kind.entityType, canAdd, list, upload, download };
}
