import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowStepForms, type WorkflowStepFormTexts } from "~/app/ui/workflow-step-forms";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { DOCKET_INTENTS, DOCKET_LIMITS, docketFilesPath, docketPath } from "../server/docket-basics";
import type { DocketDetail } from "../server/docket-detail.server";
import { useDocketText } from "./docket-text";

type StepRow = DocketDetail["steps"][number];

const sectionClass = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

/** The buttons of the rows this user may run now (never post: the posting panel's), and the last refusal. */
export function DocketSteps({ docket }: { docket: DocketDetail }) {
  const { t, translate } = useDocketText();
  const refusals = usePostErrors(DOCKET_INTENTS.transition);
  const label = (row: StepRow) => t(`dockets:workflow.steps.${row.action}`);
  // Plain forms, no dialogs: the docket page stays within its JavaScript budget (tests/e2e/page-weight.spec.ts).
  const texts: WorkflowStepFormTexts<StepRow> = {
    legend: t("dockets:workflow.label"),
    label,
    reason: { label: t("dockets:workflow.reason"), maxLength: DOCKET_LIMITS.comment },
    confirmBox: () => t("dockets:workflow.confirmed"),
  };
  return (
    <WorkflowStepForms
      to={docketPath(docket.id)}
      intent={DOCKET_INTENTS.transition}
      rows={docket.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete" || row.action === "archive" || row.action === "reject"}
    />
  );
}

/** The Details tab; `panels` are the supervisor's signing link and the ACC posting state, under the fields. */
export function DocketDetailsTab({ docket, panels }: { docket: DocketDetail; panels?: ReactNode }) {
  const { t, locale, money } = useDocketText();
  const field = (name: string) => t(`dockets:form.fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : "-");
  const subcontract = docket.subcontract ? (
    <a href={docket.subcontract.href} className="text-brand-700 hover:underline">
      {docket.subcontract.title}
    </a>
  ) : docket.hasSubcontract ? (
    t("dockets:detail.subcontractUnavailable")
  ) : (
    "-"
  );
  return (
    <div className="space-y-4">
      <div className={sectionClass}>
        <DetailFields
          rows={[
            { label: field("number"), value: docket.number },
            { label: field("docketDate"), value: day(docket.docketDate) },
            { label: field("status"), value: t(`dockets:status.${docket.status}`) },
            { label: field("company"), value: docket.company ?? "-" },
            { label: field("abn"), value: docket.abn ?? "-" },
            { label: field("poNumber"), value: docket.poNumber ?? "-" },
            { label: field("type"), value: docket.type ? t(`dockets:form.types.${docket.type}`) : "-" },
            { label: field("costAccount"), value: docket.costAccount ?? "-" },
            { label: field("task"), value: docket.task ?? "-" },
            { label: field("workOrder"), value: docket.workOrder ?? "-" },
            { label: field("area"), value: docket.area ?? "-" },
            { label: field("subcontractId"), value: subcontract },
            { label: field("receivedById"), value: docket.receivedBy ?? "-" },
            { label: field("receivedOn"), value: day(docket.receivedOn) },
            { label: field("forApprovalById"), value: docket.forApprovalBy ?? "-" },
            {
              label: field("approvedBy"),
              value: docket.approvedBy
                ? `${docket.approvedBy}${docket.approvedAt ? `, ${formatDateTime(docket.approvedAt, locale)}` : ""}`
                : "-",
            },
            {
              label: field("total"),
              value: <span className="tabular-nums">{money(docket.totalCents)}</span>,
            },
            { label: field("comments"), value: docket.comments ?? "-" },
            { label: field("createdBy"), value: docket.createdBy ?? "-" },
            { label: field("createdAt"), value: formatDateTime(docket.createdAt, locale) },
          ]}
        />
      </div>
      {panels}
    </div>
  );
}

/** The items with their amounts (worked out in cents on the server) and the docket's total. */
export function DocketItemsTab({ docket }: { docket: DocketDetail }) {
  const { t, money } = useDocketText();
  return (
    <section aria-labelledby="docket-items" className={sectionClass}>
      <h2 id="docket-items" className="text-base font-semibold text-slate-900">
        {t("dockets:items.title")}
      </h2>
      {docket.items.length === 0 ? (
        <p className="text-sm text-slate-500">{t("dockets:items.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-0 text-left text-sm">
            <caption className="sr-only">{t("dockets:items.title")}</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-2">
                  {t("dockets:items.code")}
                </th>
                <th scope="col" className="py-1 pr-2">
                  {t("dockets:items.itemTitle")}
                </th>
                <th scope="col" className="hidden py-1 pr-2 sm:table-cell">
                  {t("dockets:items.unitOfMeasure")}
                </th>
                <th scope="col" className="hidden py-1 pr-2 text-right sm:table-cell">
                  {t("dockets:items.unitPrice")}
                </th>
                <th scope="col" className="py-1 pr-2 text-right">
                  {t("dockets:items.quantity")}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t("dockets:items.amount")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {docket.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-1 pr-2 break-all">{item.code}</td>
                  <td className="py-1 pr-2">{item.title}</td>
                  <td className="hidden py-1 pr-2 sm:table-cell">{item.unitOfMeasure}</td>
                  <td className="hidden py-1 pr-2 text-right tabular-nums sm:table-cell">
                    {money(item.unitPriceCents)}
                  </td>
                  <td className="py-1 pr-2 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-1 text-right tabular-nums">{money(item.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <th scope="row" colSpan={3} className="py-1 pr-2 sm:hidden">
                  {t("dockets:items.total")}
                </th>
                <th scope="row" colSpan={5} className="hidden py-1 pr-2 sm:table-cell">
                  {t("dockets:items.total")}
                </th>
                <td className="py-1 text-right tabular-nums" data-total>
                  {money(docket.totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

/** The docket's files (100 MB each), their upload and removal: plain forms, no script needed. */
export function DocketAttachmentsTab({ docket }: { docket: DocketDetail }) {
  const { t } = useDocketText();
  return (
    <section aria-labelledby="docket-files" className={sectionClass}>
      <h2 id="docket-files" className="text-base font-semibold text-slate-900">
        {t("dockets:detail.files.title")}
      </h2>
      {docket.files.length === 0 ? (
        <p className="text-sm text-slate-500">{t("dockets:detail.files.none")}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {docket.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2">
              <a href={`/attachments/${file.id}`} className="break-all text-brand-700 hover:underline">
                {file.fileName}
              </a>
              <span className="text-xs text-slate-500">{formatFileSize(file.size)}</span>
              {file.mayDelete ? (
                <Form method="post" action={docketPath(docket.id, "attachments")}>
                  <input type="hidden" name="intent" value={DOCKET_INTENTS.fileDelete} />
                  <input type="hidden" name="fileId" value={file.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="secondary"
                    aria-label={t("dockets:detail.files.deleteFile", { fileName: file.fileName })}
                  >
                    {t("dockets:detail.files.delete")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {docket.can.addFiles ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={docketFilesPath(docket.id)}
          className="space-y-2"
        >
          <FileDrop label={t("dockets:detail.files.choose")} name="files" multiple required />
          <p className="text-xs text-slate-500">{t("dockets:detail.files.limit")}</p>
          <Button type="submit" size="sm" variant="secondary">
            {t("dockets:detail.files.upload")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The docket's history, newest first: created, edits (with the fields), steps (with the reason), comments, files. */
export function DocketActivityTab({ docket }: { docket: DocketDetail }) {
  const { t, locale } = useDocketText();
  const status = (value: unknown) => t(`dockets:status.${text(value)}`);
  return (
    <ActivityList
      empty={t("dockets:detail.activity.empty")}
      entries={docket.activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "status-changed") {
          details.push(
            t("dockets:detail.activity.statusTo", { from: status(before.status), to: status(after.status) }),
          );
          if (text(after.comment))
            details.push(t("dockets:detail.activity.reason", { comment: after.comment }));
        }
        if (entry.action === "updated")
          details.push(
            t("dockets:detail.activity.fields", {
              fields: Object.keys(after)
                .map((name) => t(`dockets:form.fields.${name}`, { defaultValue: name }))
                .join(", "),
            }),
          );
        if (
          (entry.action === "attachment-added" || entry.action === "attachment-deleted") &&
          text(after.fileName ?? before.fileName)
        )
          details.push(text(after.fileName ?? before.fileName)!);
        return {
          id: entry.id,
          summary: t("dockets:detail.activity.entry", {
            action: t(`dockets:detail.activity.events.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? t("dockets:detail.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}

export function DocketCommentsTab({ docket }: { docket: DocketDetail }) {
  const { t, locale, translate } = useDocketText();
  const errors = usePostErrors(DOCKET_INTENTS.comment);
  return (
    <section aria-labelledby="docket-comments" className={sectionClass}>
      <h2 id="docket-comments" className="text-base font-semibold text-slate-900">
        {t("dockets:comments.title")}
      </h2>
      {docket.commentList.length === 0 ? (
        <p className="text-sm text-slate-500">{t("dockets:comments.none")}</p>
      ) : (
        <ol className="space-y-3">
          {docket.commentList.map((comment) => (
            <li key={comment.id} className="text-sm">
              <p className="text-xs text-slate-500">
                {comment.author ?? t("dockets:detail.activity.unknownActor")} ·{" "}
                {formatDateTime(comment.createdAt, locale)}
              </p>
              <p className="whitespace-pre-wrap break-words text-slate-900">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      {docket.can.comment ? (
        <Form method="post" action={docketPath(docket.id, "comments")} className="space-y-2">
          <input type="hidden" name="intent" value={DOCKET_INTENTS.comment} />
          <label htmlFor="docket-comment" className="block text-sm font-medium text-slate-800">
            {t("dockets:comments.label")}
          </label>
          <textarea
            id="docket-comment"
            name="body"
            required
            rows={3}
            maxLength={DOCKET_LIMITS.comment}
            className="block w-full rounded border border-slate-300 p-2 text-sm"
          />
          {errors.length ? (
            <p role="alert" className="text-sm text-red-700">
              {translate(errors)?.join(" ")}
            </p>
          ) : null}
          <Button type="submit" size="sm">
            {t("dockets:comments.add")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
