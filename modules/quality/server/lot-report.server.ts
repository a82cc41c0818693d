import type { EntityManager } from "@mikro-orm/postgresql";
import { ActivityLog, Project, User } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { fallbackLocale, isLocale } from "~/server/i18n/locale";
import { defineReportJob, storePdfWhileDrawing } from "~/server/jobs/report-job.server";
import { listLocationTree } from "~/server/locations/locations.server";
import { findLocationNode } from "~/server/locations/tree";
import { Lot, LotDtiAudit } from "../entities";
import {
  drawLotReport,
  LOT_DATE_FIELDS,
  LOT_TEXT_FIELDS,
  type LotReportData,
  startLotReportPdf,
} from "../exports/lot-report-pdf.server";
import { qualityFileName } from "./form-file-names.server";
import { dossierImages, dossierNcrs, dossierPoints, readDossierImage } from "./lot-dossier.server";
import { assignedItpsOf, LOT_ACTIVITY_ENTITY } from "./lot-itp.server";
import { ITR_ENTITY_TYPE, listLotItrs } from "./lot-itrs.server";

/**
 * "Download Lot": the lot dossier (decision 027 — the lot report grown into one PDF with the points'
 * releases, image ITRs and NCRs, on the same job, page and file route) is built by a background job
 * (the core report job: server/jobs/report-job.server.ts) and kept in storage; the report page shows the
 * latest run and links its file.
 */

/** Activity entries the report prints, oldest first (the PDF puts what changed into words). */
async function lotActivity(em: EntityManager, lotId: string): Promise<LotReportData["activity"]> {
  const entries = await em.find(
    ActivityLog,
    { entityId: lotId, entityType: { $in: [LOT_ACTIVITY_ENTITY, ITR_ENTITY_TYPE] } },
    { orderBy: { createdAt: "asc", id: "asc" }, populate: ["actor"] },
  );
  return entries.map((entry) => ({
    at: entry.createdAt,
    actor: entry.actor?.name ?? null,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}

/** Everything the report prints. The job's EntityManager is scoped to the run's project. */
export async function loadLotReportData(
  em: EntityManager,
  projectId: string,
  lotId: string,
  generatedBy: string | null,
): Promise<LotReportData> {
  const lot = await em.findOneOrFail(
    Lot,
    { id: lotId, project: projectId },
    { populate: ["subcontractor", "createdBy"] },
  );
  const project = await em.findOneOrFail(Project, projectId);
  const tree = lot.location ? await listLocationTree(em, projectId) : [];
  const location = lot.location ? findLocationNode(tree, lot.location.id) : undefined;
  const audit = await em.findOne(LotDtiAudit, { lot: lot.id }, { populate: ["signedBy"] });
  const itps = await assignedItpsOf(em, lot);
  const fields: LotReportData["lot"]["fields"] = {};
  for (const name of [...LOT_TEXT_FIELDS, ...LOT_DATE_FIELDS])
    fields[name] = (lot[name] as string | number | Date | null | undefined) ?? null;
  return {
    project: { name: project.name, number: project.number },
    lot: {
      number: lot.number,
      title: lot.title,
      status: lot.status,
      subStatus: lot.subStatus ?? null,
      locationPath: location?.ancestorsName ?? null,
      subcontractor: lot.subcontractor?.name ?? null,
      createdBy: lot.createdBy?.name ?? null,
      createdAt: lot.createdAt,
      fields,
    },
    itps,
    itrs: await listLotItrs(em, lot.id),
    points: await dossierPoints(em, lot.id, itps),
    ncrs: await dossierNcrs(em, projectId, lot.id),
    images: await dossierImages(em, lot.id),
    dtiAudit: audit
      ? {
          auditorName: audit.auditorName,
          auditedOn: audit.auditedOn,
          processCompleted: audit.processCompleted,
          reason: audit.reason ?? null,
          comments: audit.comments ?? null,
          signature: audit.signature ?? null,
          signedBy: audit.signedBy?.name ?? null,
          signedAt: audit.signedAt ?? null,
        }
      : null,
    activity: await lotActivity(em, lot.id),
    generatedBy,
    generatedAt: new Date(),
  };
}

export const lotReport = defineReportJob({
  kind: "quality.lot-report",
  subjectType: "lot",
  build: async ({ em, run, payload, reportProgress, projectId }) => {
    const locale = isLocale(payload.locale) ? payload.locale : fallbackLocale;
    const requester = run.requestedBy ? await em.findOne(User, run.requestedBy.id) : null;
    const t = await serverT(locale, "quality");
    await reportProgress(10);
    const report = await loadLotReportData(em, projectId, payload.recordId, requester?.name ?? null);
    await reportProgress(30);
    const pdf = startLotReportPdf(report, t, locale);
    const imageCount = Math.max(report.images.length, 1);
    const storageKey = await storePdfWhileDrawing(pdf, () =>
      drawLotReport(pdf, report, t, locale, {
        read: readDossierImage,
        onImage: (done) => reportProgress(30 + Math.round((done / imageCount) * 60)),
      }),
    );
    await reportProgress(95);
    const fileName = await qualityFileName(
      em,
      { id: projectId, number: report.project.number },
      "lotDossier",
      report.lot,
      "pdf",
    );
    return { storageKey, fileName };
  },
});
