import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { Attachment } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import type { Locale } from "~/server/i18n/locale";
import { openLinkState } from "~/server/links/state";
import type { RequestContext } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import {
  attachmentDownload,
  discardUploads,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import { POINT_PERMISSIONS, type PointKind, type PointState } from "../domain/inspection-point-workflow";
import { type ILot, ItpItem, LotClientLink, LotInspectionPoint } from "../entities";
import { pointDecisionSchema } from "./lot-client-link-rules";
import { type LotLinkLookup, lookUpLotLink, recordLinkOpened } from "./lot-client-links.server";
import { pointItemOf, stepPoint } from "./lot-hp-wp.server";
import { listLotItrs } from "./lot-itrs.server";

/**
 * The client's pages of a hold and witness point link (spec 2 "/external: hp-wp/{id},
 * lot/{lotId}/hp-wp/{hpwpId}, lot/{lotId}/hp-wp-attachment/{hpwpId}, lot/{lotId}/itr/{itrId}"): no account,
 * plain forms. `/external/hp-wp/:id` is the link's page (`:id` the link's id) with every point it was sent
 * for; `/external/lot/:lotId/hp-wp/:hpwpId` one of them (`:hpwpId` the ITP item's id). The link decides:
 * its lot, its points, until it expires, is revoked or every point is decided.
 */

/** Evidence of a point: core Attachment rows of the lot's point record (LotInspectionPoint). */
export const POINT_EVIDENCE = "quality-lot-inspection-point";

export type LinkScope = { linkId?: string; lotId?: string; itemId?: string };

export const holdPointLinkPath = (linkId: string, token: string) =>
  `/external/hp-wp/${linkId}?token=${encodeURIComponent(token)}`;
export const externalPointPath = (lotId: string, itemId: string, token: string) =>
  `/external/lot/${lotId}/hp-wp/${itemId}?token=${encodeURIComponent(token)}`;
export const externalEvidencePath = (lotId: string, itemId: string, token: string) =>
  `/external/lot/${lotId}/hp-wp-attachment/${itemId}?token=${encodeURIComponent(token)}`;
export const externalItrPath = (lotId: string, itrId: string, token: string) =>
  `/external/lot/${lotId}/itr/${itrId}?token=${encodeURIComponent(token)}`;

/** The link of the address: a hold-point link, of this link id or lot, covering the point of the address. */
async function lookUp(em: EntityManager, token: string, scope: LinkScope): Promise<LotLinkLookup> {
  if (
    (scope.linkId !== undefined && !isUuid(scope.linkId)) ||
    (scope.lotId !== undefined && !isUuid(scope.lotId))
  )
    return { state: "invalid" };
  const lookup = await lookUpLotLink(em, token, { purpose: "hold-points", ...scope });
  if (lookup.state === "invalid" || scope.itemId === undefined) return lookup;
  return lookup.link.points.includes(scope.itemId) ? lookup : { state: "invalid" };
}

/** A link that does not open the page: not valid (404), expired or revoked (410). A used link still shows its points. */
export const closed = (state: "invalid" | "expired" | "revoked" | "superseded" | "used") =>
  data({ state }, { status: state === "invalid" ? 404 : 410 });

type Evidence = { id: string; fileName: string; size: number };

async function evidenceOf(em: EntityManager, pointIds: string[]) {
  const byPoint = new Map<string, Evidence[]>();
  if (pointIds.length === 0) return byPoint;
  const rows = await em.find(
    Attachment,
    { entityType: POINT_EVIDENCE, entityId: { $in: pointIds } },
    { orderBy: { createdAt: "asc", fileName: "asc" } },
  );
  for (const row of rows)
    byPoint.set(row.entityId, [
      ...(byPoint.get(row.entityId) ?? []),
      { id: row.id, fileName: row.fileName, size: Number(row.size) },
    ]);
  return byPoint;
}

/** The points a link covers, as the client reads them: the ITP item and the point's state and decision. */
async function linkPoints(em: EntityManager, lot: ILot, itemIds: readonly string[]) {
  const items = await em.find(
    ItpItem,
    { id: { $in: [...itemIds] } },
    { populate: ["itp"], orderBy: { itp: { number: "asc" }, position: "asc" } },
  );
  const rows = await em.find(LotInspectionPoint, { lot: lot.id, item: { $in: [...itemIds] } });
  const rowOf = new Map(rows.map((row) => [row.item.id, row]));
  const evidence = await evidenceOf(
    em,
    rows.map((row) => row.id),
  );
  return items.map((item) => {
    const row = rowOf.get(item.id);
    return {
      itemId: item.id,
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
      comment: row?.comment ?? null,
      decidedByName: row?.decidedByName ?? null,
      decidedAt: row?.decidedAt?.toISOString() ?? null,
      signed: Boolean(row?.signature),
      dueOn: row?.dueOn ? String(row.dueOn) : null,
      decidable: row?.state === "notified",
      evidence: row ? (evidence.get(row.id) ?? []) : [],
    };
  });
}
export type LinkPoint = Awaited<ReturnType<typeof linkPoints>>[number];

/** The page of a link (all its points, or the one of the address). */
export async function loadHoldPointLinkPage(
  { em }: RequestContext,
  token: string,
  scope: LinkScope,
  decided: string | null,
) {
  const lookup = await lookUp(em, token, scope);
  if (lookup.state === "invalid" || lookup.state === "expired" || lookup.state === "revoked")
    return closed(lookup.state);
  if (lookup.state === "superseded") return closed("superseded");
  const { link, lot, project } = lookup;
  if (lookup.state === "valid") await recordLinkOpened(em, lookup);
  await em.populate(lot, ["location"]);
  const points = await linkPoints(em, lot, scope.itemId ? [scope.itemId] : link.points);
  const itrs = await listLotItrs(em, lot.id);
  return data({
    state: lookup.state as "valid" | "used",
    token,
    linkId: link.id,
    single: Boolean(scope.itemId),
    decided: decided && isUuid(decided) ? decided : null,
    recipientName: link.recipientName,
    expiresAt: link.expiresAt.toISOString(),
    dueOn: link.dueOn ? String(link.dueOn) : null,
    projectName: project.name,
    lot: {
      id: lot.id,
      number: lot.number,
      title: lot.title,
      location: lot.location?.name ?? null,
      lotType: lot.lotType ?? null,
      area: lot.area ?? null,
      activity: lot.activity ?? null,
      workPack: lot.workPack ?? null,
    },
    itrs: itrs.map((itr) => ({ id: itr.id, title: itr.title, fileName: itr.fileName })),
    points,
  });
}
export type HoldPointLinkPage = Extract<
  Awaited<ReturnType<typeof loadHoldPointLinkPage>>["data"],
  { state: "valid" | "used" }
>;

export type PointDecisionRefusal = { itemId: string | null; result: SubmissionResult<string[]> };

async function refusal(
  locale: Locale,
  itemId: string | null,
  result: SubmissionResult<string[]>,
  status: number,
) {
  return data({ itemId, result: await translateReply(locale, result) } satisfies PointDecisionRefusal, {
    status,
  });
}

const formError = (key: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [key] } });

/**
 * The client's decision on one point through the link, with the evidence files of the same post: a plain
 * multipart form (no JavaScript needed). The point table decides (its `release`, `release_with_comment` and
 * `reject` rows, with the decide permission the link grants for its points only); the files, the decision,
 * who decided and the link's use are written in one transaction. A refused post keeps no file and
 * re-renders the page with its messages.
 */
export async function decidePointThroughLink(
  { em, locale }: RequestContext,
  request: Request,
  token: string,
  scope: LinkScope,
) {
  const lookup = await lookUp(em, token, scope);
  if (lookup.state !== "valid") return closed(lookup.state);
  let upload: { fields: FormData; files: StoredUpload[] };
  try {
    upload = await parseUpload(request, { maxBytes: UPLOAD_LIMITS.standard });
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return refusal(locale, scope.itemId ?? null, formError(uploadErrorMessage(error)), 400);
  }
  const submission = parseWithZod(upload.fields, { schema: pointDecisionSchema });
  const target = String(upload.fields.get("itemId") ?? "") || null;
  const refuse = async (result: SubmissionResult<string[]>, status: number) => {
    await discardUploads(upload.files);
    return refusal(locale, target, result, status);
  };
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const decision = submission.value;
  const { link, lot, project } = lookup;
  const item = link.points.includes(decision.itemId) ? await pointItemOf(em, lot.id, decision.itemId) : null;
  if (!item) return refuse(submission.reply({ formErrors: ["quality:lot.errors.choiceNotFound"] }), 404);

  const outcome = await stepPoint({
    em,
    projectId: project.id,
    lotId: lot.id,
    item,
    action: decision.decision,
    // What the link grants: deciding its own points, nothing else.
    granted: new Set([POINT_PERMISSIONS.decide]),
    actorId: null,
    comment: decision.remark,
    record: { decidedByName: decision.decidedByName, signature: decision.signature, link: link.id },
    via: { linkId: link.id, decidedByName: decision.decidedByName, recipientEmail: link.recipientEmail },
    // The link is read again under the lot's lock: revoked or used meanwhile, nothing is written.
    async check(tx) {
      const current = await tx.findOne(LotClientLink, { id: link.id });
      return current && openLinkState(current) === "valid" ? null : "link-not-valid";
    },
    async also(tx, point) {
      await tx.flush();
      if (upload.files.length > 0)
        await saveAttachmentRecords(tx, {
          projectId: project.id,
          entityType: POINT_EVIDENCE,
          entityId: point.id,
          files: upload.files,
          uploadedBy: null,
          description: decision.decidedByName,
        });
      // One decision per point: the link is used up once none of its points waits for the client.
      const waiting = await tx.count(LotInspectionPoint, {
        lot: lot.id,
        item: { $in: link.points.filter((id) => id !== item.id) },
        state: "notified",
      });
      const current = await tx.findOneOrFail(LotClientLink, { id: link.id });
      if (waiting === 0) current.usedAt = new Date();
      recordSecurityEvent(tx, {
        kind: "external-link.decided",
        actorId: null,
        subjectEmail: link.recipientEmail,
        projectId: project.id,
        details: {
          module: "quality",
          record: `${lot.number} ${item.itp.number} #${item.position}`,
          action: decision.decision,
          reviewerName: decision.decidedByName,
        },
      });
    },
  });
  if (!outcome.ok) {
    if (outcome.reason === "comment-required")
      return refuse(
        submission.reply({ fieldErrors: { remark: ["quality:hpWpClient.errors.remarkRequired"] } }),
        400,
      );
    const key =
      outcome.reason === "link-not-valid"
        ? "quality:hpWpClient.link.closedMessage"
        : outcome.reason === "lot-locked"
          ? "quality:lot.toast.notEditable"
          : "quality:hpWpClient.errors.alreadyDecided";
    return refuse(submission.reply({ formErrors: [key] }), 409);
  }
  // The step told the site team after its commit (hold-point-released / -rejected, by the client's typed name).
  const back = scope.itemId ? externalPointPath(lot.id, item.id, token) : holdPointLinkPath(link.id, token);
  return redirect(`${back}&decided=${item.id}#point-${item.id}`);
}

/** The evidence files of a point of the link: the list, or one file (`?file=`). */
export async function loadExternalEvidence(
  { em }: RequestContext,
  token: string,
  scope: Required<Pick<LinkScope, "lotId" | "itemId">>,
  fileId: string | null,
) {
  const lookup = await lookUp(em, token, scope);
  if (lookup.state !== "valid") return closed(lookup.state);
  const row = await em.findOne(LotInspectionPoint, { lot: lookup.lot.id, item: scope.itemId });
  const files = row ? ((await evidenceOf(em, [row.id])).get(row.id) ?? []) : [];
  if (fileId !== null) {
    const file = files.find((entry) => entry.id === fileId);
    if (!file) throw new Response("Not found", { status: 404 });
    return attachmentDownload(em, file.id);
  }
  const [point] = await linkPoints(em, lookup.lot, [scope.itemId]);
  return data({
    state: "valid" as const,
    token,
    lotNumber: lookup.lot.number,
    point: { itpNumber: point.itpNumber, position: point.position, activity: point.activity },
    back: externalPointPath(lookup.lot.id, scope.itemId, token),
    files,
  });
}
