import { Form } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { formatFileSize } from "~/app/ui/file-size";
import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate } from "~/app/utils/format";
import type { InspectionPointKind } from "../domain/inspection-points";
import type { ItpStatus } from "../domain/itp-workflow";
import type { ItpTemplateItem } from "../entities";
import type { ItemAttachment } from "../server/itp-attachments.server";
import { ITP_STATUS_TONES } from "../server/itp-rules";

/** The ITP pages' texts, messages from the server, and the locale for dates. */
export function useItpText() {
  return usePageText(["quality", "common"]);
}

export function ItpStatusBadge({ status }: { status: ItpStatus }) {
  const { t } = useItpText();
  return <StatusBadge tone={ITP_STATUS_TONES[status]}>{t(`quality:itp.status.${status}`)}</StatusBadge>;
}

/** "H — Hold point"; the name may wrap in a narrow column, never the code from its dash. */
export function InspectionPoint({ kind }: { kind: InspectionPointKind }) {
  const { t } = useItpText();
  return (
    <span>
      <span className="whitespace-nowrap">
        <span className="font-semibold">{kind}</span> —
      </span>{" "}
      {t(`quality:itp.inspectionPoints.${kind}`)}
    </span>
  );
}

export type ItpHeaderData = {
  number: string;
  status: ItpStatus;
  revision: number;
  projectName: string;
  projectNumber: string;
  title: string;
  customer: string | null;
  contractNumber: string | null;
  areaSubSystem: string | null;
  lotNumber: string | null;
  description: string | null;
  discipline: string | null;
  specification: string | null;
  drawings: string | null;
  preparedBy: string | null;
  creationDate: string | null;
  approvalDate: string | null;
  qualitySpecified: string | null;
  certificateNumber: string | null;
  templateTitle?: string | null;
};

/** Spec 3's ITP header, read-only, in the order of the paper form. */
export function ItpHeaderView({ itp }: { itp: ItpHeaderData }) {
  const { t, locale } = useItpText();
  const facts: [string, React.ReactNode][] = [
    ["projectName", itp.projectName],
    ["projectNumber", itp.projectNumber],
    ["customer", itp.customer],
    ["contractNumber", itp.contractNumber],
    ["areaSubSystem", itp.areaSubSystem],
    ["lotNumber", itp.lotNumber],
    ["number", itp.number],
    ["discipline", itp.discipline],
    ["specification", itp.specification],
    ["drawings", itp.drawings],
    ["preparedBy", itp.preparedBy],
    ["creationDate", itp.creationDate ? formatDate(itp.creationDate, locale) : null],
    ["approvalDate", itp.approvalDate ? formatDate(itp.approvalDate, locale) : null],
    ["qualitySpecified", itp.qualitySpecified],
    ["certificateNumber", itp.certificateNumber],
    ["status", <ItpStatusBadge key="status" status={itp.status} />],
    ["revision", itp.revision],
  ];
  if (itp.templateTitle) facts.push(["template", itp.templateTitle]);
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([key, value]) => (
          <div key={key}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {t(`quality:itp.fields.${key}`)}
            </dt>
            <dd className="mt-0.5 text-sm text-slate-900">{value === null || value === "" ? "-" : value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {t("quality:itp.fields.description")}
        </p>
        <p className="mt-0.5 whitespace-pre-line text-sm text-slate-900">{itp.description || "-"}</p>
      </div>
    </div>
  );
}

/** An item as the pages show it: the library's item shape, with its id. */
export type ItpItemData = ItpTemplateItem & { id: string };

type ItemAttachments = {
  byItem: Record<string, ItemAttachment[]>;
  /** Where a file downloads from (the member's route, or the review link's). */
  href: (attachmentId: string) => string;
  /** Upload and remove forms: a draft, for holders of quality.itp.edit. */
  editable?: { itpId: string };
};

/** A member's download of an item's file. */
export const memberAttachmentHref = (itpId: string) => (attachmentId: string) =>
  `/quality/itp/${itpId}/attachments/${attachmentId}`;

/** The plan's items, read-only; wide, so it scrolls sideways on a phone. */
export function ItpItemsTable({
  items,
  attachments,
}: {
  items: ItpItemData[];
  attachments?: ItemAttachments;
}) {
  const { t } = useItpText();
  if (items.length === 0) return <p className="text-sm text-slate-600">{t("quality:itp.items.none")}</p>;
  const columns = [
    "position",
    "activity",
    "inspectionPoint",
    "acceptanceCriteria",
    "verifyingDocument",
    "references",
    "method",
    "frequency",
    "inspectionKey",
    "signatures",
    ...(attachments ? (["attachments"] as const) : []),
  ] as const;
  return (
    // relative: the visually hidden labels of the upload forms stay inside the scroll box.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("quality:itp.items.title")}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {t(`quality:itp.items.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">
          {items.map((item) => (
            <tr key={item.id}>
              <td className="px-3 py-2 text-slate-500">{item.position}</td>
              <td className="min-w-48 px-3 py-2 text-slate-900">{item.activity}</td>
              <td className="px-3 py-2">
                <InspectionPoint kind={item.inspectionPoint} />
              </td>
              <td className="min-w-48 whitespace-pre-line px-3 py-2">{item.acceptanceCriteria ?? "-"}</td>
              <td className="px-3 py-2">{item.verifyingDocument ?? "-"}</td>
              <td className="px-3 py-2">{item.references ?? "-"}</td>
              <td className="px-3 py-2">{item.method ?? "-"}</td>
              <td className="px-3 py-2">{item.frequency ?? "-"}</td>
              <td className="px-3 py-2">{item.inspectionKey ?? "-"}</td>
              <td className="px-3 py-2">
                <Signatures item={item} />
              </td>
              {attachments ? (
                <td className="min-w-48 px-3 py-2">
                  <ItemAttachmentList itemId={item.id} attachments={attachments} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Signatures({ item }: { item: ItpItemData }) {
  const { t } = useItpText();
  const signers = [
    item.subcontractorSignature ? t("quality:itp.items.subcontractorSignature") : null,
    item.clientSignature ? t("quality:itp.items.clientSignature") : null,
    item.otherSignatureRole,
  ].filter(Boolean);
  return <span>{signers.length > 0 ? signers.join(", ") : t("quality:itp.items.noSignatures")}</span>;
}

function ItemAttachmentList({ itemId, attachments }: { itemId: string; attachments: ItemAttachments }) {
  const { t } = useItpText();
  const files = attachments.byItem[itemId] ?? [];
  const { href, editable } = attachments;
  return (
    <div className="space-y-2">
      {files.length === 0 ? <span className="text-slate-500">-</span> : null}
      <ul className="space-y-1">
        {files.map((file) => (
          <li key={file.id} className="flex items-center gap-2">
            <a href={href(file.id)} className="break-all text-brand-700 hover:underline">
              {file.fileName}
            </a>
            <span className="whitespace-nowrap text-xs text-slate-500">{formatFileSize(file.size)}</span>
            {editable ? (
              <Form method="post" action={memberAttachmentHref(editable.itpId)(file.id)}>
                <button
                  type="submit"
                  className="text-xs text-red-700 hover:underline"
                  aria-label={t("quality:itp.attachments.remove", { fileName: file.fileName })}
                >
                  {t("quality:itp.attachments.removeShort")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {editable ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`/quality/itp/${editable.itpId}/items/${itemId}/attachments`}
          className="flex flex-wrap items-center gap-2"
        >
          <label className="sr-only" htmlFor={`item-files-${itemId}`}>
            {t("quality:itp.attachments.choose")}
          </label>
          <input
            id={`item-files-${itemId}`}
            type="file"
            name="files"
            multiple
            required
            className="max-w-48 text-xs"
          />
          <button type="submit" className={buttonClass("secondary", "sm")}>
            {t("quality:itp.attachments.upload")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/** The plan itself, as every ITP page shows it: its header, then its items. */
export function ItpDocument({
  itp,
  attachments,
}: {
  itp: ItpHeaderData & { items: ItpItemData[] };
  attachments: ItemAttachments;
}) {
  const { t } = useItpText();
  return (
    <>
      <section aria-labelledby="itp-header" className="space-y-3">
        <h2 id="itp-header" className="text-lg font-semibold text-slate-900">
          {t("quality:itp.detail.header")}
        </h2>
        <ItpHeaderView itp={itp} />
      </section>
      <section aria-labelledby="itp-items" className="space-y-3">
        <h2 id="itp-items" className="text-lg font-semibold text-slate-900">
          {t("quality:itp.items.title")}
        </h2>
        <ItpItemsTable items={itp.items} attachments={attachments} />
      </section>
    </>
  );
}
