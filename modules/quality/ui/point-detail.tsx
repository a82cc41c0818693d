import { Form, Link } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button } from "~/app/ui/button";
import { formatFileSize } from "~/app/ui/file-size";
import { formatDate, formatDateTime } from "~/app/utils/format";
import type { PointDetailData } from "../server/point-detail.server";
import { InspectionPoint } from "./itp-view";
import { PointStateBadge } from "./lot-hold-witness-points";
import { useReportMessages } from "./lot-itp-messages";

type EvidenceFile = PointDetailData["evidence"][number];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="whitespace-pre-line text-slate-800">{children ?? "-"}</dd>
    </div>
  );
}

/** A point's detail (spec 3 "HP/WP detail"): state, release date, evidence, signature, comment, activity and the ITP item. */
export function PointDetail({ data }: { data: PointDetailData }) {
  const { t, locale } = useReportMessages();
  const { point, frame } = data;
  return (
    <div className="space-y-6">
      <Link
        to={`/quality/lot/${frame.id}/hp-wp`}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← {t("quality:hpWpClient.detail.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {point.itpNumber} #{point.position} {point.activity}
        </h2>
        <InspectionPoint kind={point.kind} />
        <PointStateBadge state={point.state} />
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Field label={t("quality:hpWpClient.item.itp")}>
          <Link to={`/quality/itp/${point.itpId}`} className="text-brand-700 underline">
            {point.itpNumber} {point.itpTitle}
          </Link>
        </Field>
        <Field label={t("quality:hpWpClient.item.inspectionPoint")}>
          {t(`quality:hpWpClient.kind.${point.kind}`)}
        </Field>
        <Field label={t("quality:hpWpClient.item.acceptanceCriteria")}>{point.acceptanceCriteria}</Field>
        <Field label={t("quality:hpWpClient.item.verifyingDocument")}>{point.verifyingDocument}</Field>
        <Field label={t("quality:hpWpClient.item.specification")}>
          {[point.specification, point.references].filter(Boolean).join(" · ") || null}
        </Field>
        <Field label={t("quality:hpWpClient.page.dueOn")}>
          {point.dueOn ? formatDate(point.dueOn, locale) : null}
        </Field>
        <Field label={t("quality:hpWpClient.detail.notified")}>
          {point.notifiedBy ? `${point.notifiedBy}, ${formatDateTime(point.notifiedAt, locale)}` : null}
        </Field>
        <Field label={t("quality:hpWpClient.detail.decided")}>
          {point.decidedBy ? `${point.decidedBy}, ${formatDateTime(point.decidedAt, locale)}` : null}
        </Field>
        <Field label={t("quality:hpWpClient.detail.throughLink")}>{point.throughLink}</Field>
        <Field label={t("quality:hpWpClient.detail.comment")}>{point.comment}</Field>
        <Field label={t("quality:hpWpClient.detail.signature")}>
          {point.signature ? (
            <img
              src={point.signature}
              alt={t("quality:hpWpClient.detail.signatureOf", { name: point.decidedBy ?? "" })}
              className="h-20 rounded border border-slate-200 bg-white"
            />
          ) : point.decidedBy ? (
            <span className="font-serif italic">{point.decidedBy}</span>
          ) : null}
        </Field>
      </dl>
      <section className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{t("quality:hpWpClient.detail.evidence")}</h3>
        <EvidenceList files={data.evidence} />
        <Link
          to={`/quality/lot/${frame.id}/hp-wp-attachment/${point.itemId}`}
          className="text-sm text-brand-700 underline"
        >
          {t("quality:hpWpClient.detail.openEvidence")}
        </Link>
      </section>
      <section className="space-y-2">
        <h3 className="text-base font-semibold text-slate-900">{t("quality:hpWpClient.detail.activity")}</h3>
        <ActivityList
          empty={t("quality:hpWpClient.detail.noActivity")}
          entries={data.activity.map((entry) => ({
            id: entry.id,
            summary: t("quality:hpWpClient.detail.entry", {
              step: t(`quality:hpWp.actions.${String(entry.after?.pointAction ?? "notify")}`),
              name: entry.actorName ?? String(entry.after?.decidedByName ?? "-"),
            }),
            time: formatDateTime(entry.createdAt, locale),
            details: entry.after?.comment ? [String(entry.after.comment)] : undefined,
          }))}
        />
      </section>
    </div>
  );
}

/** The point's evidence, each file opening on the core attachment page. */
export function EvidenceList({ files }: { files: EvidenceFile[] }) {
  const { t, locale } = useReportMessages();
  if (files.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:hpWpClient.evidence.none")}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a className="text-brand-700 underline" href={`/attachments/${file.id}`}>
            {file.fileName}
          </a>{" "}
          <span className="text-slate-500">
            ({formatFileSize(file.size)}, {file.uploadedBy ?? "-"}, {formatDateTime(file.uploadedAt, locale)})
          </span>
        </li>
      ))}
    </ul>
  );
}

export function EvidenceUpload({ lotId, itemId }: { lotId: string; itemId: string }) {
  const { t } = useReportMessages();
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={`/quality/lot/${lotId}/hp-wp-attachment/${itemId}`}
      className="space-y-2"
    >
      <label htmlFor="evidence-files" className="block text-sm font-medium text-slate-800">
        {t("quality:hpWpClient.form.evidence")}
      </label>
      <input id="evidence-files" type="file" name="files" multiple required className="block text-sm" />
      <p className="text-xs text-slate-500">{t("quality:hpWpClient.form.evidenceHint")}</p>
      <Button type="submit" size="sm">
        {t("quality:hpWpClient.evidence.upload")}
      </Button>
    </Form>
  );
}
