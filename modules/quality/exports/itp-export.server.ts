import type { EntityManager } from "@mikro-orm/postgresql";
import type { TFunction } from "i18next";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { Project } from "~/server/db/entities";
import { createPdfReport, type PdfValue } from "~/server/exports/pdf.server";
import { xlsxBuffer } from "~/server/exports/xlsx.server";
import { isUuid } from "~/server/http/responses";
import type { Locale } from "~/server/i18n/locale";
import { type IItp, type IItpItem, type IItpReview, Itp, ItpItem, ItpReview } from "../entities";
import {
  ITEM_COLUMNS,
  ITEMS_SHEET,
  ITP_SHEET,
  ITP_TEMPLATE_HEADER_LABELS,
} from "../server/itp-import.server";
import { ITP_HEADER_FIELDS } from "../server/itp-rules";

/**
 * The ITP's downloads (spec 2 "export/download"): a PDF to read and sign on paper, and a workbook in the
 * import template's layout, so an exported plan can be edited and uploaded again as a new ITP.
 */

export type ItpExportData = {
  project: { name: string; number: string };
  itp: IItp;
  items: IItpItem[];
  reviews: IItpReview[];
};

/** The ITP of a URL in the request's project, with its items and reviews; a 404 otherwise. */
export async function loadItpExport(
  em: EntityManager,
  projectId: string,
  id: string | undefined,
): Promise<ItpExportData> {
  const itp = isUuid(id) ? await em.findOne(Itp, { id, project: projectId }) : null;
  if (!itp) throw new Response("Not found", { status: 404 });
  const [project, items, reviews] = await Promise.all([
    em.findOneOrFail(Project, projectId),
    em.find(ItpItem, { itp: itp.id }, { orderBy: { position: "asc", id: "asc" } }),
    em.find(ItpReview, { itp: itp.id }, { orderBy: { createdAt: "asc", id: "asc" } }),
  ]);
  return { project: { name: project.name, number: project.number }, itp, items, reviews };
}

/** Every header field but the title, which the documents show as their heading. */
const HEADER_FIELDS = ITP_HEADER_FIELDS.filter((name) => name !== "title");

const TIME_ZONE = "UTC";

export async function buildItpPdf(data: ItpExportData, t: TFunction, locale: Locale): Promise<Buffer> {
  const { itp, items, reviews } = data;
  const day = (value: string | Date | null | undefined) => (value ? formatDate(value, locale) : null);
  const field = (name: string) => t(`report.itpFields.${name}`);
  const pdf = createPdfReport({
    title: t("report.itpExport.title", { number: itp.number, title: itp.title }),
    headerLeft: `${data.project.number} ${data.project.name}`,
    headerRight: itp.number,
    layout: "landscape",
    pageLabel: (page, total) => t("report.pageOf", { page, total }),
  });
  pdf.keyValues([
    [field("projectName"), data.project.name],
    [field("projectNumber"), data.project.number],
    [field("number"), itp.number],
    [field("title"), itp.title],
    [field("status"), t(`itp.status.${itp.status}`)],
    [field("revision"), itp.revision],
    ...HEADER_FIELDS.map((name): [string, PdfValue] => [field(name), itp[name] ?? null]),
    [field("creationDate"), day(itp.creationDate)],
    [field("approvalDate"), day(itp.approvalDate)],
  ]);

  pdf.heading(t("report.itpExport.items"));
  const column = (key: string) => t(`report.itemColumns.${key}`);
  if (items.length === 0) pdf.paragraph(t("report.itpExport.noItems"), { muted: true });
  else
    pdf.table(
      [
        { header: column("position"), width: 0.5 },
        { header: column("activity"), width: 3 },
        { header: column("inspectionPoint"), width: 1.7 },
        { header: column("acceptanceCriteria"), width: 2.8 },
        { header: column("verifyingDocument"), width: 1.8 },
        { header: column("references"), width: 1.5 },
        { header: column("method"), width: 1.3 },
        { header: column("frequency"), width: 1.2 },
        { header: column("signatures"), width: 1.6 },
      ],
      items.map((item) => [
        item.position,
        item.activity,
        `${item.inspectionPoint} ${t(`itp.inspectionPoints.${item.inspectionPoint}`)}`,
        item.acceptanceCriteria,
        item.verifyingDocument,
        item.references,
        item.method,
        item.frequency,
        signaturesOf(item, t),
      ]),
    );

  pdf.heading(t("report.itpExport.reviews"));
  if (reviews.length === 0) pdf.paragraph(t("report.itpExport.noReviews"), { muted: true });
  for (const review of reviews) {
    const caption = t("report.itpExport.reviewCaption", {
      decision: t(`report.itpExport.reviewDecision.${review.decision}`),
      name: review.reviewerName,
      date: `${formatDateTime(review.createdAt, locale, TIME_ZONE)} UTC`,
      revision: review.revision,
    });
    pdf.signature({
      label: t(`report.itpExport.reviewScope.${review.scope}`),
      dataUrl: review.signature,
      missing: t("report.itpExport.noSignature"),
      caption: review.comment
        ? `${caption}\n${t("report.itpExport.reviewComment", { comment: review.comment })}`
        : caption,
    });
  }
  return pdf.toBuffer();
}

function signaturesOf(item: IItpItem, t: TFunction): string {
  return [
    item.subcontractorSignature ? t("report.signatureNames.subcontractor") : null,
    item.clientSignature ? t("report.signatureNames.client") : null,
    item.otherSignatureRole || null,
  ]
    .filter(Boolean)
    .join(", ");
}

const calendarDay = (value: string | Date | null | undefined) =>
  value ? (value instanceof Date ? value.toISOString() : value).slice(0, 10) : null;

/**
 * The workbook in the import template's layout (English, like the template): an "ITP" sheet of
 * label/value rows (the template's fields first, then number, status, revision and dates, which an
 * import ignores) and an "Items" sheet with the template's columns.
 */
export function buildItpWorkbook(data: ItpExportData): Promise<Buffer> {
  const { itp, items } = data;
  const yesNo = (value: boolean) => (value ? "Y" : "N");
  return xlsxBuffer(async (workbook) => {
    const header = workbook.addSheet(ITP_SHEET, [
      { header: "Field", width: 24 },
      { header: "Value", width: 60 },
    ]);
    await header.addRows([
      [ITP_TEMPLATE_HEADER_LABELS.title, itp.title],
      ...HEADER_FIELDS.map((name) => [ITP_TEMPLATE_HEADER_LABELS[name], itp[name] ?? null]),
      ["ITP number", itp.number],
      ["Status", itp.status],
      ["Revision", itp.revision],
      ["Project name", data.project.name],
      ["Project number", data.project.number],
      ["Creation date", calendarDay(itp.creationDate)],
      ["Approval date", calendarDay(itp.approvalDate)],
    ]);
    const sheet = workbook.addSheet(
      ITEMS_SHEET,
      ITEM_COLUMNS.map((column) => ({ header: column.header, width: column.width })),
    );
    await sheet.addRows(
      items.map((item) =>
        ITEM_COLUMNS.map((column) => {
          const value = item[column.field];
          if (typeof value === "boolean") return yesNo(value);
          return value ?? null;
        }),
      ),
    );
  });
}
