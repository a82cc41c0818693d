import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { type IJobRun, JobRun } from "~/server/db/entities";
import { PDF_CONTENT_TYPE, type PdfReport } from "~/server/exports/pdf.server";
import { invariantResponse } from "~/server/http/responses";
import type { Locale } from "~/server/i18n/locale";
import { contentDisposition } from "~/server/uploads/attachments.server";
import { type JobState, jobProgress, jobState } from "./job-state";
import { defineJob, enqueueJob, type JobContext, latestJobRun } from "./jobs.server";

/**
 * A record's report (the lot dossier, the incident report…): a PDF a background job draws into storage
 * (spec 4: generate / generating / regenerate / error), the newest one kept, its page showing the latest
 * run and its file streamed back. What differs per report is how it is drawn; the rest is this file's, so
 * no two reports drift apart.
 */

export type ReportPayload = { recordId: string; locale: Locale };

export type ReportStatus = {
  state: JobState;
  progress: number;
  finishedAt: string | null;
  fileName: string | null;
};

type Build = (
  context: JobContext<ReportPayload> & { projectId: string },
) => Promise<{ storageKey: string; fileName: string }>;

/** Streams the PDF to storage while `draw` fills it (only one image held at a time); returns the storage key. */
export async function storePdfWhileDrawing(pdf: PdfReport, draw: () => Promise<void>): Promise<string> {
  const storageKey = newStorageKey();
  const stored = fileStorage().put(storageKey, pdf.doc as unknown as Readable, {
    contentType: PDF_CONTENT_TYPE,
  });
  // A storage failure while drawing is answered by the `await stored` below, not as an unhandled rejection.
  stored.catch(() => undefined);
  try {
    await draw();
  } catch (error) {
    pdf.doc.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  await stored;
  return storageKey;
}

/** Reads a stored image whole (for drawing), or null when it is gone or larger than `maxBytes`. */
export async function readStoredImage(storageKey: string, size: number, maxBytes: number) {
  if (size > maxBytes) return null;
  const stored = await fileStorage().get(storageKey);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function defineReportJob(options: { kind: string; subjectType: string; build: Build }) {
  const { kind, subjectType } = options;
  const subject = (recordId: string) => ({ type: subjectType, id: recordId });
  const completedRuns = (em: EntityManager, projectId: string, recordId: string) =>
    em.find(
      JobRun,
      { kind, project: projectId, subjectType, subjectId: recordId, status: "completed" },
      { orderBy: { createdAt: "desc", id: "desc" } },
    );

  const job = defineJob<ReportPayload>(kind, async (context) => {
    if (!context.run.project) throw new Error(`A ${subjectType} report belongs to a project`);
    const projectId = context.run.project.id;
    const result = await options.build({ ...context, projectId });
    // Only the newest report is offered: the files of earlier runs go once this one is stored.
    const storage = fileStorage();
    for (const earlier of await completedRuns(context.em, projectId, context.payload.recordId)) {
      const key = earlier.result?.storageKey;
      if (earlier.id !== context.run.id && typeof key === "string")
        await storage.delete(key).catch(() => undefined);
    }
    return result;
  });

  /** The latest completed run (the file to download), or null. */
  async function latestFile(em: EntityManager, projectId: string, recordId: string): Promise<IJobRun | null> {
    return (await completedRuns(em, projectId, recordId))[0] ?? null;
  }

  return {
    job,
    subject,
    latestFile,
    /** The latest run of any status: what the report page shows. */
    latestRun: (em: EntityManager, projectId: string, recordId: string) =>
      latestJobRun(em, { kind, projectId, subject: subject(recordId) }),

    async status(em: EntityManager, projectId: string, recordId: string): Promise<ReportStatus> {
      const run = await latestJobRun(em, { kind, projectId, subject: subject(recordId) });
      return {
        state: jobState(run),
        progress: jobProgress(run),
        finishedAt: run?.finishedAt?.toISOString() ?? null,
        fileName: typeof run?.result?.fileName === "string" ? run.result.fileName : null,
      };
    },

    /** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
    async request(
      em: EntityManager,
      ask: { projectId: string; recordId: string; userId: string; locale: Locale },
    ) {
      const latest = await latestJobRun(em, {
        kind,
        projectId: ask.projectId,
        subject: subject(ask.recordId),
      });
      if (jobState(latest) === "generating") return latest;
      return enqueueJob(em, {
        kind: job,
        projectId: ask.projectId,
        subject: subject(ask.recordId),
        requestedBy: ask.userId,
        payload: { recordId: ask.recordId, locale: ask.locale },
      });
    },

    /** The newest report streamed from storage; 404 while none has been generated. */
    async fileResponse(em: EntityManager, projectId: string, recordId: string, fallbackName: string) {
      const run = await latestFile(em, projectId, recordId);
      const storageKey = run?.result?.storageKey;
      invariantResponse(typeof storageKey === "string", "No report has been generated yet");
      const stored = await fileStorage().get(storageKey);
      invariantResponse(stored, "The report file is gone; generate it again");
      const fileName = typeof run?.result?.fileName === "string" ? run.result.fileName : fallbackName;
      return new Response(Readable.toWeb(stored.stream) as ReadableStream<Uint8Array>, {
        headers: {
          "Content-Type": PDF_CONTENT_TYPE,
          "Content-Length": String(stored.size),
          "Content-Disposition": contentDisposition(fileName),
          "Cache-Control": "private, no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  };
}

export type ReportJob = ReturnType<typeof defineReportJob>;
