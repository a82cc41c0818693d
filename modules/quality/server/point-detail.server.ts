import type { EntityManager } from "@mikro-orm/postgresql";
import { parseMessage } from "~/app/utils/message-key";
import { Attachment } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachUploads, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import {
  isHoldCleared,
  POINT_PERMISSIONS,
  type PointKind,
  type PointState,
} from "../domain/inspection-point-workflow";
import { type ILotInspectionPoint, Lot, LotInspectionPoint } from "../entities";
import { POINT_EVIDENCE } from "./hold-point-link-page.server";
import { loadLotFrame } from "./lot-frame.server";
import { pointItemOf } from "./lot-hp-wp.server";
import { lotIsFinal } from "./lot-itrs.server";
import { lotActivity } from "./lots.server";

/**
 * A hold or witness point of a lot for members (spec 3 "HP/WP detail"): `/quality/lot/:lotId/hp-wp/:itpId`
 * and its evidence `/quality/lot/:lotId/hp-wp-attachment/:itpId`, where `:itpId` is the ITP item's id (the
 * point is the lot × the item; the item names the ITP). Members holding the notify permission may add
 * evidence while the point is not final and the lot not closed.
 */

export const pointDetailPath = (lotId: string, itemId: string) => `/quality/lot/${lotId}/hp-wp/${itemId}`;
export const pointEvidencePath = (lotId: string, itemId: string) =>
  `/quality/lot/${lotId}/hp-wp-attachment/${itemId}`;

async function pointOf(context: ProjectContext, lotId: string | undefined, itemId: string | undefined) {
  const frame = await loadLotFrame(context, lotId);
  const item = await pointItemOf(context.em, frame.id, itemId);
  if (!item) throw new Response("Not found", { status: 404 });
  const row = await context.em.findOne(
    LotInspectionPoint,
    { lot: frame.id, item: item.id },
    { populate: ["notifiedBy", "decidedBy", "link"] },
  );
  return { frame, item, row };
}

const evidenceFiles = async (em: EntityManager, row: ILotInspectionPoint | null) =>
  row
    ? (
        await em.find(
          Attachment,
          { entityType: POINT_EVIDENCE, entityId: row.id },
          { orderBy: { createdAt: "asc" }, populate: ["uploadedBy"] },
        )
      ).map((file) => ({
        id: file.id,
        fileName: file.fileName,
        size: Number(file.size),
        uploadedAt: file.createdAt.toISOString(),
        // A file the client sent with a decision has no user: the description keeps the client's name.
        uploadedBy: file.uploadedBy?.name ?? file.description ?? null,
      }))
    : [];

function canAddEvidence(
  context: ProjectContext,
  lot: { status: string; subStatus?: string | null },
  row: ILotInspectionPoint | null,
) {
  return (
    context.can(POINT_PERMISSIONS.notify) &&
    !lotIsFinal(lot as never) &&
    !isHoldCleared(row?.state ?? "not_started")
  );
}

export async function loadPointDetail(
  context: ProjectContext,
  lotId: string | undefined,
  itemId: string | undefined,
) {
  const { frame, item, row } = await pointOf(context, lotId, itemId);
  const lot = await context.em.findOneOrFail(Lot, { id: frame.id });
  const activity = (await lotActivity(context.em, frame.id)).filter(
    (entry) => entry.after?.itemId === item.id,
  );
  return {
    frame,
    point: {
      itemId: item.id,
      itpId: item.itp.id,
      itpNumber: item.itp.number,
      itpTitle: item.itp.title,
      specification: item.itp.specification ?? null,
      position: item.position,
      activity: item.activity,
      kind: item.inspectionPoint as PointKind,
      acceptanceCriteria: item.acceptanceCriteria ?? null,
      verifyingDocument: item.verifyingDocument ?? null,
      references: item.references ?? null,
      state: (row?.state ?? "not_started") as PointState,
      lastAction: row?.lastAction ?? null,
      comment: row?.comment ?? null,
      dueOn: row?.dueOn ? String(row.dueOn) : null,
      notifiedBy: row?.notifiedBy?.name ?? null,
      notifiedAt: row?.notifiedAt?.toISOString() ?? null,
      decidedBy: row?.decidedBy?.name ?? row?.decidedByName ?? null,
      decidedAt: row?.decidedAt?.toISOString() ?? null,
      signature: row?.signature ?? null,
      throughLink: row?.link ? (row.link as unknown as { recipientEmail: string }).recipientEmail : null,
    },
    evidence: await evidenceFiles(context.em, row),
    activity,
    canAddEvidence: canAddEvidence(context, lot, row),
  };
}
export type PointDetailData = Awaited<ReturnType<typeof loadPointDetail>>;

/** The evidence page: the files, or one file (`?file=<id>`). */
export async function loadPointEvidence(
  context: ProjectContext,
  lotId: string | undefined,
  itemId: string | undefined,
  fileId: string | null,
) {
  const { frame, item, row } = await pointOf(context, lotId, itemId);
  const files = await evidenceFiles(context.em, row);
  if (fileId !== null) {
    const file = isUuid(fileId) ? files.find((entry) => entry.id === fileId) : undefined;
    if (!file) throw new Response("Not found", { status: 404 });
    return attachmentDownload(context.em, file.id);
  }
  const lot = await context.em.findOneOrFail(Lot, { id: frame.id });
  return {
    frame,
    point: { itemId: item.id, itpNumber: item.itp.number, position: item.position, activity: item.activity },
    files,
    canAddEvidence: canAddEvidence(context, lot, row),
  };
}

/** A member's evidence files for the point (multipart); refused (nothing kept) once the point or the lot is final. */
export async function uploadPointEvidence(
  context: ProjectContext,
  lotId: string | undefined,
  itemId: string | undefined,
  request: Request,
) {
  if (!context.can(POINT_PERMISSIONS.notify)) throw new Response("Forbidden", { status: 403 });
  const { frame, item, row: found } = await pointOf(context, lotId, itemId);
  const lot = await context.em.findOneOrFail(Lot, { id: frame.id });
  // The files belong to the point's row: a point not started yet gets its row (still not started).
  const row =
    found ??
    (await context.em.transactional(async (tx) => {
      const created = tx.create(LotInspectionPoint, {
        project: context.project.id,
        lot: frame.id,
        item: item.id,
        state: "not_started",
      });
      await tx.flush();
      return created;
    }));
  const back = pointEvidencePath(frame.id, item.id);
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.standard,
    refusal: () => (canAddEvidence(context, lot, row) ? null : "quality:hpWpClient.evidence.closed"),
    noFileMessage: "quality:hpWpClient.evidence.noFile",
    projectId: context.project.id,
    entityType: POINT_EVIDENCE,
    entityId: row.id,
    uploadedBy: context.user.id,
  });
  if (!attached.ok) {
    const { key, params } = parseMessage(attached.message);
    return redirectWithToast(back, { type: "error", message: key, params });
  }
  return redirectWithToast(back, {
    type: "success",
    message: "quality:hpWpClient.evidence.added",
    params: { count: attached.count },
  });
}
