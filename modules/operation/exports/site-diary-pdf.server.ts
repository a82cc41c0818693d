import { formatDate, formatDateTime } from "~/app/utils/format";
import { createPdfReport, type PdfReport, type PdfValue } from "~/server/exports/pdf.server";
import type { PlacedDiarySection } from "~/server/extensions/extensions.server";
import type { Locale } from "~/server/i18n/locale";
import type { DiaryRecord } from "../server/diary-record.server";
import type { DiaryContributions } from "../server/diary-sections.server";

/** The diary's texts (`operation:diary.*` by their key under it; a key with a namespace as it is). */
export type DiaryText = (key: string, params?: Record<string, unknown>) => string;

/** A photo of the diary, its bytes read just before it is drawn. */
export type DiaryReportPhoto = { fileName: string; storageKey: string; size: number };

/** Everything the diary's PDF prints, loaded by the job (server/diary-report.server.ts). */
export type DiaryReportData = {
  project: { name: string; number: string };
  diary: DiaryRecord;
  contributions: DiaryContributions;
  photos: DiaryReportPhoto[];
  generatedBy: string | null;
  generatedAt: Date;
};

export type DiaryReportImages = {
  read: (photo: DiaryReportPhoto) => Promise<Buffer | null>;
  onImage: (done: number) => Promise<void>;
};

export function startDiaryPdf(report: DiaryReportData, t: DiaryText, locale: Locale): PdfReport {
  return createPdfReport({
    title: t("report.documentTitle", { number: report.diary.number }),
    headerLeft: `${report.project.number} ${report.project.name}`,
    headerRight: `${report.diary.number} ${formatDate(report.diary.formDate, locale)}`,
    footerLeft: t("report.generatedBy", {
      date: formatDateTime(report.generatedAt, locale),
      name: report.generatedBy ?? "-",
    }),
    pageLabel: (page) => t("report.page", { page }),
  });
}

/**
 * The diary's PDF: every section the page shows, in the page's order (Basic Information, Weather/Temperature,
 * Concerns and Issues, Meetings Held, Work Log, Delays, Plant, Other Comments, Notes, the contributed
 * sections), then its photos as thumbnails. Ends the document.
 */
export async function drawDiaryPdf(
  pdf: PdfReport,
  report: DiaryReportData,
  t: DiaryText,
  locale: Locale,
  images: DiaryReportImages,
): Promise<void> {
  const { diary } = report;
  const none = t("detail.notSet");
  const field = (name: string) => t(`fields.${name}`);
  const choice = (group: string, value: string | null) => (value ? t(`${group}.${value}`) : null);
  const pairs = (rows: [string, PdfValue][]) =>
    pdf.keyValues(rows.map(([key, value]) => [key, value ?? none]));
  const table = (headers: string[], rows: PdfValue[][]) => {
    if (rows.length === 0) pdf.paragraph(t("detail.noRows"), { muted: true });
    else
      pdf.table(
        headers.map((header) => ({ header, width: 1 })),
        rows,
      );
  };

  pdf.heading(t("sections.basic"));
  pairs([
    [field("number"), diary.number],
    [field("status"), t(`status.${diary.status}`)],
    [field("formDate"), formatDate(diary.formDate, locale)],
    [field("dueDate"), formatDate(diary.dueDate, locale)],
    [field("location"), diary.location ?? t("detail.wholeProject")],
    [field("description"), diary.description],
    [field("assignee"), diary.assignee?.name],
  ]);

  pdf.heading(t("sections.weather"));
  pairs([
    [field("sky"), choice("sky", diary.sky)],
    [field("wind"), choice("wind", diary.wind)],
    [field("rain"), choice("rain", diary.rain)],
    [field("rainStart"), diary.rainStart],
    [field("rainEnd"), diary.rainEnd],
    [field("temperatureStart"), diary.temperatureStart],
    [field("temperaturePeak"), diary.temperaturePeak],
  ]);

  pdf.heading(t("sections.concerns"));
  pdf.paragraph(diary.concerns ?? none, { muted: !diary.concerns });
  pdf.subheading(t("sections.issues"));
  if (diary.issues.length === 0) pdf.paragraph(t("issues.none"), { muted: true });
  for (const issue of diary.issues)
    pdf.paragraph(
      `${issue.title}${issue.description ? `: ${issue.description}` : ""} (${issue.raisedBy ?? "-"})`,
    );

  pdf.heading(t("sections.meetingsHeld"));
  table(
    [field("meetingTitle"), field("meetingDetail")],
    diary.rows.meetings.map((row) => [row.title, row.detail]),
  );
  pdf.heading(t("sections.workLog"));
  table(
    [field("company"), field("workPerformed"), field("workers"), field("hours")],
    diary.rows.workLog.map((row) => [row.company, row.title, row.workers, row.hours]),
  );
  pdf.heading(t("sections.delays"));
  table(
    [field("cause"), field("delayDescription"), field("hoursLost")],
    diary.rows.delays.map((row) => [choice("cause", row.cause), row.title, row.hours]),
  );
  pdf.heading(t("sections.plant"));
  table(
    [field("plantKind"), field("plantTitle"), field("plantDetail")],
    diary.rows.plant.map((row) => [choice("plantKind", row.plantKind), row.title, row.detail]),
  );
  pdf.heading(t("sections.otherComments"));
  pdf.paragraph(diary.otherComments ?? none, { muted: !diary.otherComments });

  pdf.heading(t("sections.notes"));
  if (diary.notes.length === 0) pdf.paragraph(t("notes.none"), { muted: true });
  for (const note of diary.notes)
    pdf.paragraph(`${note.body} (${note.author ?? "-"}, ${formatDateTime(note.createdAt, locale)})`);

  const records = (sections: PlacedDiarySection[]) => {
    const rows = sections.flatMap((section) =>
      section.records.map((record) => [
        record.number ?? "",
        record.title,
        record.status ?? "",
        record.detail ?? "",
      ]),
    );
    if (rows.length === 0) pdf.paragraph(t("detail.noRecords"), { muted: true });
    else
      pdf.table(
        [field("number"), field("description"), field("status"), field("plantDetail")].map(
          (header, index) => ({ header, width: index === 1 ? 3 : 1 }),
        ),
        rows,
      );
  };
  for (const section of report.contributions.mapped) {
    pdf.heading(t(`sections.${section.id}`));
    for (const tab of section.tabs) {
      if (section.tabs.length > 1) pdf.subheading(t(`tabs.${tab.id}`));
      if (tab.switchedOff)
        pdf.paragraph(t("detail.switchedOff", { module: t(tab.switchedOff) }), { muted: true });
      else records(tab.sections);
    }
  }
  for (const section of report.contributions.others) {
    pdf.heading(section.title);
    records([section]);
  }

  pdf.heading(t("sections.photos"));
  if (report.photos.length === 0) pdf.paragraph(t("photos.none"), { muted: true });
  let drawn = 0;
  for (const photo of report.photos) {
    const bytes = await images.read(photo);
    if (!bytes || !pdf.thumbnail(bytes, photo.fileName)) pdf.paragraph(photo.fileName, { muted: true });
    drawn += 1;
    await images.onImage(drawn);
  }
  pdf.endThumbnails();
  pdf.end();
}
