import type { TFunction } from "i18next";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { fileStorage } from "~/plugins/storage/index.server";
import { Attachment } from "~/server/db/entities";
import { createPdfReport } from "~/server/exports/pdf.server";
import type { Locale } from "~/server/i18n/locale";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { DEFECT_ATTACHMENT } from "../server/defect-files.server";
import type { DefectDetail } from "../server/defects.server";

/** Photos put in the PDF: the first ones added, each read whole (PDFKit needs the bytes). */
const MAX_PHOTOS = 12;
const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

export type DefectPhoto = { fileName: string; bytes: Buffer | null };

/** The defect's photos as bytes, oldest first; a photo too large or gone is named but not drawn. */
export async function defectPhotos(context: ProjectContext, defectId: string): Promise<DefectPhoto[]> {
  const rows = await context.em.find(
    Attachment,
    { entityType: DEFECT_ATTACHMENT, entityId: defectId, contentType: { $like: "image/%" } },
    { orderBy: { createdAt: "asc", id: "asc" }, limit: MAX_PHOTOS },
  );
  const photos: DefectPhoto[] = [];
  for (const row of rows) {
    const stored = Number(row.size) <= MAX_PHOTO_BYTES ? await fileStorage().get(row.storageKey) : null;
    if (!stored) {
      photos.push({ fileName: row.fileName, bytes: null });
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk));
    photos.push({ fileName: row.fileName, bytes: Buffer.concat(chunks) });
  }
  return photos;
}

/** One defect as a PDF: its fields, its photos, its history. */
export async function buildDefectPdf(
  input: { defect: DefectDetail; photos: DefectPhoto[]; project: { number: string; name: string } },
  t: TFunction,
  locale: Locale,
): Promise<Buffer> {
  const { defect, photos, project } = input;
  const field = (name: string) => t(`defect.fields.${name}`);
  const pdf = createPdfReport({
    title: `${defect.number} ${defect.title}`,
    headerLeft: `${project.number} ${project.name}`,
    headerRight: defect.number,
    pageLabel: (page, total) => t("report.pageOf", { page, total }),
  });
  pdf.keyValues([
    [field("number"), defect.number],
    [field("status"), t(`defect.status.${defect.status}`)],
    [field("priority"), t(`defect.priority.${defect.priority}`)],
    [field("location"), defect.location],
    [field("lot"), defect.lot ? `${defect.lot.number} ${defect.lot.title}` : null],
    [field("company"), defect.company],
    [field("assignee"), defect.assignee],
    [field("dueDate"), defect.dueDate ? formatDate(defect.dueDate, locale) : null],
    [field("raisedBy"), defect.raisedBy],
    [field("raisedAt"), defect.raisedAt ? formatDateTime(defect.raisedAt, locale) : null],
    [field("closedAt"), defect.closedAt ? formatDateTime(defect.closedAt, locale) : null],
  ]);
  if (defect.description) {
    pdf.heading(field("description"));
    pdf.paragraph(defect.description);
  }
  pdf.heading(t("defect.files.photos"));
  if (photos.length === 0) pdf.paragraph(t("defect.files.noPhotos"), { muted: true });
  for (const photo of photos)
    if (!photo.bytes || !pdf.photo(photo.bytes, photo.fileName))
      pdf.paragraph(t("defect.files.notShown", { fileName: photo.fileName }), { muted: true });
  pdf.heading(t("defect.activity.title"));
  pdf.table(
    [
      { header: t("defect.pdf.when"), width: 1.2 },
      { header: t("defect.pdf.who"), width: 1.2 },
      { header: t("defect.pdf.what"), width: 2.6 },
    ],
    defect.activity.map((entry) => {
      const after = entry.after ?? {};
      const step = typeof after.action === "string" ? t(`defect.actions.${after.action}`) : null;
      const reason = typeof after.comment === "string" && after.comment ? after.comment : null;
      return [
        formatDateTime(entry.createdAt, locale),
        entry.actorName,
        [t(`defect.activity.actions.${entry.action}`, { defaultValue: entry.action }), step, reason]
          .filter(Boolean)
          .join(" – "),
      ];
    }),
  );
  return pdf.toBuffer();
}
