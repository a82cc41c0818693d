import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { projectCompanyIds } from "~/server/admin/companies.server";
import { activityFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { Company, Location } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { LOT_INITIAL_STATE } from "../domain/lot-workflow";
import { type ILot, Lot, LotDtiAudit, LotEquipment, LotRelation } from "../entities";
import {
  isLotEditable,
  LOT_VALUE_KEYS,
  type LotValues,
  lotFormSchema,
  lotLockedMessage,
  lotPath,
  lotValues,
} from "./lot-rules";
import { nextQualityNumber } from "./numbering.server";
import { today } from "./today";

/**
 * The lot's server side: the form (create, edit, and the choices it offers), reading the detail tab and
 * the HP/WP list. The workflow is in lot-workflow.server.ts, the detail tab's records in
 * lot-records.server.ts.
 */

export type LotPlace = { em: EntityManager; projectId: string; actorId: string | null };

export const LOT_ENTITY_TYPE = "lot";

export const placeOf = ({ em, project, user }: ProjectContext): LotPlace => ({
  em,
  projectId: project.id,
  actorId: user.id,
});

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
/** Kept here for the callers that take it with the rest of this file. */
export { today };

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
      number: await nextQualityNumber(tx, place.projectId, "LOT"),
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

/** A locked lot is not edited (see isLotEditable): back to the lot with the reason. */
export function refuseLockedLot(lot: ILot) {
  return redirectWithToast(lotPath(lot.id), {
    type: "error",
    message: lotLockedMessage(lot) ?? "quality:lot.toast.notEditable",
  });
}

export async function updateLot(place: LotPlace, lot: ILot, formData: FormData) {
  if (!isLotEditable(lot)) return refuseLockedLot(lot);
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
