import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { extensionsOf, saveAttachmentRecords, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { keepingUploads, parseUploadForm } from "~/server/uploads/upload-form.server";
import { type CheckItem, checkResult } from "../domain/plant-rules";
import { isPlantOpen, PLANT_PERMISSIONS } from "../domain/plant-workflow";
import {
  type IPlantDocument,
  type IPlantItem,
  PlantCheck,
  PlantDocument,
  PlantInspection,
} from "../entities";
import { notifyPlantEvent } from "./plant-notifications.server";
import {
  documentDeleteSchema,
  documentFormSchema,
  inspectionSchema,
  PLANT_DOCUMENT_ENTITY_TYPE,
  PLANT_ENTITY_TYPE,
  plantPath,
  preStartSchema,
} from "./plant-rules";
import { plantSettingsOf } from "./plant-settings.server";

/** A plant item's documents (with their files), pre-start checks and inspections. */

const P = PLANT_PERMISSIONS;

/** Registration papers, service records, certificates: documents and scans (spec 5: 100 MB a file). */
export const DOCUMENT_FILE_EXTENSIONS = extensionsOf("office", "image");

const archivedRefusal = "plant:errors.notEditable";

/** An entry in the plant's Activity Log by the signed-in user, in the caller's transaction. */
function logOnPlant(
  tx: EntityManager,
  context: ProjectContext,
  plant: IPlantItem,
  action: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  recordActivity(tx, {
    projectId: context.project.id,
    actorId: context.user.id,
    entityType: PLANT_ENTITY_TYPE,
    entityId: plant.id,
    action,
    ...change,
  });
}

/** A document of the plant of a URL, or a 404. */
async function documentOf(context: ProjectContext, plant: IPlantItem, documentId: unknown) {
  const document = isUuid(documentId)
    ? await context.em.findOne(PlantDocument, {
        id: documentId,
        plant: plant.id,
        project: context.project.id,
      })
    : null;
  if (!document) throw new Response("Not found", { status: 404 });
  return document;
}

/** The files of a document: core attachments, downloaded by anyone who sees the plant. */
const documentFiles = (plant: IPlantItem) =>
  recordFiles<IPlantDocument>({
    entityType: PLANT_DOCUMENT_ENTITY_TYPE,
    pagePath: () => plantPath(plant.id, "documents"),
    find: (context, id) => documentOf(context, plant, id),
    isContributor: (context) => context.can(P.edit),
    removesAny: (context) => context.can(P.edit),
    stateRefusal: () => (isPlantOpen(plant.status) ? null : archivedRefusal),
    messages: { noFile: "uploads:noFile", added: "plant:toast.documentAdded" },
  });

export const downloadDocumentFile = (
  context: ProjectContext,
  plant: IPlantItem,
  documentId: string | undefined,
  fileId: string | undefined,
) => documentFiles(plant).download(context, documentId, fileId);

/** May add and remove documents: holders of edit, while the plant is not archived. */
export const canKeepDocuments = (context: ProjectContext, plant: IPlantItem) =>
  isPlantOpen(plant.status) && context.can(P.edit);

/** May record pre-start checks and inspections: holders of record-checks, while the plant is not archived. */
export const canRecordChecks = (context: ProjectContext, plant: IPlantItem) =>
  isPlantOpen(plant.status) && context.can(P.recordChecks);

/**
 * Adds a document from its form and its file (one multipart post): the file streams to storage first (100 MB,
 * the spec's message past it), then the fields are checked; a refused form or file keeps nothing.
 */
export async function addDocument(context: ProjectContext, plant: IPlantItem, request: Request) {
  if (!canKeepDocuments(context, plant)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user } = context;
  const parsed = await parseUploadForm(request, documentFormSchema, {
    maxBytes: UPLOAD_LIMITS.standard,
    allowedExtensions: DOCUMENT_FILE_EXTENSIONS,
    maxFiles: 1,
    fileField: "file",
  });
  if ("reply" in parsed) return parsed.reply;
  const { values, uploads } = parsed;
  await keepingUploads(uploads, () =>
    em.transactional(async (tx) => {
      const document = tx.create(PlantDocument, {
        project: project.id,
        plant: plant.id,
        kind: values.kind,
        title: values.title,
        expiryDate: values.expiryDate,
        createdBy: user.id,
      } as never) as IPlantDocument;
      logOnPlant(tx, context, plant, "document-added", {
        after: {
          document: values.title,
          kind: values.kind,
          expiryDate: values.expiryDate,
          fileName: uploads[0]?.fileName ?? null,
        },
      });
      await tx.flush();
      if (uploads.length > 0)
        await saveAttachmentRecords(tx, {
          projectId: project.id,
          entityType: PLANT_DOCUMENT_ENTITY_TYPE,
          entityId: document.id,
          files: uploads,
          uploadedBy: user.id,
        });
    }),
  );
  return redirectWithToast(plantPath(plant.id, "documents"), {
    type: "success",
    message: "plant:toast.documentAdded",
    params: { number: plant.number, title: values.title },
  });
}

/** Removes a document and its files ("I am sure"), with a "document-deleted" entry. */
export async function deleteDocument(context: ProjectContext, plant: IPlantItem, formData: FormData) {
  const submission = parseWithZod(formData, { schema: documentDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!canKeepDocuments(context, plant))
    return data(submission.reply({ formErrors: [message(archivedRefusal)] }), { status: 409 });
  const document = await documentOf(context, plant, submission.value.documentId);
  const files = documentFiles(plant);
  await context.em.transactional(async (tx) => {
    tx.remove(tx.getReference(PlantDocument, document.id));
    logOnPlant(tx, context, plant, "document-deleted", {
      before: { document: document.title, kind: document.kind },
    });
  });
  await files.removeAll(context, document.id);
  return redirectWithToast(plantPath(plant.id, "documents"), {
    type: "success",
    message: "plant:toast.documentDeleted",
    params: { title: document.title },
  });
}

/**
 * What removes a plant's document files once the plant is deleted: the documents are read now, before the
 * deletion takes them (by cascade), and their files go after it committed.
 */
export async function plantFilesRemover(context: ProjectContext, plant: IPlantItem) {
  const documents = await context.em.find(PlantDocument, { plant: plant.id }, { fields: ["id"] });
  const files = documentFiles(plant);
  return async () => {
    for (const document of documents) await files.removeAll(context, document.id);
  };
}

/** A check's or an inspection's form, refused (nothing written) when invalid or the plant is archived. */
function parseCheckForm<S extends z.ZodType>(
  context: ProjectContext,
  plant: IPlantItem,
  formData: FormData,
  schema: S,
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) } as const;
  if (!canRecordChecks(context, plant))
    return {
      reply: data(submission.reply({ formErrors: [message(archivedRefusal)] }), { status: 409 }),
    } as const;
  return { submission } as const;
}

/**
 * Records a pre-start check against the project's checklist (its items, in order, from the settings): every
 * item answered; FAIL when any fails. A failed check tells the people who approve plant for use, on the
 * project's channel for it.
 */
export async function recordPreStart(context: ProjectContext, plant: IPlantItem, formData: FormData) {
  const parsed = parseCheckForm(context, plant, formData, preStartSchema);
  if ("reply" in parsed) return parsed.reply;
  const { submission } = parsed;
  const { checklist } = await plantSettingsOf(context.em, context.project.id);
  const answers = submission.value.items;
  if (answers.length !== checklist.length)
    return data(submission.reply({ formErrors: [message("plant:errors.checklistChanged")] }), {
      status: 409,
    });
  const items: CheckItem[] = checklist.map((label, index) => ({
    label,
    answer: answers[index].answer,
    comment: answers[index].comment,
  }));
  const result = checkResult(items);
  const values = submission.value;
  await context.em.transactional(async (tx) => {
    tx.create(PlantCheck, {
      project: context.project.id,
      plant: plant.id,
      checkedOn: values.checkedOn,
      operator: values.operator,
      items,
      result,
      comment: values.comment,
      createdBy: context.user.id,
    } as never);
    logOnPlant(tx, context, plant, "pre-start-recorded", {
      after: {
        checkedOn: values.checkedOn,
        operator: values.operator,
        result,
        failed: items.filter((item) => item.answer === "fail").map((item) => item.label),
      },
    });
  });
  if (result === "FAIL")
    await notifyPlantEvent(context.em, {
      projectId: context.project.id,
      event: "checkFailed",
      texts: "checkFailed",
      params: {
        number: plant.number,
        plant: `${plant.make} ${plant.model}`,
        operator: values.operator,
        day: values.checkedOn,
        items: items
          .filter((item) => item.answer === "fail")
          .map((item) => item.label)
          .join(", "),
      },
      link: plantPath(plant.id, "checks"),
      actorId: context.user.id,
    });
  return redirectWithToast(plantPath(plant.id, "checks"), {
    type: result === "FAIL" ? "error" : "success",
    message: result === "FAIL" ? "plant:toast.checkFailed" : "plant:toast.checkPassed",
    params: { number: plant.number },
  });
}

/** Records an inspection (date, inspector, pass or fail, the next one due, notes). */
export async function recordInspection(context: ProjectContext, plant: IPlantItem, formData: FormData) {
  const parsed = parseCheckForm(context, plant, formData, inspectionSchema);
  if ("reply" in parsed) return parsed.reply;
  const { submission } = parsed;
  const values = submission.value;
  await context.em.transactional(async (tx) => {
    tx.create(PlantInspection, {
      project: context.project.id,
      plant: plant.id,
      inspectedOn: values.inspectedOn,
      inspector: values.inspector,
      result: values.result,
      nextDueOn: values.nextDueOn,
      notes: values.notes,
      createdBy: context.user.id,
    } as never);
    logOnPlant(tx, context, plant, "inspection-recorded", {
      after: { inspectedOn: values.inspectedOn, inspector: values.inspector, result: values.result },
    });
  });
  return redirectWithToast(plantPath(plant.id, "checks"), {
    type: "success",
    message: "plant:toast.inspectionRecorded",
    params: { number: plant.number },
  });
}
