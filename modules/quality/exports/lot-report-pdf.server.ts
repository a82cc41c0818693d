import type { TFunction } from "i18next";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { createPdfReport, type PdfValue } from "~/server/exports/pdf.server";
import type { Locale } from "~/server/i18n/locale";
import type { AssignedItp } from "../server/lot-itp.server";
import type { LotItr } from "../server/lot-itrs.server";

/** Everything the lot report prints, loaded by the job (server/lot-report.server.ts). */
export type LotReportData = {
  project: { name: string; number: string };
  lot: {
    number: string;
    title: string;
    status: string;
    subStatus: string | null;
    locationPath: string | null;
    subcontractor: string | null;
    createdBy: string | null;
    createdAt: Date;
    /** The remaining text, number and date fields of spec 3, by field name. */
    fields: Record<string, string | number | Date | null>;
  };
  itps: AssignedItp[];
  itrs: LotItr[];
  dtiAudit: {
    auditorName: string;
    auditedOn: string | Date;
    processCompleted: boolean;
    reason: string | null;
    comments: string | null;
    signature: string | null;
    signedBy: string | null;
    signedAt: Date | null;
  } | null;
  activity: {
    at: Date;
    actor: string | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
  generatedBy: string | null;
  generatedAt: Date;
};

/** The lot's text fields of spec 3 in the order the detail page shows them. */
export const LOT_TEXT_FIELDS = [
  "lotType",
  "area",
  "activity",
  "discipline",
  "subDiscipline",
  "managedBy",
  "designPackage",
  "system",
  "wbs",
  "assetOwner",
  "engineerResponsible",
  "supervisorResponsible",
  "controlLine",
  "chainageStart",
  "chainageEnd",
  "workPack",
  "zone",
  "lotVerifiedBy",
  "comment",
  "remark",
] as const;

export const LOT_DATE_FIELDS = [
  "workCommencedOn",
  "scheduledStart",
  "completedOn",
  "lotOpenedOn",
  "lotCloseTarget",
  "qaCompletedOn",
  "lotClosedOn",
] as const;

// Times are printed in UTC: the product stores no time zone per user or project yet.
const TIME_ZONE = "UTC";

const DETAILS_MAX = 400;
// Ids mean nothing on paper; the entries carry numbers and names next to them.
const HIDDEN_KEYS = /(^id$|Id$|^action$)/;

function lotState(t: TFunction, state: Record<string, unknown>) {
  const status = t(`lot.status.${String(state.status)}`);
  return state.subStatus ? `${status} · ${t(`lot.subStatus.${String(state.subStatus)}`)}` : status;
}

/** "relatedNumber" → "Related number": a key no label names yet still reads as words, never as code. */
const humanize = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An activity entry's field as the log reads it: the entry's own label, the lot field's, else the key in words. */
function activityLabel(t: TFunction, key: string): string {
  return t(`report.activityField.${key}`, {
    defaultValue: t(`lot.fields.${key}`, { defaultValue: humanize(key) }),
  });
}

/** Values with words of their own (a check's state, a yes/no); others as they were recorded. */
function activityValue(t: TFunction, key: string, value: unknown): string {
  if (typeof value === "boolean") return t(value ? "report.yes" : "report.no");
  if (key === "state" && typeof value === "string")
    return t(`lot.checkState.${value}`, {
      defaultValue: t(`hpWp.state.${value}`, { defaultValue: humanize(value) }),
    });
  if (key === "status" && typeof value === "string") return t(`lot.status.${value}`, { defaultValue: value });
  if (key === "subStatus" && typeof value === "string")
    return t(`lot.subStatus.${value}`, { defaultValue: value });
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** What an activity entry changed, in words: a status step with its reason, or the fields and values. */
function describeActivity(t: TFunction, entry: LotReportData["activity"][number]): string {
  const { before, after } = entry;
  if (entry.action === "status-changed" && before && after) {
    const step = `${lotState(t, before)} → ${lotState(t, after)}`;
    return after.comment ? `${step}. ${t("lot.workflow.comment")}: ${String(after.comment)}` : step;
  }
  const values = after ?? before;
  if (!values) return "";
  const text = Object.entries(values)
    .filter(([key, value]) => !HIDDEN_KEYS.test(key) && value !== null && value !== undefined && value !== "")
    .map(([key, value]) => `${activityLabel(t, key)}: ${activityValue(t, key, value)}`)
    .join("; ");
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

/** The lot report as a PDF: details, ITPs and their checks, ITRs, signatures, activity log. */
export async function buildLotReportPdf(
  report: LotReportData,
  t: TFunction,
  locale: Locale,
): Promise<Buffer> {
  const day = (value: string | Date | null | undefined) => (value ? formatDate(value, locale) : null);
  const moment = (value: string | Date | null | undefined) =>
    value ? `${formatDateTime(value, locale, TIME_ZONE)} UTC` : null;
  const { lot } = report;
  const pdf = createPdfReport({
    title: t("report.lotReport.documentTitle", { number: lot.number }),
    headerLeft: `${report.project.number} ${report.project.name}`,
    headerRight: lot.number,
    footerLeft: t("report.generatedBy", {
      date: moment(report.generatedAt),
      name: report.generatedBy ?? "-",
    }),
    pageLabel: (page, total) => t("report.pageOf", { page, total }),
  });

  pdf.heading(t("report.lotReport.details"));
  const field = (name: string) => t(`report.lotFields.${name}`);
  const pairs: [string, PdfValue][] = [
    [field("number"), lot.number],
    [field("title"), lot.title],
    [field("status"), t(`lot.status.${lot.status}`)],
    [field("subStatus"), lot.subStatus ? t(`lot.subStatus.${lot.subStatus}`) : null],
    [field("location"), lot.locationPath],
    [field("subcontractor"), lot.subcontractor],
    ...LOT_TEXT_FIELDS.map((name): [string, PdfValue] => [field(name), lot.fields[name] as PdfValue]),
    ...LOT_DATE_FIELDS.map((name): [string, PdfValue] => [
      field(name),
      day(lot.fields[name] as string | Date | null),
    ]),
    [field("createdAt"), moment(lot.createdAt)],
    [field("createdBy"), lot.createdBy],
    [field("itps"), report.itps.map((itp) => itp.number).join(", ")],
  ];
  pdf.keyValues(pairs);

  pdf.heading(t("report.lotReport.itps"));
  if (report.itps.length === 0) pdf.paragraph(t("report.lotReport.noItps"), { muted: true });
  const column = (key: string) => t(`report.itemColumns.${key}`);
  for (const itp of report.itps) {
    pdf.subheading(`${itp.number} ${itp.title} (${t(`itp.status.${itp.status}`)})`);
    if (itp.items.length === 0) {
      pdf.paragraph(t("report.lotReport.noItems"), { muted: true });
      continue;
    }
    pdf.table(
      [
        { header: column("position"), width: 0.4 },
        { header: column("activity"), width: 2.6 },
        { header: column("inspectionPoint"), width: 1.7 },
        { header: column("acceptanceCriteria"), width: 2.4 },
        { header: column("verifyingDocument"), width: 1.6 },
        { header: column("check"), width: 2.2 },
        { header: column("checkedBy"), width: 2 },
      ],
      itp.items.map((item) => [
        item.position,
        item.activity,
        `${item.inspectionPoint} ${t(`itp.inspectionPoints.${item.inspectionPoint}`)}`,
        item.acceptanceCriteria,
        item.verifyingDocument,
        [t(`lot.checkState.${item.check.state}`), item.check.comment].filter(Boolean).join(": "),
        item.check.checkedBy
          ? t("report.lotReport.checkedByOn", {
              name: item.check.checkedBy,
              date: moment(item.check.checkedAt),
            })
          : null,
      ]),
    );
  }

  pdf.heading(t("report.lotReport.itrs"));
  if (report.itrs.length === 0) pdf.paragraph(t("report.lotReport.noItrs"), { muted: true });
  else
    pdf.table(
      [
        { header: t("report.lotReport.itrColumns.title"), width: 2.5 },
        { header: t("report.lotReport.itrColumns.description"), width: 3 },
        { header: t("report.lotReport.itrColumns.file"), width: 2.2 },
        { header: t("report.lotReport.itrColumns.uploadedAt"), width: 1.8 },
        { header: t("report.lotReport.itrColumns.uploadedBy"), width: 1.8 },
      ],
      report.itrs.map((itr) => [
        itr.title,
        itr.description,
        itr.fileName,
        moment(itr.uploadedAt),
        itr.uploadedBy,
      ]),
    );

  pdf.heading(t("report.lotReport.signatures"));
  pdf.subheading(t("report.lotReport.dtiAudit"));
  const audit = report.dtiAudit;
  if (!audit) pdf.paragraph(t("report.lotReport.noDtiAudit"), { muted: true });
  else {
    const dti = (name: string) => t(`report.lotReport.dtiFields.${name}`);
    pdf.keyValues([
      [dti("auditorName"), audit.auditorName],
      [dti("auditedOn"), day(audit.auditedOn)],
      [dti("processCompleted"), audit.processCompleted ? t("report.yes") : t("report.no")],
      [dti("reason"), audit.reason],
      [dti("comments"), audit.comments],
    ]);
    pdf.signature({
      label: t("report.lotReport.dtiSignature"),
      dataUrl: audit.signature,
      missing: t("report.lotReport.noSignatureImage"),
      caption: audit.signedAt
        ? t("report.lotReport.dtiSignedCaption", {
            name: audit.signedBy ?? audit.auditorName,
            date: moment(audit.signedAt),
          })
        : t("report.lotReport.notSigned"),
    });
  }
  pdf.subheading(t("report.lotReport.subcontractorSignatures"));
  const signed = report.itps.flatMap((itp) =>
    itp.items
      .filter((item) => item.check.subcontractorSignedAt)
      .map((item) => [
        itp.number,
        `${item.position}. ${item.activity}`,
        item.check.subcontractorSignedBy,
        moment(item.check.subcontractorSignedAt),
      ]),
  );
  if (signed.length === 0) pdf.paragraph(t("report.lotReport.noSubcontractorSignatures"), { muted: true });
  else
    pdf.table(
      [
        { header: t("report.lotReport.subcontractorColumns.itp"), width: 1.2 },
        { header: t("report.lotReport.subcontractorColumns.item"), width: 4 },
        { header: t("report.lotReport.subcontractorColumns.signedBy"), width: 2 },
        { header: t("report.lotReport.subcontractorColumns.signedAt"), width: 2 },
      ],
      signed,
    );

  pdf.heading(t("report.lotReport.activity"));
  if (report.activity.length === 0) pdf.paragraph(t("report.lotReport.noActivity"), { muted: true });
  else
    pdf.table(
      [
        { header: t("report.lotReport.activityColumns.when"), width: 1.8 },
        { header: t("report.lotReport.activityColumns.who"), width: 1.6 },
        { header: t("report.lotReport.activityColumns.what"), width: 1.8 },
        { header: t("report.lotReport.activityColumns.details"), width: 4.5 },
      ],
      report.activity.map((entry) => [
        moment(entry.at),
        entry.actor,
        t(`report.activityAction.${entry.action}`, { defaultValue: entry.action }),
        describeActivity(t, entry),
      ]),
    );
  return pdf.toBuffer();
}
