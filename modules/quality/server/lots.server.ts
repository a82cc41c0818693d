import { parseWithZod } from "@conform-to/zod/v4";
import { LockMode, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { projectCompanyIds } from "~/server/admin/companies.server";
import { message } from "~/server/admin/company-rules";
import { activityFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { Company, Location } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { registry } from "~/server/registry";
import { applyLotAction, LOT_INITIAL_STATE, type LotAction, type LotState } from "../domain/lot-workflow";
import {
  type ILot,
  type ItemCheckState,
  ItpItem,
  Lot,
  LotDtiAudit,
  LotEquipment,
  LotItemCheck,
  LotItp,
  LotRelation,
} from "../entities";
import {
  dtiAuditSchema,
  equipmentAddSchema,
  equipmentRemoveSchema,
  isLotAction,
  isLotEditable,
  LOT_PATH,
  LOT_VALUE_KEYS,
  type LotValues,
  lotFormSchema,
  lotPath,
  lotValues,
  relationAddSchema,
  relationRemoveSchema,
  transitionSchema,
} from "./lot-rules";

/**
 * The lot's server side: the form (create, edit, and the choices it offers), the workflow transitions,
 * the detail tab's records (equipment, related lots, DTI audit), and the HP/WP list.
 */

export type LotPlace = { em: EntityManager; projectId: string; actorId: string | null };

export const LOT_ENTITY_TYPE = "lot";

export const placeOf = ({ em, project, user }: ProjectContext): LotPlace => ({
  em,
  projectId: project.id,
  actorId: user.id,
});

/** The keys the user holds in this project; a super admin holds every project key. */
export function grantedKeysOf(context: ProjectContext): ReadonlySet<string> {
  if (context.user.isSuperAdmin) return new Set(registry().projectPermissionKeys.keys());
  return context.granted;
}

/** The lot of a URL in the project, or a 404 (malformed ids included: PostgreSQL would answer 500). */
export async function lotById(em: EntityManager, projectId: string, id: string | undefined): Promise<ILot> {
  const lot = isUuid(id) ? await em.findOne(Lot, { id, project: projectId }) : null;
  if (!lot) throw new Response("Not found", { status: 404 });
  return lot;
}

export const forbidden = () => new Response("Forbidden", { status: 403 });

/** The companies of a project: its own and its members' (server/admin/companies.server.ts reads them alike). */
export async function projectCompanies(em: EntityManager, projectId: string) {
  const ids = await projectCompanyIds(em, projectId);
  if (ids.length === 0) return [];
  const companies = await em.find(
    Company,
    { id: { $in: ids } },
    { orderBy: { name: "asc" }, fields: ["name"] },
  );
  return companies.map((company) => ({ value: company.id, label: company.name }));
}

export type LotFormChoices = {
  locations: { value: string; label: string }[];
  companies: { value: string; label: string }[];
};

export async function lotFormChoices(em: EntityManager, projectId: string): Promise<LotFormChoices> {
  const [tree, companies] = await Promise.all([
    listLocationTree(em, projectId),
    projectCompanies(em, projectId),
  ]);
  return {
    locations: flattenLocationTree(tree).map((node) => ({ value: node.id, label: node.ancestorsName })),
    companies,
  };
}

/** Today as the site's calendar day (server clock, UTC), the default of "lot opened on". */
export const today = () => new Date().toISOString().slice(0, 10);

/** What the form shows for a new lot. */
export const newLotDefaults = () => ({ lotOpenedOn: today() });

/** A stored lot as the form's values (strings, "" for empty). */
export function lotFormDefaults(lot: ILot): Record<string, string> {
  const values = storedLotValues(lot);
  return Object.fromEntries(
    LOT_VALUE_KEYS.map((key) => [key, values[key] === null ? "" : String(values[key])]),
  );
}

// PostgreSQL doubles may arrive as text.
const numberOrNull = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/** A stored lot in the shape of the form's values, for the form and the activity log's before/after. */
export function storedLotValues(lot: ILot): LotValues {
  return {
    title: lot.title,
    lotType: lot.lotType ?? null,
    locationId: lot.location?.id ?? null,
    area: lot.area ?? null,
    activity: lot.activity ?? null,
    discipline: lot.discipline ?? null,
    subDiscipline: lot.subDiscipline ?? null,
    workPack: lot.workPack ?? null,
    zone: lot.zone ?? null,
    wbs: lot.wbs ?? null,
    managedBy: lot.managedBy ?? null,
    engineerResponsible: lot.engineerResponsible ?? null,
    supervisorResponsible: lot.supervisorResponsible ?? null,
    subcontractorId: lot.subcontractor?.id ?? null,
    assetOwner: lot.assetOwner ?? null,
    designPackage: lot.designPackage ?? null,
    system: lot.system ?? null,
    controlLine: lot.controlLine ?? null,
    chainageStart: numberOrNull(lot.chainageStart),
    chainageEnd: numberOrNull(lot.chainageEnd),
    lotOpenedOn: lot.lotOpenedOn ?? null,
    scheduledStart: lot.scheduledStart ?? null,
    workCommencedOn: lot.workCommencedOn ?? null,
    completedOn: lot.completedOn ?? null,
    lotCloseTarget: lot.lotCloseTarget ?? null,
    qaCompletedOn: lot.qaCompletedOn ?? null,
    lotClosedOn: lot.lotClosedOn ?? null,
    lotVerifiedBy: lot.lotVerifiedBy ?? null,
    comment: lot.comment ?? null,
    remark: lot.remark ?? null,
  };
}

/** The entity's columns for the form's values: ids become references. */
function lotColumns({ locationId, subcontractorId, ...values }: LotValues) {
  return { ...values, location: locationId, subcontractor: subcontractorId };
}

/**
 * Reads the lot form: its schema first, then the choices against the project (a location or company of
 * another project is answered like a deleted one). On a refusal nothing is written.
 */
async function parseLotForm(place: LotPlace, formData: FormData) {
  const submission = parseWithZod(formData, { schema: lotFormSchema });
  if (submission.status !== "success")
    return { refused: data(submission.reply(), { status: 400 }), values: null } as const;
  const values = lotValues(submission.value);
  const fieldErrors: Record<string, string[]> = {};
  const notFound = [message("quality:lot.errors.choiceNotFound")];
  if (values.locationId) {
    const location = await place.em.findOne(
      Location,
      { id: values.locationId, project: place.projectId },
      { fields: ["id"] },
    );
    if (!location) fieldErrors.locationId = notFound;
  }
  if (values.subcontractorId) {
    const companies = await projectCompanies(place.em, place.projectId);
    if (!companies.some((company) => company.value === values.subcontractorId))
      fieldErrors.subcontractorId = notFound;
  }
  if (Object.keys(fieldErrors).length > 0)
    return { refused: data(submission.reply({ fieldErrors }), { status: 400 }), values: null } as const;
  return { refused: null, values } as const;
}

export async function createLot(place: LotPlace, formData: FormData) {
  const { refused, values } = await parseLotForm(place, formData);
  if (refused) return refused;
  const lot = await place.em.transactional(async (tx) => {
    const created = tx.create(Lot, {
      project: place.projectId,
      number: await nextNumber(tx, place.projectId, "LOT"),
      ...LOT_INITIAL_STATE,
      ...lotColumns(values),
      createdBy: place.actorId,
    });
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, ...values },
    });
    return created;
  });
  return redirectWithToast(lotPath(lot.id), {
    type: "success",
    message: "quality:lot.toast.created",
    params: { number: lot.number },
  });
}

/** Closed and cancelled lots are not edited (see isLotEditable): back to the lot with the reason. */
export function refuseFinalLot(lot: ILot) {
  return redirectWithToast(lotPath(lot.id), { type: "error", message: "quality:lot.toast.notEditable" });
}

export async function updateLot(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseFinalLot(lot);
  const { refused, values } = await parseLotForm(place, formData);
  if (refused) return refused;
  const changes = changedFields(storedLotValues(lot), values);
  if (Object.keys(changes.after).length > 0) {
    await place.em.transactional(async (tx) => {
      tx.assign(lot, lotColumns(values));
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: LOT_ENTITY_TYPE,
        entityId: lot.id,
        action: "updated",
        ...changes,
      });
    });
  }
  return redirectWithToast(lotPath(lot.id), {
    type: "success",
    message: "quality:lot.toast.updated",
    params: { number: lot.number },
  });
}

export type LotActivityEntry = {
  id: string;
  action: string;
  actorName: string | null;
  createdAt: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function lotActivity(em: EntityManager, lotId: string): Promise<LotActivityEntry[]> {
  const entries = await activityFor(em, LOT_ENTITY_TYPE, lotId);
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    actorName: entry.actor?.name ?? null,
    createdAt: entry.createdAt.toISOString(),
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Workflow

type WorkflowAction = LotAction;

/** Spec 8's failure messages for the two actions that remove a lot from work. */
const FAILURE_TOASTS: Partial<Record<WorkflowAction, string>> = {
  delete: "quality:lot.toast.deleteFailed",
  cancel: "quality:lot.toast.cancelFailed",
};

const REFUSAL_MESSAGES = {
  "not-allowed-from-state": "quality:lot.errors.actionNotAllowed",
  "comment-required": "quality:lot.errors.commentRequired",
} as const;

/**
 * Runs one workflow action on a lot (spec 4; the table is domain/lot-workflow.ts). The lot is read again
 * inside the transaction so two people acting at once cannot both move it from the same state. A missing
 * permission is a 403; a stale state, a missing reason or an unconfirmed confirm-row are form errors.
 */
export async function transitionLot(
  place: LotPlace,
  lotId: string,
  granted: ReadonlySet<string>,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: transitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action, comment, confirmed } = submission.value;
  const failureToast = FAILURE_TOASTS[action];
  const refuse = (key: string, status: number, field?: "comment" | "confirmed") => {
    const errors = [failureToast, key].filter((entry): entry is string => Boolean(entry));
    return data(
      submission.reply(
        field ? { fieldErrors: { [field]: [key] }, formErrors: errors } : { formErrors: errors },
      ),
      { status },
    );
  };

  const outcome = await place.em.transactional(async (tx) => {
    const lot = await tx.findOne(
      Lot,
      { id: lotId, project: place.projectId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!lot) return { kind: "not-found" } as const;
    const before: LotState = { status: lot.status, subStatus: lot.subStatus ?? null };
    const result = applyLotAction(before, action, granted, { comment });
    if (!result.ok) return { kind: "refused", reason: result.reason } as const;
    if (result.row.confirm && !confirmed) return { kind: "unconfirmed" } as const;
    const activity = {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: LOT_ENTITY_TYPE,
      entityId: lot.id,
      action: action === "delete" ? "deleted" : "status-changed",
      before: { ...before },
      after: { ...(result.to ?? {}), action, comment: comment ?? null },
    };
    if (result.to === null) {
      recordActivity(tx, { ...activity, before: { ...before, number: lot.number, title: lot.title } });
      tx.remove(lot);
      return { kind: "deleted", number: lot.number } as const;
    }
    tx.assign(lot, { ...result.to, ...sideDates(lot, action) });
    recordActivity(tx, activity);
    return { kind: "moved", number: lot.number } as const;
  });

  if (outcome.kind === "not-found") throw new Response("Not found", { status: 404 });
  if (outcome.kind === "refused") {
    if (outcome.reason === "missing-permission") throw forbidden();
    if (outcome.reason === "comment-required")
      return refuse(REFUSAL_MESSAGES["comment-required"], 400, "comment");
    return refuse(REFUSAL_MESSAGES["not-allowed-from-state"], 409);
  }
  if (outcome.kind === "unconfirmed") return refuse("quality:lot.errors.confirmRequired", 400, "confirmed");
  if (outcome.kind === "deleted")
    return redirectWithToast(LOT_PATH, {
      type: "success",
      message: "quality:lot.toast.deleted",
      params: { number: outcome.number },
    });
  return redirectWithToast(lotPath(lotId), {
    type: "success",
    message: `quality:lot.toast.action.${action}`,
    params: { number: outcome.number },
  });
}

/** The dates a step records on the lot: set when the step first happens, never overwriting what a user typed. */
function sideDates(lot: ILot, action: WorkflowAction): Partial<ILot> {
  const day = today();
  switch (action) {
    case "start_work":
      return lot.workCommencedOn ? {} : { workCommencedOn: day };
    case "mark_records_complete":
      return lot.completedOn ? {} : { completedOn: day };
    case "qa_approve":
      return { qaCompletedOn: day };
    case "close":
      return { lotClosedOn: day };
    case "reopen":
      return { lotClosedOn: null };
    default:
      return {};
  }
}

/** Delete may fail for a reason the table does not know (a record added meanwhile): spec 8's toast. */
export async function transitionLotOrToast(...args: Parameters<typeof transitionLot>) {
  try {
    return await transitionLot(...args);
  } catch (error) {
    if (error instanceof Response) throw error;
    const action = args[3].get("action");
    const failure = isLotAction(action) ? FAILURE_TOASTS[action] : undefined;
    if (!failure) throw error;
    console.warn("Lot workflow action failed", action, error);
    return redirectWithToast(lotPath(args[1]), { type: "error", message: failure });
  }
}

// ---------------------------------------------------------------------------------------------------
// The detail tab's records

const submissionError = (
  submission: { reply: (options?: object) => unknown },
  fieldErrors: Record<string, string[]>,
) => data(submission.reply({ fieldErrors }), { status: 400 });

const backToLot = (lot: ILot, key: string) =>
  redirectWithToast(lotPath(lot.id), { type: "success", message: key, params: { number: lot.number } });

export async function addEquipment(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseFinalLot(lot);
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
  if (!isLotEditable(lot)) return refuseFinalLot(lot);
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
  if (!isLotEditable(lot)) return refuseFinalLot(lot);
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
  if (!isLotEditable(lot)) return refuseFinalLot(lot);
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

// ---------------------------------------------------------------------------------------------------
// Reading the detail tab

export type LotDetail = Awaited<ReturnType<typeof loadLotDetail>>;

export async function loadLotDetail(em: EntityManager, projectId: string, lot: ILot) {
  const [choices, equipment, relations, dti, activity] = await Promise.all([
    lotFormChoices(em, projectId),
    em.find(LotEquipment, { lot: lot.id, project: projectId }, { orderBy: { createdAt: "asc", id: "asc" } }),
    em.find(
      LotRelation,
      { project: projectId, $or: [{ lot: lot.id }, { related: lot.id }] },
      { populate: ["lot", "related"], orderBy: { createdAt: "asc", id: "asc" } },
    ),
    em.findOne(LotDtiAudit, { lot: lot.id, project: projectId }, { populate: ["signedBy"] }),
    lotActivity(em, lot.id),
  ]);
  const values = storedLotValues(lot);
  const label = (options: { value: string; label: string }[], id: string | null) =>
    id ? (options.find((option) => option.value === id)?.label ?? null) : null;
  return {
    values: {
      ...values,
      locationId: label(choices.locations, values.locationId),
      subcontractorId: label(choices.companies, values.subcontractorId),
    } as Record<keyof LotValues, string | number | null>,
    equipment: equipment.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description ?? null,
    })),
    relations: relations.map((relation) => {
      const other = relation.lot.id === lot.id ? relation.related : relation.lot;
      return {
        id: relation.id,
        lotId: other.id,
        number: other.number,
        title: other.title,
        status: other.status,
        subStatus: other.subStatus ?? null,
      };
    }),
    dti: dti
      ? {
          auditorName: dti.auditorName,
          auditedOn: dti.auditedOn,
          processCompleted: dti.processCompleted,
          reason: dti.reason ?? null,
          comments: dti.comments ?? null,
          signature: dti.signature ?? null,
          signedByName: dti.signedBy?.name ?? null,
          signedAt: dti.signedAt ? dti.signedAt.toISOString() : null,
        }
      : null,
    activity,
  };
}

/** Lot numbers a user may relate to (a datalist for the lot-number input): the newest, bounded. */
export async function relatableLotNumbers(em: EntityManager, projectId: string, lotId: string, limit = 200) {
  const rows = await em.execute<{ number: string; title: string }[]>(
    `select "number", title from lot where project_id = ? and id <> ? order by sequence desc limit ?`,
    [projectId, lotId, limit],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// HP/WP tab

export const HOLD_WITNESS_POINTS = ["H", "W"] as const;

/** The hold (H) and witness (W) points of the ITPs assigned to a lot, with the lot's check of each. */
export async function loadHoldWitnessPoints(em: EntityManager, projectId: string, lotId: string) {
  const assigned = await em.find(
    LotItp,
    { lot: lotId, project: projectId },
    { populate: ["itp"], orderBy: { itp: { number: "asc" } } },
  );
  if (assigned.length === 0) return [];
  const items = await em.find(
    ItpItem,
    {
      project: projectId,
      itp: { $in: assigned.map((link) => link.itp.id) },
      inspectionPoint: { $in: [...HOLD_WITNESS_POINTS] },
    },
    { orderBy: { position: "asc" } },
  );
  const checks = items.length
    ? await em.find(
        LotItemCheck,
        { project: projectId, lot: lotId, item: { $in: items.map((item) => item.id) } },
        { populate: ["checkedBy"] },
      )
    : [];
  const checkOf = new Map(checks.map((check) => [check.item.id, check]));
  return assigned.map((link) => ({
    itpId: link.itp.id,
    itpNumber: link.itp.number,
    itpTitle: link.itp.title,
    points: items
      .filter((item) => item.itp.id === link.itp.id)
      .map((item) => {
        const check = checkOf.get(item.id);
        return {
          id: item.id,
          position: item.position,
          activity: item.activity,
          inspectionPoint: item.inspectionPoint,
          acceptanceCriteria: item.acceptanceCriteria ?? null,
          verifyingDocument: item.verifyingDocument ?? null,
          state: (check?.state ?? "pending") as ItemCheckState,
          checkedByName: check?.checkedBy?.name ?? null,
          checkedAt: check?.checkedAt ? check.checkedAt.toISOString() : null,
        };
      }),
  }));
}
