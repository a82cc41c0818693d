import type { EntityManager } from "@mikro-orm/postgresql";
import { parseMessage } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachUploads, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { type IItp, ItpItem } from "../entities";
import { lookUpReviewLink } from "./itp-review.server";
import { itpPath } from "./itp-rules";
import { itpById } from "./itps.server";

/**
 * The attachments of ITP items (spec 3 "Items: … attachments"): a drawing, a test method, a sample
 * form. They are core `Attachment` rows of the item. They belong to the plan under review, so they are
 * added and removed only while the ITP is a draft, like the items themselves.
 */
export const ITP_ITEM_ATTACHMENT = "quality-itp-item";

export type ItemAttachment = { id: string; fileName: string; size: number };

/** Each item's attachments, in one query for the whole plan. */
export async function attachmentsByItem(
  em: EntityManager,
  itemIds: string[],
): Promise<Record<string, ItemAttachment[]>> {
  if (itemIds.length === 0) return {};
  const rows = await em.find(
    Attachment,
    { entityType: ITP_ITEM_ATTACHMENT, entityId: { $in: itemIds } },
    { orderBy: { createdAt: "asc", fileName: "asc" }, fields: ["entityId", "fileName", "size"] },
  );
  const byItem: Record<string, ItemAttachment[]> = {};
  for (const row of rows) {
    const files = byItem[row.entityId] ?? [];
    files.push({ id: row.id, fileName: row.fileName, size: Number(row.size) });
    byItem[row.entityId] = files;
  }
  return byItem;
}

/** Back to the ITP with the reason (upload errors carry parameters: see app/utils/message-key.ts). */
function refuse(itp: IItp, text: string) {
  const { key, params } = parseMessage(text);
  return redirectWithToast(itpPath(itp.id), { type: "error", message: key, params });
}

async function editableItem(context: ProjectContext, itpId: string | undefined, itemId: string | undefined) {
  if (!context.can("quality.itp.edit")) throw new Response("Forbidden", { status: 403 });
  const itp = await itpById(context.em, itpId);
  const item = isUuid(itemId) ? await context.em.findOne(ItpItem, { id: itemId, itp: itp.id }) : null;
  if (!item) throw new Response("Not Found", { status: 404 });
  return { itp, item };
}

/** Files posted for one item, streamed to storage; nothing is kept when the ITP is not a draft or the upload fails. */
export async function uploadItemAttachments(
  context: ProjectContext,
  itpId: string | undefined,
  itemId: string | undefined,
  request: Request,
) {
  const { itp, item } = await editableItem(context, itpId, itemId);
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (itp.status !== "draft" ? "quality:itp.attachments.onlyDraft" : null),
    noFileMessage: "quality:itp.attachments.noFile",
    projectId: context.project.id,
    entityType: ITP_ITEM_ATTACHMENT,
    entityId: item.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) return refuse(itp, attached.message);
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: "quality:itp.attachments.added",
    params: { count: attached.count, position: item.position },
  });
}

async function attachmentOf(em: EntityManager, itp: IItp, attachmentId: string | undefined) {
  const attachment = isUuid(attachmentId)
    ? await em.findOne(Attachment, { id: attachmentId, entityType: ITP_ITEM_ATTACHMENT })
    : null;
  const item = attachment ? await em.findOne(ItpItem, { id: attachment.entityId, itp: itp.id }) : null;
  if (!attachment || !item) throw new Response("Not Found", { status: 404 });
  return attachment;
}

/** The file, for anyone who may see the ITP. */
export async function downloadItemAttachment(
  context: ProjectContext,
  itpId: string | undefined,
  attachmentId: string | undefined,
) {
  const itp = await itpById(context.em, itpId);
  const attachment = await attachmentOf(context.em, itp, attachmentId);
  return attachmentDownload(context.em, attachment.id);
}

export async function deleteItemAttachment(
  context: ProjectContext,
  itpId: string | undefined,
  attachmentId: string | undefined,
) {
  if (!context.can("quality.itp.edit")) throw new Response("Forbidden", { status: 403 });
  const itp = await itpById(context.em, itpId);
  const attachment = await attachmentOf(context.em, itp, attachmentId);
  if (itp.status !== "draft") return refuse(itp, "quality:itp.attachments.onlyDraft");
  const { storageKey, fileName, entityId } = attachment;
  await context.em.transactional(async (tx) => {
    tx.remove(attachment);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: ITP_ITEM_ATTACHMENT,
      entityId,
      action: "attachment-deleted",
      before: { attachmentId: attachment.id, fileName },
    });
  });
  // The row is gone, so the file is unreachable; a failed removal only leaves an orphan to sweep.
  await fileStorage()
    .delete(storageKey)
    .catch((error) => logError(error));
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: "quality:itp.attachments.deleted",
    params: { fileName },
  });
}

/**
 * The file, for a reviewer on a review link (the client's, or Quality's): the token must name this ITP and
 * still be open for the decision (the same test as the review page), so a used, revoked or expired link
 * opens no files.
 */
export async function downloadItemAttachmentByLink(
  em: EntityManager,
  itpId: string | undefined,
  attachmentId: string | undefined,
  token: string | null,
) {
  // Either review's link opens the plan's files while it works.
  const lookup = await lookUpReviewLink(em, itpId, token, "any");
  if (lookup.state !== "valid") throw new Response("Not Found", { status: 404 });
  const attachment = await attachmentOf(em, lookup.itp, attachmentId);
  return attachmentDownload(em, attachment.id);
}
