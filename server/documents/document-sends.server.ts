import type { EntityManager } from "@mikro-orm/postgresql";
import { documentServiceFor, folderPathParts } from "~/plugins/document-service/index.server";
import { fileStorage } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { DocumentSend, type IDocumentSend } from "~/server/db/entities";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import { documentServiceConfig, documentServiceTarget } from "./settings.server";

/**
 * The core's way for a module to send a stored file to its project's document service (the plugin under
 * plugins/document-service) without knowing which service the project chose: a `DocumentSend` row the
 * module's page reads, and a job on the core queue that does the sending. See server/documents/README.md.
 */

export type DocumentSendRequest = {
  projectId: string;
  /** The module that asks, and the record the file belongs to: its page reads the sends of that record. */
  moduleId: string;
  subject: { type: string; id: string };
  /** A file in the storage plugin (e.g. a generated report's storage key), the name it gets there. */
  file: { storageKey: string; fileName: string; contentType: string };
  /** A sub-folder under the project's document folder ("Safety/Audits"); none: the folder itself. */
  folder?: string | null;
  requestedBy?: string | null;
};

export const DOCUMENT_SEND_JOB = "document-service.send";
const ERROR_MAX_LENGTH = 2000;
const inProject = (projectId: string) => ({ filters: { [PROJECT_SCOPE]: { projectId } } });

/**
 * Records the send (queued) and hands it to the job queue; returns the row as it is when this returns
 * (already `sent` or `failed` in the tests' inline mode). Call it after your transaction has committed.
 * Throws when the project's folder and the sub-folder do not make a folder path.
 */
export async function sendToDocumentService(
  em: EntityManager,
  request: DocumentSendRequest,
): Promise<IDocumentSend> {
  // Incomplete ACC settings do not stop the request: the send is recorded and the job fails it with the reason.
  const { kind, folderPath } = await documentServiceTarget(em, request.projectId);
  const path = folderPathParts([folderPath, request.folder ?? ""].join("/")).join("/");
  const send = em.create(DocumentSend, {
    project: request.projectId,
    moduleId: request.moduleId,
    subjectType: request.subject.type,
    subjectId: request.subject.id,
    storageKey: request.file.storageKey,
    fileName: request.file.fileName,
    contentType: request.file.contentType,
    serviceKind: kind,
    folderPath: path,
    status: "queued",
    reference: null,
    url: null,
    error: null,
    requestedBy: request.requestedBy ?? null,
    jobRun: null,
    sentAt: null,
  });
  await em.flush();
  const run = await enqueueJob(em, {
    kind: documentSendJob,
    projectId: request.projectId,
    subject: request.subject,
    requestedBy: request.requestedBy ?? null,
    payload: { sendId: send.id },
  });
  await em.nativeUpdate(DocumentSend, { id: send.id }, { jobRun: run.id }, inProject(request.projectId));
  await em.refresh(send, inProject(request.projectId));
  return send;
}

/** The sends of a record, newest first: what a module's page shows ("Sent to the document service", a failure). */
export function documentSendsFor(
  em: EntityManager,
  where: { projectId: string; subject: { type: string; id: string }; limit?: number },
): Promise<IDocumentSend[]> {
  return em.find(
    DocumentSend,
    { project: where.projectId, subjectType: where.subject.type, subjectId: where.subject.id },
    { ...inProject(where.projectId), orderBy: { createdAt: "desc", id: "desc" }, limit: where.limit ?? 20 },
  );
}

/** The latest send of a record, or null when none was asked for. */
export async function latestDocumentSend(
  em: EntityManager,
  where: { projectId: string; subject: { type: string; id: string } },
): Promise<IDocumentSend | null> {
  const [latest] = await documentSendsFor(em, { ...where, limit: 1 });
  return latest ?? null;
}

/**
 * The job: reads the file from storage, sends it with the project's service (as the settings are when it
 * runs), and records how it ended on the send, with an activity entry on the record. A failure ends both
 * the send and the run `failed` with the service's message; the module asks again with a new send.
 */
export const documentSendJob = defineJob<{ sendId: string }>(
  DOCUMENT_SEND_JOB,
  async ({ em, run, payload }) => {
    const projectId = run.project?.id;
    if (!projectId) throw new Error("A document send belongs to a project");
    const send = await em.findOneOrFail(DocumentSend, { id: payload.sendId }, inProject(projectId));
    const finish = async (
      outcome: Partial<IDocumentSend>,
      action: string,
      after: Record<string, unknown>,
    ) => {
      em.assign(send, outcome);
      recordActivity(em, {
        projectId,
        actorId: send.requestedBy?.id ?? null,
        entityType: send.subjectType,
        entityId: send.subjectId,
        action,
        after: { fileName: send.fileName, folderPath: send.folderPath, ...after },
      });
      await em.flush();
    };
    try {
      const { config } = await documentServiceConfig(em, projectId);
      const service = documentServiceFor(config);
      const stored = await fileStorage().get(send.storageKey);
      if (!stored) throw new Error(`The file ${send.fileName} is no longer stored`);
      const sent = await service.send(
        {
          stream: stored.stream,
          size: stored.size,
          fileName: send.fileName,
          contentType: send.contentType,
          reopen: async () => {
            const again = await fileStorage().get(send.storageKey);
            if (!again) throw new Error(`The file ${send.fileName} is no longer stored`);
            return again.stream;
          },
        },
        { projectId, folderPath: send.folderPath },
      );
      await finish(
        {
          status: "sent",
          serviceKind: service.kind,
          reference: sent.reference,
          url: sent.url,
          error: null,
          sentAt: new Date(),
        },
        "documentSent",
        { reference: sent.reference, outcome: sent.outcome },
      );
      return { sendId: send.id, reference: sent.reference, url: sent.url };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH);
      await finish({ status: "failed", error: message }, "documentSendFailed", { error: message });
      throw error;
    }
  },
);
