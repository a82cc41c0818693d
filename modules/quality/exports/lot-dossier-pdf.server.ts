import type { TFunction } from "i18next";
import type { PdfReport } from "~/server/exports/pdf.server";
import type { DossierImage, DossierNcr, DossierPoint } from "../server/lot-dossier.server";

/**
 * The parts the lot dossier adds to the lot report's PDF (exports/lot-report-pdf.server.ts): the hold and
 * witness points with their releases, the NCRs, the image ITRs, and the activity log in words.
 */

type Moment = (value: string | Date | null | undefined) => string | null;

const DETAILS_MAX = 400;

/** Each hold and witness point: its state, who called the client, and the release with its signature. */
export function drawPoints(
  pdf: PdfReport,
  points: DossierPoint[],
  t: TFunction,
  moment: Moment,
  day: Moment,
) {
  pdf.heading(t("dossier.points.title"));
  if (points.length === 0) {
    pdf.paragraph(t("dossier.points.none"), { muted: true });
    return;
  }
  for (const point of points) {
    pdf.subheading(
      t("dossier.points.heading", {
        itp: point.itpNumber,
        position: point.position,
        activity: point.activity,
        kind: t(`dossier.points.kind.${point.kind}`),
      }),
    );
    const unattended = point.lastAction === "record_unattended";
    pdf.keyValues([
      [
        t("dossier.points.state"),
        unattended ? t("dossier.points.unattended") : t(`hpWp.state.${point.state}`),
      ],
      [t("dossier.points.step"), point.lastAction ? t(`hpWp.actions.${point.lastAction}`) : null],
      [
        t("dossier.points.notified"),
        point.notifiedAt
          ? t("dossier.points.byOn", { name: point.notifiedBy ?? "-", date: moment(point.notifiedAt) })
          : null,
      ],
      [t("dossier.points.dueOn"), day(point.dueOn)],
      [
        t("dossier.points.decided"),
        point.decidedAt
          ? t("dossier.points.byOn", {
              name: point.decidedByName ?? point.decidedBy ?? "-",
              date: moment(point.decidedAt),
            })
          : null,
      ],
      [t("dossier.points.comment"), point.comment],
    ]);
    if (point.releasedThroughLinkTo)
      pdf.paragraph(t("dossier.points.throughLink", { email: point.releasedThroughLinkTo }));
    if (point.decidedAt && point.state !== "not_started") {
      pdf.signature({
        label: t("dossier.points.signature"),
        dataUrl: point.signature,
        missing: t("report.lotReport.noSignatureImage"),
        caption: t("dossier.points.signedCaption", {
          name: point.decidedByName ?? point.decidedBy ?? "-",
          date: moment(point.decidedAt),
        }),
      });
    }
  }
}

/** The lot's NCRs: what was found, the disposition and the close-out. */
export function drawNcrs(pdf: PdfReport, ncrs: DossierNcr[], t: TFunction, day: Moment) {
  pdf.heading(t("dossier.ncrs.title"));
  if (ncrs.length === 0) {
    pdf.paragraph(t("dossier.ncrs.none"), { muted: true });
    return;
  }
  const field = (name: string) => t(`ncr.fields.${name}`);
  for (const ncr of ncrs) {
    pdf.subheading(`${ncr.number} ${ncr.title} (${t(`ncr.status.${ncr.status}`)})`);
    pdf.keyValues([
      [field("type"), t(`ncr.type.${ncr.type}`)],
      [field("raisedOn"), day(ncr.raisedOn)],
      [field("itpItemId"), ncr.itpItem],
      [field("disposition"), ncr.disposition ? t(`ncr.disposition.${ncr.disposition}`) : null],
      [field("concessionAuthorisedBy"), ncr.concessionAuthorisedBy],
      [field("closedOn"), day(ncr.closedOn)],
    ]);
    const texts: [string, string | null][] = [
      [field("description"), ncr.description],
      [field("containment"), ncr.containment],
      [field("rootCause"), ncr.rootCause],
      [field("correctiveAction"), ncr.correctiveAction],
      [field("effectivenessCheck"), ncr.effectivenessCheck],
    ];
    pdf.keyValues(texts);
  }
}

/**
 * The image ITRs, drawn one after the other: each is read from storage just before it is drawn and
 * dropped after, so the job holds one image at a time. An image too large, gone or unreadable is named.
 */
export async function drawItrImages(
  pdf: PdfReport,
  images: DossierImage[],
  read: (image: DossierImage) => Promise<Buffer | null>,
  t: TFunction,
  onImage: (done: number) => Promise<void>,
) {
  if (images.length === 0) return;
  pdf.subheading(t("dossier.itrImages"));
  for (const [index, image] of images.entries()) {
    const bytes = await read(image);
    const caption = `${image.title} (${image.fileName})`;
    if (!bytes || !pdf.photo(bytes, caption))
      pdf.paragraph(t("dossier.imageNotShown", { fileName: image.fileName }), { muted: true });
    await onImage(index + 1);
  }
}

type ActivityEntry = {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The label of a recorded value, or null for what means nothing on paper (ids, internal keys). */
function labelOf(t: TFunction, key: string): string | null {
  const label =
    t(`dossier.activityFields.${key}`, { defaultValue: "" }) ||
    t(`report.lotFields.${key}`, { defaultValue: "" });
  return label || null;
}

function shownValue(t: TFunction, entry: ActivityEntry, key: string, value: unknown): string {
  if (key === "state" && entry.action === "item-checked") return t(`lot.checkState.${String(value)}`);
  if (typeof value === "boolean") return value ? t("report.yes") : t("report.no");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function lotState(t: TFunction, state: Record<string, unknown>) {
  const status = t(`lot.status.${String(state.status)}`);
  return state.subStatus ? `${status} · ${t(`lot.subStatus.${String(state.subStatus)}`)}` : status;
}

/** What an activity entry did, with labels instead of field keys: a step, the fields changed, the values. */
export function describeActivity(t: TFunction, entry: ActivityEntry): string {
  const { before, after } = entry;
  if (entry.action === "status-changed" && before && after) {
    const step = `${lotState(t, before)} → ${lotState(t, after)}`;
    return after.comment ? `${step}. ${t("lot.workflow.comment")}: ${String(after.comment)}` : step;
  }
  if (entry.action === "hp-wp-changed" && after && typeof after.pointAction === "string") {
    const step = t("hpWp.activity", {
      itp: after.itpNumber,
      position: after.position,
      activity: after.activity,
      step: t(`hpWp.actions.${after.pointAction}`),
    });
    return after.comment ? `${step}. ${t("lot.workflow.comment")}: ${String(after.comment)}` : step;
  }
  if (entry.action === "updated" && after) {
    const fields = Object.keys(after).map(
      (key) => labelOf(t, key) ?? t(`lot.fields.${key}`, { defaultValue: key }),
    );
    return t("lot.activity.changed", { fields: fields.join(", ") });
  }
  const values = after ?? before;
  if (!values) return "";
  const text = Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .flatMap(([key, value]) => {
      const label = labelOf(t, key);
      return label ? [`${label}: ${shownValue(t, entry, key, value)}`] : [];
    })
    .join("; ");
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}

/** The entry's name: the report's label, else the lot page's, else the key. */
export function activityLabel(t: TFunction, action: string): string {
  return t(`report.activityAction.${action}`, {
    defaultValue: t(`lot.activity.actions.${action}`, { defaultValue: action }),
  });
}
