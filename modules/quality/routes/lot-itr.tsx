import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { formatFileSize } from "~/app/ui/file-size";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { deleteItr, loadItrPage } from "../server/lot-itrs.server";
import { ConfirmedPost } from "../ui/lot-itp-confirm";
import { type RefusedForm, useReportMessages } from "../ui/lot-itp-messages";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itr.title ?? "ITR"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return loadItrPage(context, params.lotId, params.itrId);
}

/** The page's only form is Delete. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  requireIntent(context, await readForm(request));
  return deleteItr(context, params.lotId, params.itrId, request);
}

export default function ItrPage() {
  const { lot, itr, can } = useLoaderData<typeof loader>();
  const refused = (useActionData<typeof action>() ?? null) as RefusedForm | null;
  const { t, locale, errorsOf } = useReportMessages();
  const fields: [string, string][] = [
    [t("quality:report.itr.title"), itr.title],
    [t("quality:report.itr.description"), itr.description ?? "-"],
    [t("quality:report.itr.columns.uploadedAt"), formatDateTime(itr.uploadedAt, locale)],
    [t("quality:report.itr.columns.uploadedBy"), itr.uploadedBy ?? "-"],
    [t("quality:report.itr.fileName"), itr.fileName],
    [t("quality:report.itr.size"), formatFileSize(itr.size)],
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={`/quality/lot/${lot.id}/itp`} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("quality:report.itr.back")}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">
            {lot.number} {lot.title}
          </p>
          <h1 className="text-2xl font-semibold text-slate-900">
            {t("quality:report.itr.detailTitle", { title: itr.title })}
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/quality/lot/${lot.id}/itr/${itr.id}/file`}
            className={buttonClass("primary", "sm")}
            download
          >
            {t("quality:report.itr.download")}
          </a>
          {can.delete ? (
            <ConfirmedPost
              label={t("quality:report.itr.delete")}
              title={t("quality:report.itr.deleteTitle", { title: itr.title })}
              description={t("quality:report.itr.deleteDescription")}
              fields={{ intent: "delete" }}
            />
          ) : null}
        </div>
      </header>
      <FormAlert errors={errorsOf(refused?.result)} />
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
