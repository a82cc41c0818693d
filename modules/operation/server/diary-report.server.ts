import type { EntityManager } from "@mikro-orm/postgresql";
import { Attachment, Project, ProjectMember, User } from "~/server/db/entities";
import { safeFileNamePart } from "~/server/exports/file-names";
import { fallbackLocale, isLocale, type Locale } from "~/server/i18n/locale";
import { defineReportJob, readStoredImage, storePdfWhileDrawing } from "~/server/jobs/report-job.server";
import { memberGrantedKeys } from "~/server/permissions/granted-keys.server";
import { isGranted } from "~/server/permissions/grants";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { SiteDiary } from "../diary-entities";
import { drawDiaryPdf, startDiaryPdf } from "../exports/site-diary-pdf.server";
import { DIARY_ENTITY_TYPE } from "./diary-basics";
import { dayText, diaryRecord } from "./diary-record.server";
import { diaryContributions } from "./diary-sections.server";
import { diaryText } from "./diary-text.server";

/**
 * The site diary's PDF (permission siteDaries.download): every section, the day's records from the other
 * modules and its photos as thumbnails, drawn by the core report job (server/jobs/report-job.server.ts) and
 * offered from the diary's report page.
 */

/** Photos larger than this are named, not drawn: PDFKit holds an image whole while it draws it. */
const REPORT_MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const DRAWN_IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"];

/**
 * What the PDF prints. The contributed sections are those the requester may see (their permissions, read
 * from their role now: the job runs after the request).
 */
export async function loadDiaryReportData(
  em: EntityManager,
  projectId: string,
  diaryId: string,
  requester: { id: string; name: string; granted: ReadonlySet<string>; isSuperAdmin: boolean } | null,
  locale: Locale,
) {
  const project = await em.findOneOrFail(Project, projectId);
  const diary = await em.findOneOrFail(SiteDiary, { id: diaryId, project: projectId });
  const context = {
    em,
    project,
    user: requester ?? { id: "", name: "" },
    locale,
    can: (ref: Parameters<typeof isGranted>[0]) =>
      requester ? isGranted(ref, requester.granted, requester.isSuperAdmin) : false,
  } as unknown as ProjectContext;
  const [record, contributions, photos] = await Promise.all([
    diaryRecord({ em, project }, diary),
    diaryContributions(context, { date: dayText(diary.formDate), locationId: diary.location?.id ?? null }),
    em.find(
      Attachment,
      { entityType: DIARY_ENTITY_TYPE, entityId: diary.id, contentType: { $in: DRAWN_IMAGE_TYPES } },
      { orderBy: { createdAt: "asc", id: "asc" } },
    ),
  ]);
  return {
    project: { name: project.name, number: project.number },
    diary: record,
    contributions,
    photos: photos.map((photo) => ({
      fileName: photo.fileName,
      storageKey: photo.storageKey,
      size: Number(photo.size),
    })),
    generatedBy: requester?.name ?? null,
    generatedAt: new Date(),
  };
}

/** What the requester's roles grant in the project now (the job runs after the request that asked). */
async function grantedKeysFor(
  em: EntityManager,
  project: { id: string; language?: string | null },
  userId: string,
) {
  const member = await em.findOne(
    ProjectMember,
    { project: project.id, user: userId },
    { populate: ["role", "accRole"] },
  );
  return member ? memberGrantedKeys(member, project) : new Set<string>();
}

export const diaryReport = defineReportJob({
  kind: "operation.site-diary-report",
  subjectType: DIARY_ENTITY_TYPE,
  build: async ({ em, run, payload, reportProgress, projectId }) => {
    const locale = isLocale(payload.locale) ? payload.locale : fallbackLocale;
    const requester = run.requestedBy ? await em.findOne(User, run.requestedBy.id) : null;
    const project = await em.findOneOrFail(Project, projectId);
    const granted = requester ? await grantedKeysFor(em, project, requester.id) : new Set<string>();
    const t = await diaryText(locale);
    await reportProgress(10);
    const report = await loadDiaryReportData(
      em,
      projectId,
      payload.recordId,
      requester
        ? { id: requester.id, name: requester.name, granted, isSuperAdmin: requester.isSuperAdmin }
        : null,
      locale,
    );
    await reportProgress(30);
    const pdf = startDiaryPdf(report, t, locale);
    const imageCount = Math.max(report.photos.length, 1);
    const storageKey = await storePdfWhileDrawing(pdf, () =>
      drawDiaryPdf(pdf, report, t, locale, {
        read: (photo) => readStoredImage(photo.storageKey, photo.size, REPORT_MAX_IMAGE_BYTES),
        onImage: (done) => reportProgress(30 + Math.round((done / imageCount) * 60)),
      }),
    );
    await reportProgress(95);
    const name = t("report.fileName", { number: report.diary.number, date: report.diary.formDate });
    return { storageKey, fileName: `${safeFileNamePart(name)}.pdf` };
  },
});
