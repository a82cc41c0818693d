import { randomUUID } from "node:crypto";
import type { EntityManager } from "@mikro-orm/postgresql";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { Attachment, type IAttachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import { attachmentDownload, saveAttachmentRecords, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { keepingUploads, parseUploadForm } from "~/server/uploads/upload-form.server";
import { DOCKET_ENTITY_TYPE } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS, DOCKET_TYPES } from "../domain/docket-workflow";
import { Docket, type IDocket, type IIntrayItem, IntrayItem } from "../entities";
import { INTRAY_EXTENSIONS, INTRAY_PATH } from "./intray-basics";

/**
 * The intray (README "Intray"): photos and scans of paper dockets, uploaded several at once (100 MB each, the
 * spec's message past it), each an intray item whose file is a core attachment ("dockets.intray"). An item is
 * set aside (inactive) and restored, deleted, or written up: a draft docket numbered DKT-0001 per project,
 * dated today on the project's clock, pre-filled from what the item knew, with a copy of the image among the
 * docket's files; the item then rests inactive with its docket.
 */

const P = DOCKET_PERMISSIONS;
export const INTRAY_ENTITY_TYPE = "dockets.intray";
/** Files in one upload: a day's bundle of dockets. */
export const INTRAY_MAX_FILES = 20;
const LIST_LIMIT = 200;

export type IntrayRow = {
  id: string;
  name: string;
  isImage: boolean;
  imageUrl: string;
  uploadedBy: string | null;
  uploadedAt: string;
  docket: { id: string; number: string } | null;
};

/** The active items (or the set-aside ones), newest first. */
export async function intrayRows(context: ProjectContext, active: boolean): Promise<IntrayRow[]> {
  const items = await context.em.find(
    IntrayItem,
    { project: context.project.id, active },
    { orderBy: { createdAt: "desc", id: "desc" }, limit: LIST_LIMIT, populate: ["uploadedBy", "docket"] },
  );
  const files = await context.em.find(
    Attachment,
    { id: { $in: items.map((item) => item.attachmentId) } },
    { fields: ["id", "contentType"] },
  );
  const types = new Map(files.map((file) => [file.id, file.contentType]));
  return items.map((item) => ({
    id: item.id,
    name: item.imageName,
    isImage: (types.get(item.attachmentId) ?? "").startsWith("image/"),
    imageUrl: `${INTRAY_PATH}/${item.id}/image`,
    uploadedBy: item.uploadedBy?.name ?? null,
    uploadedAt: item.createdAt.toISOString(),
    docket: item.docket ? { id: item.docket.id, number: item.docket.number } : null,
  }));
}

async function itemOf(context: ProjectContext, id: unknown): Promise<IIntrayItem> {
  const item = isUuid(id) ? await context.em.findOne(IntrayItem, { id, project: context.project.id }) : null;
  if (!item) throw new Response("Not Found", { status: 404 });
  return item;
}

/** The item's image, inline, for those who see the intray (the thumbnails and the full view). */
export async function intrayImage(context: ProjectContext, id: string | undefined) {
  const item = await itemOf(context, id);
  return attachmentDownload(context.em, item.attachmentId, { inline: true });
}

/** Fields known on upload (the uploader may note the company or the date); all optional. */
export const intrayUploadSchema = z.object({
  poNumber: z.string().trim().max(50).optional(),
  type: z.enum(DOCKET_TYPES).optional(),
});

/** Several files in one post: each becomes an item with its attachment, all in one transaction, or none. */
export async function uploadToIntray(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  const parsed = await parseUploadForm(request, intrayUploadSchema, {
    maxBytes: UPLOAD_LIMITS.standard,
    allowedExtensions: INTRAY_EXTENSIONS,
    maxFiles: INTRAY_MAX_FILES,
    fileField: "files",
  });
  if ("reply" in parsed) return parsed.reply;
  const { values, uploads } = parsed;
  if (uploads.length === 0)
    return redirectWithToast(INTRAY_PATH, { type: "error", message: "uploads:noFile" });
  const fields = Object.fromEntries(Object.entries(values).filter(([, value]) => Boolean(value))) as Record<
    string,
    string
  >;
  await keepingUploads(uploads, () =>
    em.transactional(async (tx) => {
      for (const upload of uploads) {
        const id = randomUUID();
        const [attachment] = await saveAttachmentRecords(tx, {
          projectId: project.id,
          entityType: INTRAY_ENTITY_TYPE,
          entityId: id,
          files: [upload],
          uploadedBy: user.id,
        });
        tx.create(IntrayItem, {
          id,
          project: project.id,
          imageName: upload.fileName,
          attachmentId: attachment.id,
          active: true,
          docketFields: Object.keys(fields).length > 0 ? fields : null,
          uploadedBy: user.id,
        } as never);
      }
      await tx.flush();
    }),
  );
  return redirectWithToast(INTRAY_PATH, {
    type: "success",
    message: "dockets:intray.uploaded",
    params: { count: uploads.length },
  });
}

function logOnItem(
  tx: EntityManager,
  context: ProjectContext,
  item: IIntrayItem,
  action: string,
  after = {},
) {
  recordActivity(tx, {
    projectId: context.project.id,
    actorId: context.user.id,
    entityType: INTRAY_ENTITY_TYPE,
    entityId: item.id,
    action,
    after: { name: item.imageName, ...after },
  });
}

/** Sets an item aside (inactive) or brings it back; an item written up stays with its docket. */
export async function setIntrayActive(context: ProjectContext, id: unknown, active: boolean) {
  const item = await itemOf(context, id);
  if (item.docket)
    return redirectWithToast(INTRAY_PATH, { type: "error", message: "dockets:intray.writtenUp" });
  await context.em.transactional(async (tx) => {
    tx.merge(item).active = active;
    logOnItem(tx, context, item, active ? "restored" : "set-aside");
  });
  return redirectWithToast(`${INTRAY_PATH}${active ? "" : "?show=set-aside"}`, {
    type: "success",
    message: active ? "dockets:intray.restored" : "dockets:intray.setAsideDone",
    params: { name: item.imageName },
  });
}

/** Deletes an item ("I am sure") and its file; the stored file goes after the commit. */
export async function deleteIntrayItem(context: ProjectContext, id: unknown, confirmed: boolean) {
  const item = await itemOf(context, id);
  if (!confirmed)
    return redirectWithToast(INTRAY_PATH, { type: "error", message: "dockets:intray.confirmDelete" });
  const attachment = await context.em.findOne(Attachment, { id: item.attachmentId });
  await context.em.transactional(async (tx) => {
    tx.remove(tx.merge(item));
    if (attachment) tx.remove(tx.merge(attachment));
    logOnItem(tx, context, item, "deleted");
  });
  if (attachment)
    await fileStorage()
      .delete(attachment.storageKey)
      .catch((error: unknown) => logError(error));
  return redirectWithToast(INTRAY_PATH, {
    type: "success",
    message: "dockets:intray.deleted",
    params: { name: item.imageName },
  });
}

/** A copy of the stored file under a new key (the docket keeps its own, whatever becomes of the item's). */
async function copyStored(file: IAttachment) {
  const storage = fileStorage();
  const stored = await storage.get(file.storageKey);
  if (!stored) throw new Response("Not Found", { status: 404 });
  const key = newStorageKey();
  const { size } = await storage.put(key, stored.stream, { contentType: file.contentType });
  return { key, fileName: file.fileName, contentType: file.contentType, size };
}

/** The docket fields an item may pre-fill, checked again: what was stored came from an older form, perhaps. */
function prefill(fields: Record<string, string> | null | undefined) {
  const known = intrayUploadSchema.safeParse(fields ?? {});
  return known.success ? known.data : {};
}

/**
 * Writes an item up as a draft docket and opens its edit page: the docket, the copy of the image among its
 * files and the item resting inactive with it, in one transaction (the copied file goes when it fails).
 */
export async function writeUpIntrayItem(context: ProjectContext, id: unknown) {
  if (!context.can(P.create)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user } = context;
  const item = await itemOf(context, id);
  if (item.docket || !item.active)
    return redirectWithToast(INTRAY_PATH, { type: "error", message: "dockets:intray.writtenUp" });
  const attachment = await em.findOneOrFail(Attachment, { id: item.attachmentId });
  const copy = await copyStored(attachment);
  const today = await projectToday(em, project);
  const docket = await keepingUploads([{ ...copy, fieldName: "files" }], () =>
    em.transactional(async (tx) => {
      const current = await tx.findOne(IntrayItem, { id: item.id, active: true, docket: null });
      if (!current) return null;
      const created = tx.create(Docket, {
        project: project.id,
        number: await nextNumber(tx, project.id, "DKT"),
        docketDate: today,
        status: "draft",
        ...prefill(item.docketFields),
        receivedBy: user.id,
        receivedOn: today,
        createdBy: user.id,
      } as never) as IDocket;
      current.active = false;
      current.docket = created;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: DOCKET_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { number: created.number, status: "draft", fromIntray: item.imageName },
      });
      logOnItem(tx, context, item, "written-up", { docket: created.number });
      await tx.flush();
      await saveAttachmentRecords(tx, {
        projectId: project.id,
        entityType: DOCKET_ENTITY_TYPE,
        entityId: created.id,
        files: [copy],
        uploadedBy: user.id,
      });
      return created;
    }),
  );
  if (!docket) {
    await fileStorage()
      .delete(copy.key)
      .catch((error: unknown) => logError(error));
    return redirectWithToast(INTRAY_PATH, { type: "error", message: "dockets:intray.writtenUp" });
  }
  throw redirect(`/dockets/${docket.id}/edit`);
}
