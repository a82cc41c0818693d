import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import {
  discardUploads,
  extensionsOf,
  isUploadError,
  parseUpload,
  type StoredUpload,
  saveAttachmentRecords,
  UPLOAD_LIMITS,
  uploadErrorMessage,
} from "~/server/uploads/index.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  isSdsEditable,
  SDS_PERMISSIONS,
  type SdsStatus,
  sdsExpiry,
  sdsWorkflow,
} from "../domain/sds-workflow";
import { type ISafetySds, SafetySds } from "../entities";
import { savedRecordReply } from "./save-reply.server";
import { SDS_ENTITY_TYPE, SDS_PATH, sdsFormSchema, sdsPath, sdsTransitionSchema } from "./sds-rules";

/** Safety data sheets on the server: the form with its file, the page, the steps and the sheet's files. */

/** The sheet as the supplier sent it: a PDF or an office document, or a scan (spec 5: 100 MB a file). */
export const SDS_FILE_EXTENSIONS = extensionsOf("office", "image");

/** The sheet of a URL in the project, or a 404. */
export async function sdsById(context: ProjectContext, id: string | undefined): Promise<ISafetySds> {
  const sds = isUuid(id)
    ? await context.em.findOne(SafetySds, { id, project: context.project.id }, { populate: ["createdBy"] })
    : null;
  if (!sds) throw new Response("Not found", { status: 404 });
  return sds;
}

/** Its fields and files change while it is filed, for holders of edit. */
export const canEditSds = (context: ProjectContext, sds: ISafetySds) =>
  isSdsEditable(sds.status) && context.can(SDS_PERMISSIONS.edit);

const files = recordFiles<ISafetySds>({
  entityType: SDS_ENTITY_TYPE,
  pagePath: sdsPath,
  find: (context, id) => sdsById(context, id),
  isContributor: (context) => context.can(SDS_PERMISSIONS.edit),
  removesAny: (context) => context.can(SDS_PERMISSIONS.edit),
  stateRefusal: (sds) => (isSdsEditable(sds.status) ? null : "safety:sds.files.locked"),
  messages: {
    noFile: "safety:sds.files.noFile",
    added: "safety:sds.files.added",
    deleted: "safety:sds.files.deleted",
    notFound: "safety:sds.files.notFound",
  },
});

export const uploadSdsFiles = (context: ProjectContext, id: string | undefined, request: Request) =>
  files.upload(context, id, request);
export const downloadSdsFile = (
  context: ProjectContext,
  id: string | undefined,
  fileId: string | undefined,
) => files.download(context, id, fileId);

/**
 * Files a sheet from the form and its file (one multipart post): the file streams to storage first (100 MB,
 * the spec's message past it), then the fields are checked; a refused form or file keeps nothing.
 */
export async function createSds(context: ProjectContext, request: Request) {
  const { em, project, user } = context;
  let fields: FormData;
  let uploads: StoredUpload[];
  try {
    ({ fields, files: uploads } = await parseUpload(request, {
      maxBytes: UPLOAD_LIMITS.standard,
      allowedExtensions: SDS_FILE_EXTENSIONS,
      maxFiles: 1,
    }));
  } catch (error) {
    if (!isUploadError(error)) throw error;
    return data({ status: "error", error: { file: [uploadErrorMessage(error)] } }, { status: 400 });
  }
  const submission = parseWithZod(fields, { schema: sdsFormSchema });
  if (submission.status !== "success" || uploads.length === 0) {
    await discardUploads(uploads);
    // A missing file is an error beside the fields' own (reply merges them).
    const missing =
      uploads.length === 0 ? { fieldErrors: { file: [message("safety:sds.errors.fileRequired")] } } : {};
    return data(submission.reply(missing), { status: 400 });
  }
  const values = submission.value;
  let sds: ISafetySds;
  try {
    sds = await em.transactional(async (tx) => {
      const created = tx.create(SafetySds, {
        project: project.id,
        number: await nextNumber(tx, project.id, "SDS"),
        ...values,
        status: "IN_PROGRESS",
        createdBy: user.id,
      } as never) as ISafetySds;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: SDS_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { number: created.number, status: "IN_PROGRESS", product: values.product },
      });
      await tx.flush();
      await saveAttachmentRecords(tx, {
        projectId: project.id,
        entityType: SDS_ENTITY_TYPE,
        entityId: created.id,
        files: uploads,
        uploadedBy: user.id,
      });
      return created;
    });
  } catch (error) {
    await discardUploads(uploads);
    throw error;
  }
  return redirectWithToast(sdsPath(sds.id), {
    type: "success",
    message: "safety:sds.toast.created",
    params: { number: sds.number },
  });
}

/** The site's today, for expiry warnings (decision 029). */
export async function siteToday(context: ProjectContext) {
  return await projectToday(context.em, context.project);
}

export async function loadSdsDetail(context: ProjectContext, sds: ISafetySds, tab: "details" | "activity") {
  const [activity, list, today] = await Promise.all([
    tab === "activity" ? activityRowsFor(context.em, SDS_ENTITY_TYPE, sds.id, 200) : Promise.resolve([]),
    files.list(context, sds),
    siteToday(context),
  ]);
  const expiryDate = dayOfDateColumn(sds.expiryDate) ?? "";
  return {
    id: sds.id,
    number: sds.number,
    product: sds.product,
    supplier: sds.supplier,
    issueDate: dayOfDateColumn(sds.issueDate),
    expiryDate,
    expiry: sdsExpiry(expiryDate, today),
    status: sds.status,
    createdBy: sds.createdBy?.name ?? null,
    createdAt: sds.createdAt.toISOString(),
    files: list,
    canAddFiles: files.canAdd(context, sds),
    steps: sdsWorkflow.available(sds.status, grantedKeysOf(context)).map((row) => ({
      action: row.action,
      confirm: Boolean(row.confirm),
      requiresComment: Boolean(row.requiresComment),
    })),
    activity,
  };
}
export type SdsDetail = Awaited<ReturnType<typeof loadSdsDetail>>;

export function sdsFormValues(sds: ISafetySds) {
  return {
    product: sds.product,
    supplier: sds.supplier,
    issueDate: dayOfDateColumn(sds.issueDate) ?? "",
    expiryDate: dayOfDateColumn(sds.expiryDate) ?? "",
  };
}

/** Saves the edit form with an "updated" entry of what changed; nothing is written when refused or no longer filed. */
export async function editSds(context: ProjectContext, sdsId: string, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: sdsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await em.transactional(async (tx) => {
    const sds = await tx.findOne(SafetySds, { id: sdsId, project: project.id });
    if (!sds) throw new Response("Not found", { status: 404 });
    if (!isSdsEditable(sds.status)) return null;
    const changed = changedFields(sdsFormValues(sds), submission.value);
    if (Object.keys(changed.after).length === 0) return sds;
    tx.assign(sds, submission.value as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: SDS_ENTITY_TYPE,
      entityId: sds.id,
      action: "updated",
      ...changed,
    });
    return sds;
  });
  return savedRecordReply(submission, saved, {
    refused: "safety:sds.errors.notEditable",
    path: sdsPath,
    toast: "safety:sds.toast.updated",
  });
}

/** One step of the SDS table through the core's engine, with its "status-changed" entry; a deleted sheet's files go with it. */
export async function transitionSds(context: ProjectContext, sdsId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sdsTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const outcome = await runWorkflowStep({
    em: context.em,
    entity: SafetySds,
    id: sdsId,
    projectId: context.project.id,
    workflow: sdsWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (sds: ISafetySds): SdsStatus => sds.status,
    apply(tx, sds, change) {
      tx.assign(sds, { status: change.to });
    },
    activity: {
      entityType: SDS_ENTITY_TYPE,
      entry: (sds, change) => ({
        action: change.to === null ? "deleted" : "status-changed",
        before:
          change.to === null
            ? { status: change.from, number: sds.number, product: sds.product }
            : { status: change.from },
        after: { status: change.to, action: step, comment: comment ?? null },
      }),
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:sds.errors.commentRequired",
      confirmRequired: "safety:sds.errors.confirmRequired",
      notAllowed: "safety:sds.errors.actionNotAllowed",
    });
  if (outcome.to === null) {
    await files.removeAll(context, sdsId);
    return redirectWithToast(SDS_PATH, {
      type: "success",
      message: "safety:sds.toast.deleted",
      params: { number: outcome.record.number },
    });
  }
  return redirectWithToast(sdsPath(sdsId), {
    type: "success",
    message: `safety:sds.toast.step.${step}`,
    params: { number: outcome.record.number },
  });
}
