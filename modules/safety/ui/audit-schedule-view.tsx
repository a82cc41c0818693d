import { Form, Link } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button, buttonClass } from "~/app/ui/button";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { UPLOAD_LIMITS } from "~/server/uploads/file-types";
import {
  AUDIT_INTENTS,
  AUDIT_LIMITS,
  assessmentFormPath,
  criteriaDetailsPath,
  reportsPath,
  schedulePath,
} from "../server/audit-basics";
import type { ScheduleDetail } from "../server/audit-detail.server";
import { AssessmentStatusBadge, useAuditText } from "./audit-status";

/** The schedule's steps (compile, re-open, complete, cancel) and the last refusal, in the spec's words. */
export function ScheduleSteps({ schedule }: { schedule: ScheduleDetail }) {
  const { t, translate } = useAuditText();
  const refusals = usePostErrors(AUDIT_INTENTS.transition);
  type Row = ScheduleDetail["steps"][number];
  const label = (row: Row) => t(`safety:audit.steps.${row.action}`);
  const texts: WorkflowStepTexts<Row> = {
    legend: t("safety:audit.workflow.label"),
    label,
    reason: { label: t("safety:audit.workflow.reason"), maxLength: AUDIT_LIMITS.comment },
    confirmBox: () => t("safety:audit.workflow.confirmed"),
    dialog: (row) => ({
      title: t("safety:audit.workflow.dialog.title", { step: label(row), number: schedule.number }),
      description: t(`safety:audit.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={schedulePath(schedule.id)}
      intent={AUDIT_INTENTS.transition}
      rows={schedule.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "cancel"}
    />
  );
}

function Pairs({ rows }: { rows: { label: string; value: React.ReactNode }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
          <dd className="break-words text-sm text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const card = "space-y-4 rounded-lg border border-slate-200 bg-white p-4";

export function ScheduleDetails({ schedule }: { schedule: ScheduleDetail }) {
  const { t, locale } = useAuditText();
  const none = t("safety:audit.detail.notSet");
  const field = (name: string) => t(`safety:audit.fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : none);
  const f = schedule.fields;
  const p = schedule.people;
  return (
    <div className="space-y-4">
      <section className={card}>
        <Pairs
          rows={[
            { label: field("zone"), value: f.zone ?? none },
            { label: field("location"), value: f.location ?? none },
            { label: field("workPackage"), value: f.workPackage ?? none },
            { label: field("internalReferenceNumber"), value: f.internalReferenceNumber ?? none },
            { label: field("estimatedStartDate"), value: day(f.estimatedStartDate) },
            { label: field("estimatedEndDate"), value: day(f.estimatedEndDate) },
            { label: field("startDate"), value: day(f.startDate) },
            { label: field("completionDate"), value: day(f.completionDate) },
            { label: field("reportDueDate"), value: day(f.reportDueDate) },
            { label: field("tssReading"), value: f.tssReading ?? none },
            {
              label: field("physicalWorkPercentage"),
              value: f.physicalWorkPercentage === null ? none : `${f.physicalWorkPercentage} %`,
            },
            ...(schedule.completedAt
              ? [{ label: field("completedAt"), value: formatDateTime(schedule.completedAt, locale) }]
              : []),
          ]}
        />
      </section>
      <section className={card} aria-label={t("safety:audit.detail.assignees")}>
        <h2 className="text-base font-semibold text-slate-900">{t("safety:audit.detail.assignees")}</h2>
        <Pairs
          rows={[
            { label: field(`leadAuditor.${schedule.kind}`), value: p.lead ?? none },
            { label: field("responsiblePerson"), value: p.responsible ?? none },
            { label: field(`auditors.${schedule.kind}`), value: p.auditors.join(", ") || none },
            { label: field("pdpRepresentatives"), value: p.pdp.join(", ") || none },
            { label: field("createdBy"), value: p.createdBy ?? none },
          ]}
        />
      </section>
      <section className={card}>
        <h2 className="text-base font-semibold text-slate-900">{t("safety:audit.detail.activity")}</h2>
        <ActivityList
          empty={t("safety:audit.detail.noActivity")}
          entries={schedule.activity.map((entry) => ({
            id: entry.id,
            summary: t("safety:audit.activity.entry", {
              action: t(`safety:audit.activity.events.${entry.action}`, { defaultValue: entry.action }),
              name: entry.actorName ?? t("safety:audit.detail.notSet"),
            }),
            time: formatDateTime(entry.createdAt, locale),
            details:
              entry.action === "status-changed"
                ? [
                    t("safety:audit.activity.statusTo", {
                      to: t(`safety:audit.status.${String(entry.after?.status)}`),
                    }),
                    ...(typeof entry.after?.comment === "string" ? [entry.after.comment] : []),
                  ]
                : typeof entry.after?.fileName === "string"
                  ? [entry.after.fileName]
                  : [],
          }))}
        />
      </section>
    </div>
  );
}

/** Each location of the schedule with its assessment's state: open its criteria, or start assessing it. */
export function ScheduleCriteria({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useAuditText();
  if (schedule.locations.length === 0)
    return <p className={`${card} text-sm text-slate-600`}>{t("safety:audit.criteria.noLocation")}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {schedule.locations.map((place) => (
        <li key={place.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
          <Link
            to={criteriaDetailsPath(schedule.id, place.id)}
            className="record-link min-w-0 flex-1 break-words"
          >
            {place.name}
          </Link>
          <AssessmentStatusBadge status={place.status} />
          <span className="text-xs text-slate-500">
            {t("safety:audit.criteria.counts", {
              compliant: place.compliant,
              nonCompliant: place.nonCompliant,
            })}
          </span>
          {place.status === "not_started" && schedule.canAssess ? (
            <Link to={assessmentFormPath(schedule.id, place.id)} className={buttonClass("secondary", "sm")}>
              {t("safety:audit.criteria.start")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The report job ("Reports are generating, please wait"), its files, and the signed report (50 MB). */
export function ScheduleReports({ schedule }: { schedule: ScheduleDetail }) {
  const { t, locale } = useAuditText();
  const reports = schedule.reports;
  if (!reports) return null;
  const file = (item: NonNullable<ScheduleDetail["reports"]>["files"][number]) => (
    <li key={item.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
      <a href={`/attachments/${item.id}`} className="record-link min-w-0 flex-1 break-words">
        {item.fileName}
      </a>
      <span className="text-xs text-slate-500">
        {formatFileSize(item.size)} · {item.uploadedBy ?? ""} · {formatDateTime(item.createdAt, locale)}
      </span>
      {reports.canHandle ? (
        <Form method="post" action={schedulePath(schedule.id)}>
          <input type="hidden" name="intent" value={AUDIT_INTENTS.fileDelete} />
          <input type="hidden" name="fileId" value={item.id} />
          <Button type="submit" variant="secondary" size="sm">
            {t("safety:audit.report.remove")}
          </Button>
        </Form>
      ) : null}
    </li>
  );
  return (
    <div className="space-y-4">
      <section className={card} aria-live="polite">
        <h2 className="text-base font-semibold text-slate-900">{t("safety:audit.report.files")}</h2>
        {reports.state === "generating" ? (
          <p className="text-sm text-slate-700">
            {t("safety:audit.report.generating")} ({reports.progress} %)
          </p>
        ) : null}
        {reports.state === "error" ? (
          <p className="text-sm text-red-700">{t("jobs:linkGenerationFailed")}</p>
        ) : null}
        {reports.files.length === 0 ? (
          <p className="text-sm text-slate-500">{t("safety:audit.report.noFiles")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">{reports.files.map(file)}</ul>
        )}
        {reports.canHandle && reports.state !== "generating" ? (
          <Form method="post" action={schedulePath(schedule.id)}>
            <input type="hidden" name="intent" value={AUDIT_INTENTS.generate} />
            <Button type="submit" variant="secondary">
              {t(reports.files.length ? "safety:audit.report.regenerate" : "safety:audit.report.generate")}
            </Button>
          </Form>
        ) : null}
      </section>
      <section className={card}>
        <h2 className="text-base font-semibold text-slate-900">{t("safety:audit.report.signed")}</h2>
        {reports.signed.length === 0 ? (
          <p className="text-sm text-slate-500">{t("safety:audit.report.noSigned")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">{reports.signed.map(file)}</ul>
        )}
        {reports.canHandle ? (
          <Form
            method="post"
            action={reportsPath(schedule.id)}
            encType="multipart/form-data"
            className="space-y-3"
          >
            <FileDrop
              label={t("safety:audit.report.signedFile")}
              name="files"
              accept=".pdf,image/*"
              maxBytes={UPLOAD_LIMITS.siteDiaryAndAudit}
              hint={t("safety:audit.report.signedHint")}
            />
            <Button type="submit">{t("safety:audit.report.upload")}</Button>
          </Form>
        ) : null}
      </section>
      {reports.signed.length > 0 || reports.sent ? (
        <section className={card} aria-live="polite">
          <h2 className="text-base font-semibold text-slate-900">
            {t("safety:audit.report.documentService")}
          </h2>
          {reports.sent ? (
            <p
              className={reports.sent.status === "failed" ? "text-sm text-red-700" : "text-sm text-slate-700"}
            >
              {t(`safety:audit.report.sendState.${reports.sent.status}`, {
                name: reports.sent.fileName,
                date: formatDateTime(reports.sent.at, locale),
                error: reports.sent.error ?? "",
              })}{" "}
              {reports.sent.url ? (
                <a href={reports.sent.url} className="record-link">
                  {t("safety:audit.report.openSent")}
                </a>
              ) : null}
            </p>
          ) : (
            <p className="text-sm text-slate-500">{t("safety:audit.report.notSent")}</p>
          )}
          {reports.canSend && reports.signed.length > 0 ? (
            <Form method="post" action={schedulePath(schedule.id)}>
              <input type="hidden" name="intent" value={AUDIT_INTENTS.sendToDocumentService} />
              <Button type="submit" variant="secondary">
                {t("safety:audit.report.send")}
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** The findings by location and what stands between the schedule and its completion. */
export function ScheduleCompilation({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useAuditText();
  return (
    <section className={card}>
      <h2 className="text-base font-semibold text-slate-900">{t("safety:audit.compilation.title")}</h2>
      <p className="text-sm text-slate-600">{t(`safety:audit.compilation.intro.${schedule.status}`)}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {schedule.locations.map((place) => (
          <li key={place.id} className="flex flex-wrap items-center gap-2 py-2">
            <Link
              to={criteriaDetailsPath(schedule.id, place.id)}
              className="record-link min-w-0 flex-1 break-words"
            >
              {place.name}
            </Link>
            <AssessmentStatusBadge status={place.status} />
            <span className="text-xs text-slate-500">
              {t("safety:audit.compilation.findings", {
                compliant: place.compliant,
                nonCompliant: place.nonCompliant,
                notApplicable: place.notApplicable,
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
