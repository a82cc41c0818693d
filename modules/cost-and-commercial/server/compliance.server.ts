import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { Attachment } from "~/server/db/entities";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { extensionsOf, saveAttachmentRecords, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { recordFiles } from "~/server/uploads/record-files.server";
import { keepingUploads, parseUploadForm } from "~/server/uploads/upload-form.server";
import { UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import { ComplianceDocument, type IComplianceDocument, type IHeadContract } from "../entities";
import {
  COMPLIANCE_ENTITY_TYPE,
  complianceDeleteSchema,
  complianceSchema,
  HEAD_CONTRACT_ENTITY_TYPE,
  upstreamPath,
} from "./upstream-forms";

/** The head contract's compliance and requirements documents: each a file, its key dates and a description. */

const P = UPSTREAM_PERMISSIONS;

/** Insurance certificates, plans, approvals: documents, drawings and scans (spec 5: 100 MB a file). */
export const COMPLIANCE_FILE_EXTENSIONS = extensionsOf("office", "image", "drawing");

async function documentOf(context: ProjectContext, contract: IHeadContract, id: unknown) {
  const document = isUuid(id)
    ? await context.em.findOne(ComplianceDocument, {
        id,
        headContract: contract.id,
        project: context.project.id,
      })
    : null;
  if (!document) throw new Response("Not found", { status: 404 });
  return document;
}

const complianceFiles = (contract: IHeadContract) =>
  recordFiles<IComplianceDocument>({
    entityType: COMPLIANCE_ENTITY_TYPE,
    pagePath: () => upstreamPath("compliance"),
    find: (context, id) => documentOf(context, contract, id),
    isContributor: (context) => context.can(P.create),
    removesAny: (context) => context.can(P.delete),
    stateRefusal: () => null,
    messages: { noFile: "uploads:noFile", added: "cost-and-commercial:upstream.toast.complianceAdded" },
  });

/** The documents, newest first, with their file's name and who uploaded them. */
export async function complianceDocuments(context: ProjectContext, contract: IHeadContract) {
  const documents = await context.em.find(
    ComplianceDocument,
    { headContract: contract.id, project: context.project.id },
    { orderBy: { createdAt: "desc", id: "desc" }, populate: ["uploadedBy"] },
  );
  const fileIds = documents.flatMap((document) => (document.attachmentId ? [document.attachmentId] : []));
  const files = fileIds.length
    ? await context.em.find(Attachment, { id: { $in: fileIds } }, { fields: ["id", "fileName", "size"] })
    : [];
  const fileById = new Map(files.map((file) => [file.id, file]));
  return documents.map((document) => {
    const file = document.attachmentId ? fileById.get(document.attachmentId) : undefined;
    return {
      id: document.id,
      name: document.name,
      description: document.description ?? null,
      keyDates: [...document.keyDates].sort((a, b) => a.date.localeCompare(b.date)),
      uploadedOn: document.createdAt.toISOString(),
      uploadedBy: document.uploadedBy?.name ?? null,
      /** Its file's attachment: the name opens it on the core attachment page. */
      fileId: file?.id ?? null,
      fileName: file?.fileName ?? null,
      fileSize: file ? Number(file.size) : null,
    };
  });
}

/**
 * Adds a document from its form and its file (one multipart post): the file streams to storage first (100 MB,
 * the spec's message past it), then the fields are checked; a refused form or a post without a file keeps nothing.
 */
export async function addComplianceDocument(
  context: ProjectContext,
  contract: IHeadContract,
  request: Request,
) {
  if (!context.can(P.create)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user } = context;
  const parsed = await parseUploadForm(request, complianceSchema, {
    maxBytes: UPLOAD_LIMITS.standard,
    allowedExtensions: COMPLIANCE_FILE_EXTENSIONS,
    maxFiles: 1,
    fileField: "file",
  });
  if ("reply" in parsed) return parsed.reply;
  const { values, uploads } = parsed;
  if (uploads.length === 0)
    return data(parsed.submission.reply({ fieldErrors: { file: [message("uploads:noFile")] } }), {
      status: 400,
    });
  await keepingUploads(uploads, () =>
    em.transactional(async (tx) => {
      const document = tx.create(ComplianceDocument, {
        project: project.id,
        headContract: contract.id,
        name: values.name,
        description: values.description,
        keyDates: values.keyDates,
        uploadedBy: user.id,
      } as never) as IComplianceDocument;
      await tx.flush();
      const [file] = await saveAttachmentRecords(tx, {
        projectId: project.id,
        entityType: COMPLIANCE_ENTITY_TYPE,
        entityId: document.id,
        files: uploads,
        uploadedBy: user.id,
      });
      document.attachmentId = file.id;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: HEAD_CONTRACT_ENTITY_TYPE,
        entityId: contract.id,
        action: "compliance-added",
        after: { document: values.name, keyDates: values.keyDates, fileName: file.fileName },
      });
    }),
  );
  return redirectWithToast(upstreamPath("compliance"), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.complianceAdded",
    params: { name: values.name },
  });
}

/** Removes a document and its file ("I am sure"), with an entry on the head contract. */
export async function deleteComplianceDocument(
  context: ProjectContext,
  contract: IHeadContract,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: complianceDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const document = await documentOf(context, contract, submission.value.documentId);
  await context.em.transactional(async (tx) => {
    tx.remove(tx.getReference(ComplianceDocument, document.id));
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: HEAD_CONTRACT_ENTITY_TYPE,
      entityId: contract.id,
      action: "compliance-deleted",
      before: { document: document.name },
    });
  });
  await complianceFiles(contract).removeAll(context, document.id);
  return redirectWithToast(upstreamPath("compliance"), {
    type: "success",
    message: "cost-and-commercial:upstream.toast.complianceDeleted",
    params: { name: document.name },
  });
}

/** The document's file, for holders of download. */
export async function downloadComplianceFile(
  context: ProjectContext,
  contract: IHeadContract,
  documentId: string | undefined,
) {
  const document = await documentOf(context, contract, documentId);
  if (!document.attachmentId) throw new Response("Not found", { status: 404 });
  return complianceFiles(contract).download(context, document.id, document.attachmentId);
}
