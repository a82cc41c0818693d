import type { EntityManager } from "@mikro-orm/postgresql";
import { Attachment, Project, User } from "~/server/db/entities";
import { safeFileNamePart } from "~/server/exports/file-names";
import { serverT } from "~/server/i18n/i18n.server";
import { fallbackLocale, isLocale } from "~/server/i18n/locale";
import { defineReportJob, readStoredImage, storePdfWhileDrawing } from "~/server/jobs/report-job.server";
import { SafetyIncident } from "../entities";
import {
  drawIncidentReport,
  type IncidentReportData,
  startIncidentReportPdf,
} from "../exports/incident-report-pdf.server";
import { incidentActivity, loadIncidentRecord } from "./incident-detail.server";
import { INJURED_FILE_ENTITY_TYPE } from "./incident-files.server";

/**
 * The incident report (issue #13): every section of the incident, its injured people's photos, the
 * sign-off signature and the activity log in one PDF, drawn by the core report job
 * (server/jobs/report-job.server.ts) and offered from the incident's report page.
 */

/** Photos larger than this are named, not drawn: PDFKit holds an image whole while it draws it. */
const REPORT_MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const DRAWN_IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"];

export async function loadIncidentReportData(
  em: EntityManager,
  projectId: string,
  incidentId: string,
  generatedBy: string | null,
): Promise<IncidentReportData> {
  const project = await em.findOneOrFail(Project, projectId);
  const incident = await em.findOneOrFail(
    SafetyIncident,
    { id: incidentId, project: projectId },
    { populate: ["reporter", "shePerson", "location", "reportCompletedBy", "reviewedBy"] },
  );
  const record = await loadIncidentRecord(em, project, incident);
  const personIds = record.injured.map((person) => person.id);
  const photos = personIds.length
    ? await em.find(
        Attachment,
        {
          entityType: INJURED_FILE_ENTITY_TYPE,
          entityId: { $in: personIds },
          contentType: { $in: DRAWN_IMAGE_TYPES },
        },
        { orderBy: { createdAt: "asc", id: "asc" } },
      )
    : [];
  return {
    project: { name: project.name, number: project.number },
    incident: record,
    photos: photos.map((photo) => ({
      personId: photo.entityId,
      fileName: photo.fileName,
      storageKey: photo.storageKey,
      size: Number(photo.size),
    })),
    activity: (await incidentActivity(em, incident.id)).reverse(),
    generatedBy,
    generatedAt: new Date(),
  };
}

export const incidentReport = defineReportJob({
  kind: "safety.incident-report",
  subjectType: "safety-incident",
  build: async ({ em, run, payload, reportProgress, projectId }) => {
    const locale = isLocale(payload.locale) ? payload.locale : fallbackLocale;
    const requester = run.requestedBy ? await em.findOne(User, run.requestedBy.id) : null;
    const t = await serverT(locale, "safety");
    await reportProgress(10);
    const report = await loadIncidentReportData(em, projectId, payload.recordId, requester?.name ?? null);
    await reportProgress(30);
    const pdf = startIncidentReportPdf(report, t, locale);
    const imageCount = Math.max(report.photos.length, 1);
    const storageKey = await storePdfWhileDrawing(pdf, () =>
      drawIncidentReport(pdf, report, t, locale, {
        read: (photo) => readStoredImage(photo.storageKey, photo.size, REPORT_MAX_IMAGE_BYTES),
        onImage: (done) => reportProgress(30 + Math.round((done / imageCount) * 60)),
      }),
    );
    await reportProgress(95);
    const name = t("incident.report.fileName", {
      number: report.incident.number,
      title: report.incident.title,
    });
    return { storageKey, fileName: `${safeFileNamePart(name)}.pdf` };
  },
});
