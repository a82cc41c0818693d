import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import { type FileStorage, fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment, type IAttachment } from "~/server/db/entities";
import { invariantResponse } from "~/server/http/responses";
import { isUploadError, uploadErrorMessage } from "./errors";
import { discardUploads, parseUpload, type StoredUpload } from "./parse-upload.server";

export type NewAttachments = {
  projectId: string;
  /** The record the files belong to, e.g. ("lot", lot.id). */
  entityType: string;
  entityId: string;
  files: readonly Pick<StoredUpload, "key" | "fileName" | "contentType" | "size">[];
  uploadedBy: string | null;
  /** Shared by every file; each file's own name when absent. */
  title?: string;
  description?: string | null;
};

/**
 * One Attachment row per stored file, with an "attachment-added" entry in the record's history, flushed
 * together. Pass a transaction's EntityManager to save them with the record they belong to.
 */
export async function saveAttachmentRecords(
  em: EntityManager,
  input: NewAttachments,
): Promise<IAttachment[]> {
  const title = input.title?.trim();
  const attachments = input.files.map((file) =>
    em.create(Attachment, {
      project: input.projectId,
      entityType: input.entityType,
      entityId: input.entityId,
      title: title || file.fileName,
      description: input.description?.trim() || null,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      storageKey: file.key,
      uploadedBy: input.uploadedBy,
    }),
  );
  for (const attachment of attachments)
    recordActivity(em, {
      projectId: input.projectId,
      actorId: input.uploadedBy,
      entityType: input.entityType,
      entityId: input.entityId,
      action: "attachment-added",
      after: { attachmentId: attachment.id, fileName: attachment.fileName, size: attachment.size },
    });
  await em.flush();
  return attachments;
}

/** A record's attachments, oldest first (the order they were added). The EntityManager's project scope applies. */
export function attachmentsOf(
  em: EntityManager,
  entityType: string,
  entityId: string,
): Promise<IAttachment[]> {
  return em.find(
    Attachment,
    { entityType, entityId },
    { orderBy: { createdAt: "asc", fileName: "asc", id: "asc" } },
  );
}

/**
 * The file as a streamed download. 404 when the attachment is not in the EntityManager's project or its
 * file is gone. `inline` lets a browser show images and PDFs instead of saving them.
 */
export async function attachmentDownload(
  em: EntityManager,
  id: string,
  options: { inline?: boolean; storage?: FileStorage } = {},
): Promise<Response> {
  const attachment = await em.findOne(Attachment, { id });
  invariantResponse(attachment, "Attachment not found");
  const stored = await (options.storage ?? fileStorage()).get(attachment.storageKey);
  invariantResponse(stored, "Attachment not found");
  return fileDownload(stored, attachment, options.inline ? "inline" : "attachment");
}

/** A stored file as a streamed download, with the type and name its record keeps. */
export function fileDownload(
  stored: { stream: Readable; size: number },
  file: { contentType: string; fileName: string },
  disposition: "attachment" | "inline" = "attachment",
): Response {
  return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(stored.size),
      "Content-Disposition": contentDisposition(file.fileName, disposition),
      // The stored type is ours, not the browser's guess; never sniff a file into HTML.
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/** RFC 6266: an ASCII fallback name for old clients and the exact UTF-8 name for the rest. */
export function contentDisposition(fileName: string, type: "attachment" | "inline" = "attachment"): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type AttachUploadsResult = { ok: true; count: number } | { ok: false; message: string };

/**
 * The files of a form post attached to one record: streamed to storage, then — if the record takes files
 * (`refusal`, asked once the body is read, so a refused post is answered after its upload, not cut off) and
 * some came — saved as its attachments in one transaction. A refused or failed upload keeps no file. The refusal is a message
 * (an upload error's carries its parameters: app/utils/message-key.ts) for the caller to show.
 */
export async function attachUploads(
  request: Request,
  target: Omit<NewAttachments, "files"> & {
    em: EntityManager;
    maxBytes: number;
    /** Asked once the post is read, with its other fields and how many files came (a form that needs a title). */
    refusal: (fields: FormData, fileCount: number) => string | null;
    noFileMessage: string;
    /** The files' shared title and description from the post's fields, once the refusal has passed. */
    describeFiles?: (fields: FormData) => Pick<NewAttachments, "title" | "description">;
  },
): Promise<AttachUploadsResult> {
  let files: StoredUpload[];
  let fields: FormData;
  try {
    ({ files, fields } = await parseUpload(request, { maxBytes: target.maxBytes }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return { ok: false, message: uploadErrorMessage(error) };
  }
  const refused = target.refusal(fields, files.length);
  if (refused) {
    await discardUploads(files);
    return { ok: false, message: refused };
  }
  if (files.length === 0) return { ok: false, message: target.noFileMessage };
  const {
    em,
    maxBytes: _maxBytes,
    refusal: _refusal,
    noFileMessage: _noFile,
    describeFiles,
    ...attachment
  } = target;
  try {
    const described = describeFiles?.(fields) ?? {};
    await em.transactional((tx) => saveAttachmentRecords(tx, { ...attachment, ...described, files }));
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
  return { ok: true, count: files.length };
}
