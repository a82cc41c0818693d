import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { canEdit } from "../server/defect-edit.server";
import { canAddDefectFiles, defectFiles } from "../server/defect-files.server";
import { DEFECT_INTENTS, DEFECT_PATH, defectEditPath, defectPath } from "../server/defect-rules";
import { defectById, loadDefectDetail, transitionDefect } from "../server/defects.server";
import { lotPath } from "../server/lot-rules";
import {
  DefectActivity,
  DefectFiles,
  DefectPriorityBadge,
  DefectStatusBadge,
  DefectWorkflowActions,
  useDefectText,
} from "../ui/defect-view";

export const handle = { i18n: ["quality", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.defect.number ?? "Defect"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const defect = await defectById(context, params.id);
  const [detail, files] = await Promise.all([
    loadDefectDetail(context, defect),
    defectFiles(context, defect),
  ]);
  return {
    defect: detail,
    files,
    canAddFiles: canAddDefectFiles(context, defect),
    canEdit: canEdit(context, defect),
    canDownload: context.can("quality.defects.download"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each step's permission is declared in the manifest (the defect table); who the user is to the defect
  // is checked by the step itself.
  const intent = requireIntent(context, formData);
  const defect = await defectById(context, params.id);
  if (intent === DEFECT_INTENTS.transition) return transitionDefect(context, defect.id, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function DefectDetailPage() {
  const { defect, files, canAddFiles, canDownload, canEdit } = useLoaderData<typeof loader>();
  const { t, locale } = useDefectText();
  const none = t("quality:defect.detail.notSet");
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t("quality:defect.fields.priority"), value: <DefectPriorityBadge priority={defect.priority} /> },
    { label: t("quality:defect.fields.location"), value: defect.location ?? none },
    {
      label: t("quality:defect.fields.lot"),
      value: defect.lot ? (
        <Link to={lotPath(defect.lot.id)} className="text-brand-700 hover:underline">
          {defect.lot.number} {defect.lot.title}
        </Link>
      ) : (
        none
      ),
    },
    { label: t("quality:defect.fields.company"), value: defect.company ?? none },
    { label: t("quality:defect.fields.assignee"), value: defect.assignee ?? none },
    {
      label: t("quality:defect.fields.dueDate"),
      value: defect.dueDate ? formatDate(defect.dueDate, locale) : none,
    },
    { label: t("quality:defect.fields.raisedBy"), value: defect.raisedBy ?? none },
    {
      label: t("quality:defect.fields.raisedAt"),
      value: defect.raisedAt ? formatDateTime(defect.raisedAt, locale) : none,
    },
    ...(defect.closedAt
      ? [{ label: t("quality:defect.fields.closedAt"), value: formatDateTime(defect.closedAt, locale) }]
      : []),
  ];
  return (
    <DetailPage
      back={{ to: DEFECT_PATH, label: t("quality:defect.detail.back") }}
      title={`${defect.number} ${defect.title}`}
      meta={<DefectStatusBadge status={defect.status} />}
      actions={
        <>
          {canEdit ? (
            <Link to={defectEditPath(defect.id)} className={buttonClass("secondary")}>
              {t("quality:defectEdit.edit")}
            </Link>
          ) : null}
          {canDownload ? (
            // A file download, not a page: a plain link the browser saves.
            <a href={`${defectPath(defect.id)}/pdf`} className={buttonClass("secondary")}>
              {t("quality:defect.pdf.download")}
            </a>
          ) : null}
        </>
      }
      toolbar={<DefectWorkflowActions defect={defect} />}
      activity={<DefectActivity activity={defect.activity} />}
    >
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        {defect.description ? (
          <p className="whitespace-pre-line text-sm text-slate-800">{defect.description}</p>
        ) : null}
        <dl className="grid gap-3 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
              <dd className="break-words text-sm text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <DefectFiles defectId={defect.id} files={files} canAdd={canAddFiles} />
    </DetailPage>
  );
}
