import { parseWithZod } from "@conform-to/zod/v4";
import { UniqueConstraintViolationException } from "@mikro-orm/core";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { type ILot, Lot, LotDtiAudit, LotEquipment, LotRelation } from "../entities";
import {
  dtiAuditSchema,
  equipmentAddSchema,
  equipmentRemoveSchema,
  isLotEditable,
  lotPath,
  relationAddSchema,
  relationRemoveSchema,
} from "./lot-rules";

import { LOT_ENTITY_TYPE, type LotPlace, refuseLockedLot } from "./lots.server";

/** The detail tab's records of a lot: equipment, related lots and the DTI lot audit. */
const submissionError = (
  submission: { reply: (options?: object) => unknown },
  fieldErrors: Record<string, string[]>,
) => data(submission.reply({ fieldErrors }), { status: 400 });

const backToLot = (lot: ILot, key: string) =>
  redirectWithToast(lotPath(lot.id), { type: "success", message: key, params: { number: lot.number } });

export async function addEquipment(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseLockedLot(lot);
  const submission = parseWithZod(formData, { schema: equipmentAddSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { name, description } = submission.value;
  await place.em.transactional(async (tx) => {
    const equipment = tx.create(LotEquipment, {
      project: place.projectId,
      lot: lot.id,
      name,
      description: description || null,
    });
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: "equipment-added",
      after: { id: equipment.id, name, description: description || null },
    });
  });
  return backToLot(lot, "quality:lot.toast.equipmentAdded");
}

export async function removeEquipment(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseLockedLot(lot);
  const submission = parseWithZod(formData, { schema: equipmentRemoveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const equipment = await place.em.findOne(LotEquipment, {
    id: submission.value.id,
    lot: lot.id,
    project: place.projectId,
  });
  if (!equipment) throw new Response("Not found", { status: 404 });
  await place.em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: "equipment-removed",
      before: { id: equipment.id, name: equipment.name, description: equipment.description ?? null },
    });
    tx.remove(equipment);
  });
  return backToLot(lot, "quality:lot.toast.equipmentRemoved");
}

/**
 * Relates two lots of the project, found by lot number (a text input works without JavaScript). A
 * relation is stored once and read from both sides, so "B relates to A" is refused when A already
 * relates to B.
 */
export async function addRelation(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseLockedLot(lot);
  const submission = parseWithZod(formData, { schema: relationAddSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const number = submission.value.relatedNumber.toUpperCase();
  const related = await place.em.findOne(
    Lot,
    { project: place.projectId, number },
    { fields: ["id", "number"] },
  );
  if (!related)
    return submissionError(submission, { relatedNumber: [message("quality:lot.errors.lotNotFound")] });
  if (related.id === lot.id)
    return submissionError(submission, { relatedNumber: [message("quality:lot.errors.relatedSelf")] });
  const existing = await place.em.count(LotRelation, {
    project: place.projectId,
    $or: [
      { lot: lot.id, related: related.id },
      { lot: related.id, related: lot.id },
    ],
  });
  if (existing > 0)
    return submissionError(submission, { relatedNumber: [message("quality:lot.errors.relatedTwice")] });
  try {
    await place.em.transactional(async (tx) => {
      tx.create(LotRelation, {
        project: place.projectId,
        lot: lot.id,
        related: related.id,
        createdBy: place.actorId,
      });
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: LOT_ENTITY_TYPE,
        entityId: lot.id,
        action: "relation-added",
        after: { relatedId: related.id, relatedNumber: related.number },
      });
    });
  } catch (error) {
    // Someone added the same pair a moment ago.
    if (error instanceof UniqueConstraintViolationException)
      return submissionError(submission, { relatedNumber: [message("quality:lot.errors.relatedTwice")] });
    throw error;
  }
  return backToLot(lot, "quality:lot.toast.relationAdded");
}

export async function removeRelation(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseLockedLot(lot);
  const submission = parseWithZod(formData, { schema: relationRemoveSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const relation = await place.em.findOne(
    LotRelation,
    { id: submission.value.id, project: place.projectId, $or: [{ lot: lot.id }, { related: lot.id }] },
    { populate: ["lot", "related"] },
  );
  if (!relation) throw new Response("Not found", { status: 404 });
  const other = relation.lot.id === lot.id ? relation.related : relation.lot;
  await place.em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: "relation-removed",
      before: { relatedId: other.id, relatedNumber: other.number },
    });
    tx.remove(relation);
  });
  return backToLot(lot, "quality:lot.toast.relationRemoved");
}

/**
 * Saves the DTI lot audit. Saving is signing: whoever saves (a holder of lot-dti-sign) is recorded as
 * the signer, with the drawn signature when there is one; without one (no JavaScript, or a keyboard
 * user) the auditor's typed name stands as the signature.
 */
export async function saveDtiAudit(place: LotPlace, lot: ILot, formData: FormData) {
  const submission = parseWithZod(formData, { schema: dtiAuditSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _intent, ...values } = submission.value;
  const stored = {
    auditorName: values.auditorName,
    auditedOn: values.auditedOn,
    processCompleted: values.processCompleted,
    reason: values.reason || null,
    comments: values.comments || null,
    signature: values.signature || null,
  };
  const existing = await place.em.findOne(LotDtiAudit, { lot: lot.id, project: place.projectId });
  await place.em.transactional(async (tx) => {
    const signed = { signedBy: place.actorId, signedAt: new Date() };
    const before = existing
      ? {
          auditorName: existing.auditorName,
          auditedOn: existing.auditedOn,
          processCompleted: existing.processCompleted,
          reason: existing.reason ?? null,
          comments: existing.comments ?? null,
          signature: existing.signature ?? null,
        }
      : null;
    if (existing) tx.assign(existing, { ...stored, ...signed });
    else tx.create(LotDtiAudit, { project: place.projectId, lot: lot.id, ...stored, ...signed });
    const summary = ({ signature, ...rest }: typeof stored) => ({
      ...rest,
      drawnSignature: Boolean(signature),
    });
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: "dti-audit-signed",
      before: before ? summary(before) : null,
      after: summary(stored),
    });
  });
  return backToLot(lot, "quality:lot.toast.dtiSaved");
}
