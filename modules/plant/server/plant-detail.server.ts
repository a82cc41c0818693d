import { dayOfDateColumn } from "~/server/db/date-column";
import { Attachment } from "~/server/db/entities";
import { enforcementScans } from "~/server/extensions/extensions.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { documentExpiry, isOnSite } from "../domain/plant-rules";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { type IPlantItem, PlantCheck, PlantDocument, PlantInspection } from "../entities";
import { canKeepDocuments, canRecordChecks } from "./plant-records.server";
import { PLANT_DOCUMENT_ENTITY_TYPE, type PlantTab } from "./plant-rules";
import { plantSettingsOf, plantSiteToday } from "./plant-settings.server";
import { canEditPlant, plantActivity, plantSteps } from "./plants.server";

/** How many checks, inspections and scans the page lists (newest first). */
export const LISTED = 50;

async function documentsOf(context: ProjectContext, plant: IPlantItem, today: string, warningDays: number) {
  const documents = await context.em.find(
    PlantDocument,
    { plant: plant.id },
    { orderBy: { expiryDate: "asc", createdAt: "asc" }, populate: ["createdBy"] },
  );
  const files = documents.length
    ? await context.em.find(
        Attachment,
        {
          entityType: PLANT_DOCUMENT_ENTITY_TYPE,
          entityId: { $in: documents.map((document) => document.id) },
        },
        { orderBy: { createdAt: "asc" } },
      )
    : [];
  return documents.map((document) => {
    const expiryDate = dayOfDateColumn(document.expiryDate);
    return {
      id: document.id,
      kind: document.kind,
      title: document.title,
      expiryDate,
      expiry: documentExpiry(expiryDate, today, warningDays),
      addedBy: document.createdBy?.name ?? null,
      files: files
        .filter((file) => file.entityId === document.id)
        .map((file) => ({ id: file.id, fileName: file.fileName, size: Number(file.size) })),
    };
  });
}

async function checksOf(context: ProjectContext, plant: IPlantItem) {
  const [checks, inspections] = await Promise.all([
    context.em.find(
      PlantCheck,
      { plant: plant.id },
      { orderBy: { checkedOn: "desc", createdAt: "desc" }, limit: LISTED },
    ),
    context.em.find(
      PlantInspection,
      { plant: plant.id },
      { orderBy: { inspectedOn: "desc", createdAt: "desc" }, limit: LISTED },
    ),
  ]);
  return {
    checks: checks.map((check) => ({
      id: check.id,
      checkedOn: dayOfDateColumn(check.checkedOn) ?? "",
      operator: check.operator,
      result: check.result,
      comment: check.comment,
      items: check.items,
    })),
    inspections: inspections.map((inspection) => ({
      id: inspection.id,
      inspectedOn: dayOfDateColumn(inspection.inspectedOn) ?? "",
      inspector: inspection.inspector,
      result: inspection.result,
      nextDueOn: dayOfDateColumn(inspection.nextDueOn),
      notes: inspection.notes,
    })),
  };
}

/** The plant page: its fields and steps, and what the open tab shows. */
export async function loadPlantDetail(context: ProjectContext, plant: IPlantItem, tab: PlantTab) {
  const [today, settings] = await Promise.all([
    plantSiteToday(context.em, context.project),
    plantSettingsOf(context.em, context.project.id),
  ]);
  const onHireDate = dayOfDateColumn(plant.onHireDate);
  const offHireDate = dayOfDateColumn(plant.offHireDate);
  const documents = await documentsOf(context, plant, today, settings.expiryWarningDays);
  return {
    id: plant.id,
    number: plant.number,
    make: plant.make,
    model: plant.model,
    serial: plant.serial,
    owner: plant.ownerCompany.name,
    description: plant.description,
    onHireDate,
    offHireDate,
    status: plant.status,
    onSiteToday: isOnSite({ status: plant.status, onHireDate, offHireDate }, today),
    createdBy: plant.createdBy?.name ?? null,
    createdAt: plant.createdAt.toISOString(),
    today,
    warningDays: settings.expiryWarningDays,
    expiredDocuments: documents.filter((document) => document.expiry === "expired").length,
    expiringDocuments: documents.filter((document) => document.expiry === "expiring").length,
    documents: tab === "documents" ? documents : [],
    ...(tab === "checks" ? await checksOf(context, plant) : { checks: [], inspections: [] }),
    checklist: tab === "checks" ? settings.checklist : [],
    scans:
      tab === "scans"
        ? await enforcementScans(context, {
            objectType: "PLANT_AND_MACHINERY",
            objectId: plant.id,
            tags: [plant.serial],
            limit: LISTED,
          })
        : null,
    activity: tab === "activity" ? await plantActivity(context, plant.id) : [],
    steps: plantSteps(context, plant),
    can: {
      edit: canEditPlant(context, plant),
      documents: canKeepDocuments(context, plant),
      checks: canRecordChecks(context, plant),
      view: context.can(PLANT_PERMISSIONS.view),
    },
  };
}
export type PlantDetail = Awaited<ReturnType<typeof loadPlantDetail>>;
