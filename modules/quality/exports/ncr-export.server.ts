import { type FilterQuery, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { TFunction } from "i18next";
import { formatFileSize } from "~/app/ui/file-size";
import { formatDate } from "~/app/utils/format";
import { Project } from "~/server/db/entities";
import { containsPattern } from "~/server/db/like";
import { createPdfReport, type PdfValue } from "~/server/exports/pdf.server";
import { xlsxBuffer } from "~/server/exports/xlsx.server";
import type { Locale } from "~/server/i18n/locale";
import { attachmentsOf } from "~/server/uploads/index.server";
import { type INcr, Ncr } from "../entities";
import { NCR_ATTACHMENT } from "../server/ncr-files.server";
import { readNcrListQuery, typeOfTab } from "../server/ncr-rules";
import { ncrById } from "../server/ncrs.server";

/** The NCR's PDF (to sign and file, or send to the client) and the register's workbook. */

export async function loadNcrExport(em: EntityManager, projectId: string, id: string | undefined) {
  const [ncr, project] = await Promise.all([
    ncrById(em, projectId, id),
    em.findOneOrFail(Project, projectId),
  ]);
  const files = await attachmentsOf(em, NCR_ATTACHMENT, ncr.id);
  return {
    ncr,
    project: { name: project.name, number: project.number },
    files: files.map((file) => ({
      fileName: file.fileName,
      size: Number(file.size),
      addedAt: file.createdAt,
    })),
  };
}

export async function buildNcrPdf(
  data: Awaited<ReturnType<typeof loadNcrExport>>,
  t: TFunction,
  locale: Locale,
): Promise<Buffer> {
  const { ncr } = data;
  const day = (value: string | Date | null | undefined) => (value ? formatDate(value, locale) : null);
  const field = (name: string) => t(`ncr.fields.${name}`);
  const pdf = createPdfReport({
    title: `${ncr.number} ${ncr.title}`,
    headerLeft: `${data.project.number} ${data.project.name}`,
    headerRight: ncr.number,
    pageLabel: (page, total) => t("report.pageOf", { page, total }),
  });
  pdf.keyValues([
    [field("number"), ncr.number],
    [field("title"), ncr.title],
    [field("type"), t(`ncr.type.${ncr.type}`)],
    [field("status"), t(`ncr.status.${ncr.status}`)],
    [field("lot"), ncr.lot ? `${ncr.lot.number} ${ncr.lot.title}` : null],
    [
      field("itpItemId"),
      ncr.itpItem ? `${ncr.itpItem.itp.number} · ${ncr.itpItem.position}. ${ncr.itpItem.activity}` : null,
    ],
    [field("raisedOn"), day(ncr.raisedOn)],
    [field("closedOn"), day(ncr.closedOn)],
  ]);
  pdf.heading(t("ncr.sections.nonconformity"));
  pdf.paragraph(ncr.description);
  pdf.heading(t("ncr.sections.control"));
  pdf.keyValues([
    [field("containment"), ncr.containment ?? null],
    [field("disposition"), ncr.disposition ? t(`ncr.disposition.${ncr.disposition}`) : null],
    [field("concessionAuthorisedBy"), ncr.concessionAuthorisedBy ?? null],
    [field("clientToBeInformed"), t(ncr.clientToBeInformed ? "ncr.detail.yes" : "ncr.detail.no")],
  ] as [string, PdfValue][]);
  pdf.heading(t("ncr.sections.correction"));
  pdf.keyValues([
    [field("rootCause"), ncr.rootCause ?? null],
    [field("correctiveAction"), ncr.correctiveAction ?? null],
    [field("correctiveActionOwner"), ncr.correctiveActionOwner ?? null],
    [field("correctiveActionDue"), day(ncr.correctiveActionDue)],
    [field("effectivenessCheck"), ncr.effectivenessCheck ?? null],
  ]);
  pdf.heading(t("ncrFiles.title"));
  if (data.files.length === 0) pdf.paragraph(t("ncrFiles.none"), { muted: true });
  else
    pdf.table(
      [
        { header: t("ncrFiles.columns.file"), width: 4 },
        { header: t("ncrFiles.columns.size"), width: 1, align: "right" },
        { header: t("ncrFiles.columns.uploadedAt"), width: 1.5 },
      ],
      data.files.map((file) => [file.fileName, formatFileSize(file.size), day(file.addedAt)]),
    );
  return pdf.toBuffer();
}

/**
 * The register's current tab, search and filter as a workbook, every matching NCR (a project has hundreds,
 * not the lots' hundred thousand: built whole, in the register's order).
 */
export async function buildNcrRegisterWorkbook(
  em: EntityManager,
  projectId: string,
  url: URL,
  t: TFunction,
): Promise<Buffer> {
  const query = readNcrListQuery(url.searchParams);
  const where: FilterQuery<INcr> = { project: projectId };
  const type = typeOfTab(query.tab);
  if (type) where.type = type;
  if (query.status) where.status = query.status;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.$or = [{ number: { $ilike: pattern } }, { title: { $ilike: pattern } }];
  }
  const order = query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC;
  const sortColumn = query.sort === "number" ? "sequence" : query.sort;
  const ncrs = await em.find(Ncr, where, {
    orderBy: [{ [sortColumn]: order }, { id: QueryOrder.ASC }],
    populate: ["lot"],
  });
  const field = (name: string) => t(`ncr.fields.${name}`);
  return xlsxBuffer(async (workbook) => {
    const sheet = workbook.addSheet(t("ncr.list.title"), [
      { header: field("number"), width: 12 },
      { header: field("title"), width: 40 },
      { header: field("type"), width: 12 },
      { header: field("status"), width: 14 },
      { header: field("lot"), width: 12 },
      { header: field("raisedOn"), width: 12, kind: "date" },
      { header: field("disposition"), width: 22 },
      { header: field("concessionAuthorisedBy"), width: 24 },
      { header: field("clientToBeInformed"), width: 10 },
      { header: field("correctiveActionOwner"), width: 22 },
      { header: field("correctiveActionDue"), width: 12, kind: "date" },
      { header: field("closedOn"), width: 12, kind: "date" },
    ]);
    await sheet.addRows(
      ncrs.map((ncr) => [
        ncr.number,
        ncr.title,
        t(`ncr.type.${ncr.type}`),
        t(`ncr.status.${ncr.status}`),
        ncr.lot?.number ?? null,
        ncr.raisedOn,
        ncr.disposition ? t(`ncr.disposition.${ncr.disposition}`) : null,
        ncr.concessionAuthorisedBy ?? null,
        t(ncr.clientToBeInformed ? "ncr.detail.yes" : "ncr.detail.no"),
        ncr.correctiveActionOwner ?? null,
        ncr.correctiveActionDue ?? null,
        ncr.closedOn ?? null,
      ]),
    );
  });
}
