import { Link } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { DetailFields } from "~/app/ui/detail-fields";
import { formatFileSize } from "~/app/ui/file-size";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDate, formatDateTime } from "~/app/utils/format";
import {
  PLANT_INTENTS,
  PLANT_LIMITS,
  plantDocumentFilePath,
  plantDocumentsPath,
  plantPath,
} from "../server/plant-basics";
import type { PlantDetail } from "../server/plant-detail.server";
import { CheckResultBadge, DocumentExpiryBadge, usePlantText } from "./plant-text";

type StepRow = PlantDetail["steps"][number];

const sectionClass = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

/** The buttons of the rows this user may run now, and the last refusal. */
export function PlantSteps({ plant }: { plant: PlantDetail }) {
  const { t, translate } = usePlantText();
  const refusals = usePostErrors(PLANT_INTENTS.transition);
  const label = (row: StepRow) => t(`plant:steps.${row.action}`);
  const texts: WorkflowStepTexts<StepRow> = {
    legend: t("plant:workflow.label"),
    label,
    reason: { label: t("plant:workflow.reason"), maxLength: PLANT_LIMITS.comment },
    confirmBox: () => t("plant:workflow.confirmed"),
    dialog: (row) => ({
      title: t("plant:workflow.dialog.title", { step: label(row), number: plant.number }),
      description: t(`plant:workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={plantPath(plant.id)}
      intent={PLANT_INTENTS.transition}
      rows={plant.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete" || row.action === "archive"}
    />
  );
}

/** Expired and expiring documents, above every tab. */
export function PlantBanners({ plant }: { plant: PlantDetail }) {
  const { t } = usePlantText();
  return (
    <>
      {plant.expiredDocuments > 0 ? (
        <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
          {t("plant:detail.expiredBanner", { count: plant.expiredDocuments })}{" "}
          <Link to={plantPath(plant.id, "documents")} className="underline">
            {t("plant:detail.tabs.documents")}
          </Link>
        </p>
      ) : null}
      {plant.expiringDocuments > 0 ? (
        <p role="status" className="rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900">
          {t("plant:detail.expiringBanner", { count: plant.expiringDocuments, days: plant.warningDays })}{" "}
          <Link to={plantPath(plant.id, "documents")} className="underline">
            {t("plant:detail.tabs.documents")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

export function PlantDetailsTab({ plant }: { plant: PlantDetail }) {
  const { t, locale } = usePlantText();
  const field = (name: string) => t(`plant:fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : "-");
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <DetailFields
        rows={[
          { label: field("make"), value: plant.make },
          { label: field("model"), value: plant.model },
          { label: field("serial"), value: plant.serial },
          { label: field("owner"), value: plant.owner },
          { label: field("onHireDate"), value: day(plant.onHireDate) },
          { label: field("offHireDate"), value: day(plant.offHireDate) },
          {
            label: field("onSite"),
            value: plant.onSiteToday ? t("plant:detail.onSiteYes") : t("plant:detail.onSiteNo"),
          },
          { label: field("description"), value: plant.description ?? "-" },
          { label: field("createdBy"), value: plant.createdBy ?? "-" },
          { label: field("createdAt"), value: formatDateTime(plant.createdAt, locale) },
        ]}
      />
    </div>
  );
}

/** The documents with their expiry and files; holders of edit add (on its own page) and delete ("I am sure"). */
export function PlantDocumentsTab({ plant }: { plant: PlantDetail }) {
  const { t, translate, locale } = usePlantText();
  const refusals = usePostErrors(PLANT_INTENTS.documentDelete);
  return (
    <section aria-labelledby="plant-documents" className={sectionClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="plant-documents" className="text-base font-semibold text-slate-900">
          {t("plant:documents.title")}
        </h2>
        {plant.can.documents ? (
          <Link to={plantDocumentsPath(plant.id)} className={buttonClass("secondary")}>
            {t("plant:documents.add")}
          </Link>
        ) : null}
      </div>
      {refusals.length ? (
        <p role="alert" className="text-sm text-red-700">
          {(translate(refusals) ?? []).join(" ")}
        </p>
      ) : null}
      {plant.documents.length === 0 ? (
        <p className="text-sm text-slate-500">{t("plant:documents.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {plant.documents.map((document) => (
            <li key={document.id} className="space-y-1 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{document.title}</span>
                <span className="text-slate-500">{t(`plant:documents.kinds.${document.kind}`)}</span>
                <DocumentExpiryBadge expiry={document.expiry} />
              </p>
              <p className="text-slate-600">
                {t("plant:documents.expiryDate")}:{" "}
                {document.expiryDate ? formatDate(document.expiryDate, locale) : "-"}
              </p>
              {document.files.length === 0 ? (
                <p className="text-slate-500">{t("plant:documents.noFile")}</p>
              ) : (
                <ul>
                  {document.files.map((file) => (
                    <li key={file.id} className="flex flex-wrap gap-2">
                      <a
                        href={plantDocumentFilePath(plant.id, document.id, file.id)}
                        className="break-all text-brand-700 hover:underline"
                      >
                        {file.fileName}
                      </a>
                      <span className="text-slate-500">{formatFileSize(file.size)}</span>
                      <a href={`/attachments/${file.id}`} className="text-brand-700 hover:underline">
                        {t("plant:documents.fileDetails")}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              {plant.can.documents ? (
                <ConfirmInPlaceForm
                  summary={t("plant:documents.delete")}
                  action={plantPath(plant.id, "documents")}
                  intent={PLANT_INTENTS.documentDelete}
                  fields={{ documentId: document.id }}
                  warning={t("plant:documents.deleteText")}
                  confirmLabel={t("plant:workflow.confirmed")}
                  submitLabel={t("plant:documents.deleteTitle", { title: document.title })}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Safety's enforcement scans of the plant, or why there are none to show. */
export function PlantScansTab({ plant }: { plant: PlantDetail }) {
  const { t, locale } = usePlantText();
  const scans = plant.scans;
  return (
    <section aria-labelledby="plant-scans" className={sectionClass}>
      <h2 id="plant-scans" className="text-base font-semibold text-slate-900">
        {t("plant:scans.title")}
      </h2>
      {!scans || scans.state === "off" ? (
        <p className="text-sm text-slate-600">{t("plant:scans.off")}</p>
      ) : scans.state === "hidden" ? (
        <p className="text-sm text-slate-600">{t("plant:scans.hidden")}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">{t("plant:scans.intro", { serial: plant.serial })}</p>
          {scans.scans.length === 0 ? (
            <p className="text-sm text-slate-500">{t("plant:scans.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {scans.scans.map((scan) => (
                <li key={scan.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                  <Link to={scan.href} className="record-link">
                    {scan.number}
                  </Link>
                  <CheckResultBadge result={scan.result} />
                  <span className="text-slate-600">{formatDateTime(scan.scannedAt, locale)}</span>
                  <span className="text-slate-600">
                    {t("plant:scans.tag")}: {scan.objectId}
                  </span>
                  {scan.scannedBy ? (
                    <span className="text-slate-600">
                      {t("plant:scans.scannedBy")}: {scan.scannedBy}
                    </span>
                  ) : null}
                  {scan.comment ? <span className="w-full text-slate-700">{scan.comment}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The plant's history, newest first: steps (with the reason), edits, documents, checks and inspections. */
export function PlantActivityTab({ plant }: { plant: PlantDetail }) {
  const { t, locale } = usePlantText();
  const status = (value: unknown) => t(`plant:status.${text(value)}`);
  return (
    <ActivityList
      empty={t("plant:activity.empty")}
      entries={plant.activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "status-changed") {
          details.push(
            t("plant:activity.statusTo", { from: status(before.status), to: status(after.status) }),
          );
          if (text(after.comment)) details.push(t("plant:activity.reason", { comment: after.comment }));
        }
        if (entry.action === "updated")
          details.push(
            t("plant:activity.fields", {
              fields: Object.keys(after)
                .map((name) => t(`plant:fields.${name}`))
                .join(", "),
            }),
          );
        if (entry.action === "document-added" && text(after.document)) details.push(text(after.document)!);
        if (entry.action === "document-deleted" && text(before.document))
          details.push(text(before.document)!);
        if (entry.action === "pre-start-recorded" || entry.action === "inspection-recorded")
          details.push(t(`plant:checks.results.${text(after.result)}`));
        return {
          id: entry.id,
          summary: t("plant:activity.entry", {
            action: t(`plant:activity.events.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? t("plant:activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}
