import { Readable } from "node:stream";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Attachment, User } from "~/server/db/entities";
import { latestDocumentSend, sendToDocumentService } from "~/server/documents/document-sends.server";
import { createPdfReport, PDF_CONTENT_TYPE } from "~/server/exports/pdf.server";
import { logError } from "~/server/http/log";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { fallbackLocale, isLocale } from "~/server/i18n/locale";
import { jobProgress, jobState } from "~/server/jobs/job-state";
import { defineJob, enqueueJob, latestJobRun } from "~/server/jobs/jobs.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload, attachmentsOf, attachUploads } from "~/server/uploads/attachments.server";
import { UPLOAD_LIMITS } from "~/server/uploads/file-types";
import { refusedStepReply } from "~/server/workflow/step-refusal.server";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import {
  AUDIT_MESSAGES,
  type AuditScheduleStatus,
  auditParties,
  isAssessmentDecided,
  type ScheduleFacts,
  scheduleWorkflow,
} from "../domain/audit-workflow";
import {
  type ISafetyAuditSchedule,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
  SafetyAuditMember,
  SafetyAuditSchedule,
} from "../entities";
import { notifyAuditEvent } from "./audit-notifications.server";
import {
  AUDIT_ENTITY_TYPE,
  REPORT_FILE_ENTITY_TYPE,
  reportDeleteSchema,
  SIGNED_REPORT_ENTITY_TYPE,
  schedulePath,
  scheduleTransitionSchema,
} from "./audit-rules";
import { auditRelationOf, type LoadedSchedule, scheduleLocations } from "./audits.server";

/**
 * The schedule's steps (compile, re-open, complete, cancel) and its reports: the report generated as a job
 * ("Reports are generating, please wait"), its files, and the signed report uploaded (50 MB a file).
 */

/** What the schedule's guards check, read under the schedule's lock. */
async function scheduleFacts(
  tx: EntityManager,
  projectId: string,
  schedule: ISafetyAuditSchedule,
): Promise<ScheduleFacts> {
  await tx.populate(schedule, ["location"]);
  const places = await scheduleLocations(tx, projectId, schedule);
  const assessments = await tx.find(
    SafetyAuditAssessment,
    { schedule: schedule.id },
    { fields: ["status", "location"] },
  );
  const onPlaces = new Set(places.map((place) => place.id));
  const [signedReports, reportFiles] = await Promise.all([
    tx.count(Attachment, { entityType: SIGNED_REPORT_ENTITY_TYPE, entityId: schedule.id }),
    tx.count(Attachment, { entityType: REPORT_FILE_ENTITY_TYPE, entityId: schedule.id }),
  ]);
  return {
    locations: places.length,
    decided: assessments.filter(
      (assessment) => onPlaces.has(assessment.location.id) && isAssessmentDecided(assessment.status),
    ).length,
    signedReports,
    reportFiles,
  };
}

/** One step of the schedule's table; a second completion is 'Audit schedule has already been completed.' */
export async function transitionSchedule(
  context: ProjectContext,
  loaded: LoadedSchedule,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: scheduleTransitionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { action: step, comment, confirmed } = submission.value;
  const parties = auditParties(auditRelationOf(context, loaded));
  const outcome = await runWorkflowStep<
    ISafetyAuditSchedule,
    AuditScheduleStatus,
    typeof step,
    (typeof scheduleWorkflow.rows)[number],
    undefined,
    "already-completed"
  >({
    em: context.em,
    entity: SafetyAuditSchedule,
    id: loaded.schedule.id,
    projectId: context.project.id,
    workflow: scheduleWorkflow,
    action: step,
    granted: grantedKeysOf(context),
    input: { comment, confirmed },
    actorId: context.user.id,
    stateOf: (schedule) => schedule.status,
    check: (_tx, schedule) =>
      schedule.status === "completed" && step === "complete" ? "already-completed" : null,
    facts: (tx, schedule) => scheduleFacts(tx, context.project.id, schedule),
    parties: () => parties,
    apply(tx, schedule, change) {
      tx.assign(schedule, {
        status: change.to,
        completedAt: change.to === "completed" ? new Date() : null,
      } as never);
      return undefined;
    },
    activity: { entityType: AUDIT_ENTITY_TYPE },
    async notify(schedule, change) {
      if (change.to !== "completed") return;
      await notifyAuditEvent(context.em, {
        project: context.project,
        schedule: loaded.schedule,
        event: "audit-completed",
        link: schedulePath(schedule.id),
        actorId: context.user.id,
        actorName: context.user.name,
      });
    },
  });
  if (!outcome.ok)
    return refusedStepReply(submission, outcome, {
      commentRequired: "safety:audit.errors.commentRequired",
      confirmRequired: "safety:audit.errors.confirmRequired",
      notAllowed: "safety:audit.errors.actionNotAllowed",
      custom: { "already-completed": AUDIT_MESSAGES.alreadyCompleted },
    });
  return redirectWithToast(schedulePath(loaded.schedule.id, step === "cancel" ? undefined : "compilation"), {
    type: "success",
    message: `safety:audit.toast.schedule.${step}`,
    params: { number: outcome.record.number },
  });
}

// ---------------------------------------------------------------------------------------------------
// Reports

/** The lead or an audit manager handles the reports, until the schedule is completed or cancelled. */
export function canHandleReports(context: ProjectContext, loaded: LoadedSchedule): boolean {
  const relation = auditRelationOf(context, loaded);
  return (relation.isLead || relation.isManager) && !isClosed(loaded.schedule.status);
}

const isClosed = (status: AuditScheduleStatus) => status === "completed" || status === "cancelled";

/** The lead or an audit manager sends the signed report to the document service, also once completed. */
export function canSendReports(context: ProjectContext, loaded: LoadedSchedule): boolean {
  const relation = auditRelationOf(context, loaded);
  return relation.isLead || relation.isManager;
}

/**
 * Uploads the signed report (50 MB a file, spec 5's message past it). One signed report per schedule: a
 * second is refused with 'Signed reports or report files already exist for this audit schedule.' until the
 * first is removed. Nothing is kept when refused.
 */
export async function uploadSignedReport(context: ProjectContext, loaded: LoadedSchedule, request: Request) {
  const { schedule } = loaded;
  const relation = auditRelationOf(context, loaded);
  if (!relation.isLead && !relation.isManager) throw new Response("Forbidden", { status: 403 });
  const existing = await context.em.count(Attachment, {
    entityType: SIGNED_REPORT_ENTITY_TYPE,
    entityId: schedule.id,
  });
  const attached = await attachUploads(request, {
    em: context.em,
    maxBytes: UPLOAD_LIMITS.siteDiaryAndAudit,
    refusal: () =>
      isClosed(schedule.status)
        ? "safety:audit.errors.closedForReports"
        : existing > 0
          ? AUDIT_MESSAGES.reportsExist
          : null,
    noFileMessage: "safety:audit.errors.noFile",
    projectId: context.project.id,
    entityType: SIGNED_REPORT_ENTITY_TYPE,
    entityId: schedule.id,
    uploadedBy: context.user.id,
  });
  const back = schedulePath(schedule.id, "report");
  if (!attached.ok) {
    const [key, query] = attached.message.split("?");
    return redirectWithToast(back, {
      type: "error",
      message: key,
      params: Object.fromEntries(new URLSearchParams(query ?? "")),
    });
  }
  return redirectWithToast(back, { type: "success", message: "safety:audit.toast.signedUploaded" });
}

async function reportFile(context: ProjectContext, scheduleId: string, fileId: unknown) {
  return isUuid(fileId)
    ? context.em.findOne(Attachment, {
        id: fileId,
        entityType: { $in: [SIGNED_REPORT_ENTITY_TYPE, REPORT_FILE_ENTITY_TYPE] },
        entityId: scheduleId,
      })
    : null;
}

/** A report file or signed report, for anyone who sees the schedule (PDFs open in the browser). */
export async function downloadReport(context: ProjectContext, loaded: LoadedSchedule, fileId: unknown) {
  const file = await reportFile(context, loaded.schedule.id, fileId);
  if (!file) throw new Response("Not Found", { status: 404 });
  return attachmentDownload(context.em, file.id, { inline: file.contentType === PDF_CONTENT_TYPE });
}

/** Removes a report file or the signed report (the lead or a manager, before completion), with an entry. */
export async function deleteReport(context: ProjectContext, loaded: LoadedSchedule, formData: FormData) {
  const submission = parseWithZod(formData, { schema: reportDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!canHandleReports(context, loaded)) throw new Response("Forbidden", { status: 403 });
  const file = await reportFile(context, loaded.schedule.id, submission.value.fileId);
  if (!file) throw new Response("Not Found", { status: 404 });
  const key = file.storageKey;
  await context.em.transactional(async (tx) => {
    await tx.nativeDelete(Attachment, { id: file.id });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: AUDIT_ENTITY_TYPE,
      entityId: loaded.schedule.id,
      action: "attachment-deleted",
      before: { attachmentId: file.id, fileName: file.fileName, kind: file.entityType },
    });
  });
  await fileStorage()
    .delete(key)
    .catch((error: unknown) => logError(error));
  return redirectWithToast(schedulePath(loaded.schedule.id, "report"), {
    type: "success",
    message: "safety:audit.toast.reportDeleted",
  });
}

/**
 * Sends the schedule's signed report to the project's document service (the core's send job; the local
 * folder unless the project links Autodesk Construction Cloud): whoever handles the reports, once a signed
 * report is there. The Review/Report tab shows how the latest send went.
 */
export async function sendSignedReport(context: ProjectContext, loaded: LoadedSchedule) {
  if (!canSendReports(context, loaded)) throw new Response("Forbidden", { status: 403 });
  const back = schedulePath(loaded.schedule.id, "report");
  const [signed] = await attachmentsOf(context.em, SIGNED_REPORT_ENTITY_TYPE, loaded.schedule.id);
  if (!signed)
    return redirectWithToast(back, { type: "error", message: "safety:audit.report.nothingToSend" });
  await sendToDocumentService(context.em, {
    projectId: context.project.id,
    moduleId: "safety",
    subject: { type: AUDIT_ENTITY_TYPE, id: loaded.schedule.id },
    file: { storageKey: signed.storageKey, fileName: signed.fileName, contentType: signed.contentType },
    folder: loaded.schedule.kind === "inspection" ? "Safety/Inspections" : "Safety/Audits",
    requestedBy: context.user.id,
  });
  return redirectWithToast(back, { type: "success", message: "safety:audit.toast.sentToDocumentService" });
}

type AuditReportPayload = { scheduleId: string; locale?: string };
const reportSubject = (scheduleId: string) => ({ type: "audit-schedule", id: scheduleId });

/**
 * The audit report: the schedule, its people, and each location's assessment with its criteria, as a PDF
 * saved as the schedule's report file (the previous generated file is replaced).
 */
export const auditReportJob = defineJob<AuditReportPayload>(
  "safety.audit-report",
  async ({ em, run, payload, reportProgress }) => {
    if (!run.project) throw new Error("An audit report belongs to a project");
    const projectId = run.project.id;
    const locale = isLocale(payload.locale) ? payload.locale : fallbackLocale;
    const t = await serverT(locale, "safety");
    const schedule = await em.findOneOrFail(
      SafetyAuditSchedule,
      { id: payload.scheduleId, project: projectId },
      { populate: ["project", "leadAuditor", "responsiblePerson", "location"] },
    );
    const requester = run.requestedBy ? await em.findOne(User, run.requestedBy.id) : null;
    await reportProgress(10);
    const members = await em.find(SafetyAuditMember, { schedule: schedule.id }, { populate: ["user"] });
    const places = await scheduleLocations(em, projectId, schedule);
    const assessments = await em.find(SafetyAuditAssessment, { schedule: schedule.id });
    const criteria = await em.find(
      SafetyAuditCriterion,
      { assessment: { $in: assessments.map((assessment) => assessment.id) } },
      { orderBy: { position: "asc" } },
    );
    const field = (name: string) => String(t(`audit.fields.${name}`));
    const pdf = createPdfReport({
      title: `${String(t(`audit.report.title.${schedule.kind}`))} ${schedule.number}`,
      headerLeft: `${schedule.project.number} ${schedule.project.name}`,
      headerRight: schedule.number,
      footerLeft: String(
        t("audit.report.generated", { at: new Date().toISOString().slice(0, 16), by: requester?.name ?? "" }),
      ),
      pageLabel: (page, total) => String(t("audit.report.pageOf", { page, total })),
    });
    const names = (role: string) =>
      members
        .filter((member) => member.role === role)
        .map((member) => member.user.name)
        .join(", ");
    pdf.keyValues([
      [field("task"), schedule.task],
      [field("status"), String(t(`audit.status.${schedule.status}`))],
      [field("zone"), schedule.zone],
      [field("location"), places[0]?.name ?? null],
      [field("workPackage"), schedule.workPackage],
      [field("startDate"), dayOfDateColumn(schedule.startDate)],
      [field("completionDate"), dayOfDateColumn(schedule.completionDate)],
      [field("reportDueDate"), dayOfDateColumn(schedule.reportDueDate)],
      [field("internalReferenceNumber"), schedule.internalReferenceNumber],
      [field("tssReading"), schedule.tssReading],
      [field("physicalWorkPercentage"), schedule.physicalWorkPercentage],
      [field("leadAuditor"), schedule.leadAuditor?.name],
      [field("responsiblePerson"), schedule.responsiblePerson?.name],
      [field("auditors"), names("auditor")],
      [field("pdpRepresentatives"), names("pdp_representative")],
    ]);
    await reportProgress(40);
    for (const place of places) {
      const assessment = assessments.find((candidate) => candidate.location.id === place.id);
      pdf.heading(place.name);
      pdf.paragraph(
        String(t(`audit.assessmentStatus.${assessment?.status ?? "not_started"}`)) +
          (assessment?.summary ? ` — ${assessment.summary}` : ""),
      );
      const rows = criteria
        .filter((criterion) => criterion.assessment.id === assessment?.id)
        .map((criterion) => [
          criterion.position,
          criterion.title,
          String(t(`audit.result.${criterion.result}`)),
          criterion.comment,
        ]);
      if (rows.length)
        pdf.table(
          [
            { header: "#", width: 0.4 },
            { header: field("criterion"), width: 3 },
            { header: field("result"), width: 1.2 },
            { header: field("comment"), width: 3 },
          ],
          rows,
        );
    }
    await reportProgress(80);
    const bytes = await pdf.toBuffer();
    const storageKey = newStorageKey();
    await fileStorage().put(storageKey, Readable.from([bytes]), { contentType: PDF_CONTENT_TYPE });
    const earlier = await em.find(Attachment, { entityType: REPORT_FILE_ENTITY_TYPE, entityId: schedule.id });
    const fileName = `${schedule.number}-report.pdf`;
    await em.transactional(async (tx) => {
      await tx.nativeDelete(Attachment, { id: { $in: earlier.map((file) => file.id) } });
      tx.create(Attachment, {
        project: projectId,
        entityType: REPORT_FILE_ENTITY_TYPE,
        entityId: schedule.id,
        title: fileName,
        description: null,
        fileName,
        contentType: PDF_CONTENT_TYPE,
        size: bytes.length,
        storageKey,
        uploadedBy: run.requestedBy?.id ?? null,
      });
      recordActivity(tx, {
        projectId,
        actorId: run.requestedBy?.id ?? null,
        entityType: AUDIT_ENTITY_TYPE,
        entityId: schedule.id,
        action: "report-generated",
        after: { fileName },
      });
    });
    for (const file of earlier)
      await fileStorage()
        .delete(file.storageKey)
        .catch(() => undefined);
    return { storageKey, fileName };
  },
);

/** Generate / Regenerate / Try again: asks for a new run unless one is already on its way. */
export async function generateReport(context: ProjectContext, loaded: LoadedSchedule) {
  if (!canHandleReports(context, loaded)) throw new Response("Forbidden", { status: 403 });
  const { em, project, user, locale } = context;
  const latest = await latestJobRun(em, {
    kind: auditReportJob.kind,
    projectId: project.id,
    subject: reportSubject(loaded.schedule.id),
  });
  if (jobState(latest) !== "generating")
    await enqueueJob(em, {
      kind: auditReportJob,
      projectId: project.id,
      subject: reportSubject(loaded.schedule.id),
      requestedBy: user.id,
      payload: { scheduleId: loaded.schedule.id, locale },
    });
  return redirectWithToast(schedulePath(loaded.schedule.id, "report"), {
    type: "info",
    message: "safety:audit.report.generating",
  });
}

/** The Review/Report tab: the job's state, the report files and the signed report. */
export async function loadReports(context: ProjectContext, loaded: LoadedSchedule) {
  const { em, project } = context;
  const [run, generated, signed, sent] = await Promise.all([
    latestJobRun(em, {
      kind: auditReportJob.kind,
      projectId: project.id,
      subject: reportSubject(loaded.schedule.id),
    }),
    attachmentsOf(em, REPORT_FILE_ENTITY_TYPE, loaded.schedule.id),
    attachmentsOf(em, SIGNED_REPORT_ENTITY_TYPE, loaded.schedule.id),
    latestDocumentSend(em, {
      projectId: project.id,
      subject: { type: AUDIT_ENTITY_TYPE, id: loaded.schedule.id },
    }),
  ]);
  await em.populate([...generated, ...signed], ["uploadedBy"]);
  const file = (row: (typeof generated)[number]) => ({
    id: row.id,
    fileName: row.fileName,
    size: Number(row.size),
    uploadedBy: row.uploadedBy?.name ?? null,
    createdAt: row.createdAt.toISOString(),
  });
  return {
    state: jobState(run),
    progress: jobProgress(run),
    files: generated.map(file),
    signed: signed.map(file),
    canHandle: canHandleReports(context, loaded),
    canSend: canSendReports(context, loaded),
    // The latest send of the signed report to the document service: queued, sent (with its link) or failed.
    sent: sent
      ? {
          status: sent.status,
          fileName: sent.fileName,
          url: sent.url ?? null,
          at: (sent.sentAt ?? sent.createdAt).toISOString(),
          error: sent.error ?? null,
        }
      : null,
  };
}
export type AuditReports = Awaited<ReturnType<typeof loadReports>>;
