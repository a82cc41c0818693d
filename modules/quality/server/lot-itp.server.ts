import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { holdPointBefore } from "../domain/hold-points";
import type { InspectionPointKind } from "../domain/inspection-points";
import {
  type ILot,
  type ItemCheckState,
  Itp,
  ItpItem,
  Lot,
  LotInspectionPoint,
  LotItemCheck,
  LotItp,
} from "../entities";
import { loadLotFrame } from "./lot-frame.server";
import { lotBlockedItems, lotPlanItems } from "./lot-hold-points.server";
import { formRefusal, listLotItrs } from "./lot-itrs.server";
import { lotLockedMessage } from "./lot-rules";

/**
 * The lot's ITP tab: the ITPs the lot is built against, the check of each of their items on this lot,
 * the subcontractor's signatures, and the lot's ITRs. Changes are logged on the lot ("lot" entity).
 */

export const LOT_ACTIVITY_ENTITY = "lot";
export const lotItpTabPath = (lotId: string) => `/quality/lot/${lotId}/itp`;

export const RECORDED_CHECK_STATES = ["conforming", "non_conforming", "not_applicable"] as const;
export const CHECK_COMMENT_MAX = 2000;

export const assignItpSchema = z.object({
  intent: z.literal("assign"),
  itpId: z.string({ error: message("common:validation.required") }),
});

export const unassignItpSchema = z.object({
  intent: z.literal("unassign"),
  lotItpId: z.string({ error: message("common:validation.required") }),
});

export const checkItemSchema = z
  .object({
    intent: z.literal("check"),
    itemId: z.string({ error: message("common:validation.required") }),
    state: z.enum(RECORDED_CHECK_STATES, { error: message("common:validation.required") }),
    comment: z
      .string()
      .trim()
      .max(CHECK_COMMENT_MAX, {
        error: message("common:validation.maxLength", { length: CHECK_COMMENT_MAX }),
      })
      .optional(),
  })
  // A non-conformance without a reason helps nobody fix it.
  .refine((value) => value.state !== "non_conforming" || Boolean(value.comment), {
    path: ["comment"],
    error: message("quality:report.itpTab.nonConformingComment"),
  });

export const signItemSchema = z.object({
  intent: z.literal("sign"),
  itemId: z.string({ error: message("common:validation.required") }),
});

export type LotItpCheck = {
  state: ItemCheckState;
  comment: string | null;
  checkedBy: string | null;
  checkedAt: string | null;
  subcontractorSignedBy: string | null;
  subcontractorSignedAt: string | null;
};

export type LotItpItem = {
  id: string;
  position: number;
  activity: string;
  inspectionPoint: InspectionPointKind;
  acceptanceCriteria: string | null;
  verifyingDocument: string | null;
  subcontractorSignature: boolean;
  clientSignature: boolean;
  otherSignatureRole: string | null;
  check: LotItpCheck;
};

export type AssignedItp = {
  lotItpId: string;
  itpId: string;
  number: string;
  title: string;
  status: string;
  assignedAt: string;
  assignedBy: string | null;
  /** Checks recorded against its items on this lot: it can no longer be removed. */
  checksRecorded: number;
  items: LotItpItem[];
};

const PENDING_CHECK: LotItpCheck = {
  state: "pending",
  comment: null,
  checkedBy: null,
  checkedAt: null,
  subcontractorSignedBy: null,
  subcontractorSignedAt: null,
};

/** The lot's ITPs with their items (in plan order) and each item's check on this lot; no row = pending. */
export async function assignedItpsOf(em: EntityManager, lot: Pick<ILot, "id">): Promise<AssignedItp[]> {
  const links = await em.find(
    LotItp,
    { lot: lot.id },
    { populate: ["itp", "assignedBy"], orderBy: { itp: { number: "asc" } } },
  );
  if (links.length === 0) return [];
  const itpIds = links.map((link) => link.itp.id);
  const [items, checks] = await Promise.all([
    em.find(ItpItem, { itp: { $in: itpIds } }, { orderBy: { position: "asc", id: "asc" } }),
    em.find(
      LotItemCheck,
      { lot: lot.id, item: { itp: { $in: itpIds } } },
      { populate: ["checkedBy", "subcontractorSignedBy"] },
    ),
  ]);
  const checkOf = new Map(checks.map((check) => [check.item.id, check]));
  return links.map((link) => {
    const own = items.filter((item) => item.itp.id === link.itp.id);
    return {
      lotItpId: link.id,
      itpId: link.itp.id,
      number: link.itp.number,
      title: link.itp.title,
      status: link.itp.status,
      assignedAt: link.createdAt.toISOString(),
      assignedBy: link.assignedBy?.name ?? null,
      checksRecorded: own.filter((item) => checkOf.has(item.id)).length,
      items: own.map((item) => {
        const check = checkOf.get(item.id);
        return {
          id: item.id,
          position: item.position,
          activity: item.activity,
          inspectionPoint: item.inspectionPoint,
          acceptanceCriteria: item.acceptanceCriteria ?? null,
          verifyingDocument: item.verifyingDocument ?? null,
          subcontractorSignature: item.subcontractorSignature,
          clientSignature: item.clientSignature,
          otherSignatureRole: item.otherSignatureRole ?? null,
          check: check
            ? {
                state: check.state,
                comment: check.comment ?? null,
                checkedBy: check.checkedBy?.name ?? null,
                checkedAt: check.checkedAt?.toISOString() ?? null,
                subcontractorSignedBy: check.subcontractorSignedBy?.name ?? null,
                subcontractorSignedAt: check.subcontractorSignedAt?.toISOString() ?? null,
              }
            : PENDING_CHECK,
        };
      }),
    };
  });
}

export async function loadLotItpTab(context: ProjectContext, lotId: string | undefined) {
  const { em, can } = context;
  const frame = await loadLotFrame(context, lotId);
  const lot = await em.findOneOrFail(Lot, { id: frame.id });
  // Locked while closed, cancelled or in review (lot-rules.ts lotLockedMessage): no form is offered.
  const lockedMessage = lotLockedMessage(lot);
  const locked = lockedMessage !== null;
  const itps = await assignedItpsOf(em, lot);
  const assigned = new Set(itps.map((itp) => itp.itpId));
  const canAssign = can("quality.lot.edit") && !locked;
  const assignable = canAssign
    ? (await em.find(Itp, { status: "active" }, { orderBy: { number: "asc" }, fields: ["number", "title"] }))
        .filter((itp) => !assigned.has(itp.id))
        .map((itp) => ({ id: itp.id, number: itp.number, title: itp.title }))
    : [];
  return {
    lot: frame,
    locked,
    lockedMessage,
    itps,
    /** Items after a hold point still holding: their check is refused until it is released. */
    blocked: Object.fromEntries(await lotBlockedItems(em, lot.id)),
    assignable,
    itrs: await listLotItrs(em, lot.id),
    can: {
      assign: canAssign,
      check: can("quality.lot.update-status") && !locked,
      sign: can("quality.lot.lot-subcontractor-sign") && !locked,
      uploadItr: can("quality.lot.edit") && !locked,
      download: can("quality.lot.download"),
    },
  };
}
export type LotItpTabData = Awaited<ReturnType<typeof loadLotItpTab>>;

/** What the page shows for a refused form: which form (intent and record) and its errors. */
function refused(intent: string, target: string | null, reply: SubmissionResult<string[]>, status = 400) {
  return data({ intent, target, result: reply }, { status });
}

/** The tab's forms; a hidden `intent` says which one was posted, and the route's guard checked it. */
export async function lotItpTabAction(
  context: ProjectContext,
  lotId: string | undefined,
  formData: FormData,
) {
  const { em } = context;
  const frame = await loadLotFrame(context, lotId);
  const lot = await em.findOneOrFail(Lot, { id: frame.id });
  // The route's guard has checked the intent against the manifest (assign, unassign, check, sign).
  const intent = formData.get("intent");
  const lockedMessage = lotLockedMessage(lot);
  if (lockedMessage) {
    return refused(
      String(intent),
      String(formData.get("itemId") ?? formData.get("lotItpId") ?? ""),
      formRefusal(message(lockedMessage)),
      409,
    );
  }
  if (intent === "assign") return assignItp(context, lot, formData);
  if (intent === "unassign") return unassignItp(context, lot, formData);
  if (intent === "check") return checkItem(context, lot, formData);
  return signItem(context, lot, formData);
}

async function assignItp(context: ProjectContext, lot: ILot, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: assignItpSchema });
  if (submission.status !== "success") return refused("assign", null, submission.reply());
  const itpId = submission.value.itpId;
  const itp = isUuid(itpId) ? await em.findOne(Itp, { id: itpId, status: "active" }) : null;
  const taken = itp ? await em.count(LotItp, { lot: lot.id, itp: itp.id }) : 0;
  if (!itp || taken > 0)
    return refused(
      "assign",
      null,
      submission.reply({ fieldErrors: { itpId: [message("quality:report.itpTab.itpNotAssignable")] } }),
    );
  await em.transactional(async (tx) => {
    tx.create(LotItp, { project: project.id, lot: lot.id, itp: itp.id, assignedBy: user.id });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: LOT_ACTIVITY_ENTITY,
      entityId: lot.id,
      action: "itp-assigned",
      after: { itpId: itp.id, itpNumber: itp.number, itpTitle: itp.title },
    });
  });
  return redirectWithToast(lotItpTabPath(lot.id), {
    type: "success",
    message: "quality:report.itpTab.toast.assigned",
    params: { number: itp.number },
  });
}

async function unassignItp(context: ProjectContext, lot: ILot, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: unassignItpSchema });
  if (submission.status !== "success") return refused("unassign", null, submission.reply());
  const { lotItpId } = submission.value;
  const link = isUuid(lotItpId)
    ? await em.findOne(LotItp, { id: lotItpId, lot: lot.id }, { populate: ["itp"] })
    : null;
  if (!link) throw new Response("Not found", { status: 404 });
  // A hold or witness point's step is a record too (who called the client, who released): it stays with its ITP.
  const [recorded, points] = await Promise.all([
    em.find(LotItemCheck, { lot: lot.id, item: { itp: link.itp.id } }, { fields: ["item"] }),
    em.find(LotInspectionPoint, { lot: lot.id, item: { itp: link.itp.id } }, { fields: ["item"] }),
  ]);
  const checks = new Set([...recorded, ...points].map((row) => row.item.id)).size;
  if (checks > 0)
    return refused(
      "unassign",
      link.id,
      submission.reply({
        formErrors: [
          message("quality:report.itpTab.unassignRefused", { number: link.itp.number, count: checks }),
        ],
      }),
      409,
    );
  await em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: LOT_ACTIVITY_ENTITY,
      entityId: lot.id,
      action: "itp-unassigned",
      before: { itpId: link.itp.id, itpNumber: link.itp.number, itpTitle: link.itp.title },
    });
    tx.remove(link);
  });
  return redirectWithToast(lotItpTabPath(lot.id), {
    type: "success",
    message: "quality:report.itpTab.toast.unassigned",
    params: { number: link.itp.number },
  });
}

/** An item of one of the lot's ITPs, or a 404. */
async function lotItem(em: EntityManager, lot: ILot, itemId: string) {
  const item = isUuid(itemId) ? await em.findOne(ItpItem, { id: itemId }, { populate: ["itp"] }) : null;
  const assigned = item ? await em.count(LotItp, { lot: lot.id, itp: item.itp.id }) : 0;
  if (!item || assigned === 0) throw new Response("Not found", { status: 404 });
  return item;
}

async function checkItem(context: ProjectContext, lot: ILot, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: checkItemSchema });
  const target = String(formData.get("itemId") ?? "");
  if (submission.status !== "success") return refused("check", target, submission.reply());
  const { itemId, state } = submission.value;
  const comment = submission.value.comment || null;
  const item = await lotItem(em, lot, itemId);
  // A hold point blocks (issue #12): nothing after an unreleased hold point in its ITP is checked.
  const hold = holdPointBefore(await lotPlanItems(em, lot.id), item.id);
  if (hold)
    return refused(
      "check",
      item.id,
      submission.reply({
        formErrors: [
          message("quality:hpWp.errors.itemBlocked", {
            itp: hold.itpNumber,
            position: hold.position,
            activity: hold.activity,
          }),
        ],
      }),
      409,
    );
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(LotItemCheck, { lot: lot.id, item: item.id });
    const before = existing
      ? { state: existing.state, comment: existing.comment ?? null }
      : { state: "pending" };
    const check =
      existing ??
      tx.create(LotItemCheck, { project: project.id, lot: lot.id, item: item.id, state: "pending" });
    tx.assign(check, { state, comment, checkedBy: user.id, checkedAt: new Date() });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: LOT_ACTIVITY_ENTITY,
      entityId: lot.id,
      action: "item-checked",
      before,
      after: {
        state,
        comment,
        itemId: item.id,
        itpNumber: item.itp.number,
        position: item.position,
        activity: item.activity,
      },
    });
  });
  return redirectWithToast(`${lotItpTabPath(lot.id)}#item-${item.id}`, {
    type: "success",
    message: "quality:report.itpTab.toast.checked",
    params: { position: item.position, number: item.itp.number },
  });
}

async function signItem(context: ProjectContext, lot: ILot, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: signItemSchema });
  const target = String(formData.get("itemId") ?? "");
  if (submission.status !== "success") return refused("sign", target, submission.reply());
  const item = await lotItem(em, lot, submission.value.itemId);
  const existing = await em.findOne(LotItemCheck, { lot: lot.id, item: item.id });
  const problem = !item.subcontractorSignature
    ? "quality:report.itpTab.signNotNeeded"
    : existing?.subcontractorSignedAt
      ? "quality:report.itpTab.alreadySigned"
      : null;
  if (problem) return refused("sign", item.id, submission.reply({ formErrors: [message(problem)] }), 409);
  await em.transactional(async (tx) => {
    const check =
      (existing ? await tx.findOneOrFail(LotItemCheck, existing.id) : null) ??
      tx.create(LotItemCheck, { project: project.id, lot: lot.id, item: item.id, state: "pending" });
    tx.assign(check, { subcontractorSignedBy: user.id, subcontractorSignedAt: new Date() });
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: LOT_ACTIVITY_ENTITY,
      entityId: lot.id,
      action: "item-subcontractor-signed",
      after: {
        itemId: item.id,
        itpNumber: item.itp.number,
        position: item.position,
        activity: item.activity,
      },
    });
  });
  return redirectWithToast(`${lotItpTabPath(lot.id)}#item-${item.id}`, {
    type: "success",
    message: "quality:report.itpTab.toast.signed",
    params: { position: item.position, number: item.itp.number },
  });
}
