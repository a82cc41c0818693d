import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment, type IAttachment } from "~/server/db/entities";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachUploads, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { isLotFinal } from "../domain/lot-workflow";
import { type ILot, Lot } from "../entities";
import { loadLotFrame } from "./lot-frame.server";
import { ITR_ENTITY_TYPE, ITR_LIMITS, itrPath } from "./lot-itr-rules";
import { isLotEditable, lotLockedMessage } from "./lot-rules";

export { ITR_ENTITY_TYPE, ITR_LIMITS, itrPath };

/**
 * ITRs (inspection and test records) are the lot's core attachments of type `quality-lot-itr`: title,
 * description, upload date (createdAt) and uploader. Uploads stream into storage with the 100 MB limit;
 * anything refused leaves no file and no row behind.
 */

const FILES_FIELD = "files";

/** Closed and cancelled lots (the HP/WP tab's rule; the records' own rule is lot-rules.ts isLotEditable). */
export const lotIsFinal = (lot: Pick<ILot, "status" | "subStatus">) =>
  isLotFinal({ status: lot.status, subStatus: lot.subStatus ?? null });

/** A refusal of the whole form (not of one field), in conform's reply shape. */
export const formRefusal = (messageKey: string): SubmissionResult<string[]> => ({
  status: "error",
  error: { "": [messageKey] },
});

const itpTabPath = (lotId: string) => `/quality/lot/${lotId}/itp`;

export const itrFormSchema = z.object({
  title: z
    .string({ error: message("common:validation.required") })
    .trim()
    .min(1, { error: message("common:validation.required") })
    .max(ITR_LIMITS.title, { error: message("common:validation.maxLength", { length: ITR_LIMITS.title }) }),
  description: z
    .string()
    .trim()
    .max(ITR_LIMITS.description, {
      error: message("common:validation.maxLength", { length: ITR_LIMITS.description }),
    })
    .optional(),
});

export type LotItr = {
  id: string;
  title: string;
  description: string | null;
  fileName: string;
  size: number;
  uploadedAt: string;
  uploadedBy: string | null;
};

const itrView = (attachment: IAttachment): LotItr => ({
  id: attachment.id,
  title: attachment.title,
  description: attachment.description ?? null,
  fileName: attachment.fileName,
  size: attachment.size,
  uploadedAt: attachment.createdAt.toISOString(),
  uploadedBy: attachment.uploadedBy?.name ?? null,
});

/** The lot's ITRs, newest first. */
export async function listLotItrs(em: EntityManager, lotId: string): Promise<LotItr[]> {
  const attachments = await em.find(
    Attachment,
    { entityType: ITR_ENTITY_TYPE, entityId: lotId },
    { populate: ["uploadedBy"], orderBy: { createdAt: "desc", title: "asc", id: "asc" } },
  );
  return attachments.map(itrView);
}

async function lotOf(context: ProjectContext, lotId: string | undefined): Promise<ILot> {
  const frame = await loadLotFrame(context, lotId);
  return context.em.findOneOrFail(Lot, { id: frame.id });
}

/** The ITR of a URL: an ITR attachment of this lot in this project, or a 404. */
async function itrOf(em: EntityManager, lot: ILot, itrId: string | undefined): Promise<IAttachment> {
  const itr = isUuid(itrId)
    ? await em.findOne(
        Attachment,
        { id: itrId, entityType: ITR_ENTITY_TYPE, entityId: lot.id },
        { populate: ["uploadedBy"] },
      )
    : null;
  if (!itr) throw new Response("Not found", { status: 404 });
  return itr;
}

export async function loadNewItrPage(context: ProjectContext, lotId: string | undefined) {
  const lot = await lotOf(context, lotId);
  return {
    lot: { id: lot.id, number: lot.number, title: lot.title },
    lockedMessage: lotLockedMessage(lot),
    maxBytes: UPLOAD_LIMITS.standard,
  };
}

const refusedUpload = (reply: SubmissionResult<string[]>, status = 400) =>
  data({ result: reply }, { status });

/**
 * The upload form, on the core's attachUploads: files stream into storage while the request is read, then
 * the lot and the fields are checked. Any refusal (size, type, missing title or file, a locked lot) removes
 * what was stored.
 */
export async function uploadItr(context: ProjectContext, lotId: string | undefined, request: Request) {
  const { em, project, user } = context;
  const lot = await lotOf(context, lotId);
  const lockedMessage = lotLockedMessage(lot);
  // The form's own refusal (title, files), as its fields' errors; the core answers with a message only.
  let fieldsRefused: SubmissionResult<string[]> | null = null;
  let described: { title: string; description: string | null } | null = null;
  const attached = await attachUploads(request, {
    em,
    maxBytes: UPLOAD_LIMITS.standard,
    projectId: project.id,
    entityType: ITR_ENTITY_TYPE,
    entityId: lot.id,
    uploadedBy: user.id,
    noFileMessage: message("common:validation.required"),
    refusal(fields, fileCount) {
      if (lockedMessage) return lockedMessage;
      const submission = parseWithZod(fields, { schema: itrFormSchema });
      if (submission.status !== "success" || fileCount === 0) {
        const fieldErrors = {
          ...(submission.status === "success" ? {} : submission.reply().error),
          ...(fileCount === 0 ? { [FILES_FIELD]: [message("common:validation.required")] } : {}),
        } as Record<string, string[]>;
        fieldsRefused = submission.reply({ fieldErrors });
        return "fields";
      }
      described = { title: submission.value.title, description: submission.value.description ?? null };
      return null;
    },
    describeFiles: () => described ?? {},
  });
  if (!attached.ok) {
    if (fieldsRefused) return refusedUpload(fieldsRefused, 400);
    if (lockedMessage && attached.message === lockedMessage)
      return refusedUpload(formRefusal(message(lockedMessage)), 409);
    return refusedUpload(formRefusal(attached.message), 400);
  }
  const title = (described as { title: string } | null)?.title ?? "";
  return redirectWithToast(itpTabPath(lot.id), {
    type: "success",
    message: "quality:report.itr.toast.uploaded",
    params: { title, count: attached.count },
  });
}

export async function loadItrPage(
  context: ProjectContext,
  lotId: string | undefined,
  itrId: string | undefined,
) {
  const lot = await lotOf(context, lotId);
  const itr = await itrOf(context.em, lot, itrId);
  return {
    lot: { id: lot.id, number: lot.number, title: lot.title },
    itr: itrView(itr),
    can: { delete: context.can("quality.lot.edit") && isLotEditable(lot) },
  };
}

export async function deleteItr(
  context: ProjectContext,
  lotId: string | undefined,
  itrId: string | undefined,
  request: Request,
) {
  const { em, project, user } = context;
  const lot = await lotOf(context, lotId);
  const itr = await itrOf(em, lot, itrId);
  const lockedMessage = lotLockedMessage(lot);
  if (lockedMessage) return data({ result: formRefusal(message(lockedMessage)) }, { status: 409 });
  const storageKey = itr.storageKey;
  await em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ITR_ENTITY_TYPE,
      entityId: lot.id,
      action: "attachment-deleted",
      before: { attachmentId: itr.id, title: itr.title, fileName: itr.fileName, size: itr.size },
    });
    tx.remove(itr);
  });
  // The row is what the product shows; a file left behind by a failed delete is only wasted space.
  await fileStorage()
    .delete(storageKey)
    .catch((error: unknown) => logError(error, request));
  return redirectWithToast(itpTabPath(lot.id), {
    type: "success",
    message: "quality:report.itr.toast.deleted",
    params: { title: itr.title },
  });
}

export async function itrFile(context: ProjectContext, lotId: string | undefined, itrId: string | undefined) {
  const lot = await lotOf(context, lotId);
  const itr = await itrOf(context.em, lot, itrId);
  return attachmentDownload(context.em, itr.id);
}
