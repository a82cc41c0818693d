import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { formatDateTime } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { raiseActionHref } from "../server/action-basics";
import { loadScanDetail, scanById } from "../server/enforcement.server";
import { ENFORCEMENT_PATH, enforcementPath, objectHistoryPath } from "../server/enforcement-basics";
import { ScanResultBadge, useEnforcementText } from "../ui/enforcement-status";
import { RaisedActions } from "../ui/raised-actions";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.scan.number ?? "Scan"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const scan = await scanById(context, params.id);
  return {
    scan: await loadScanDetail(context, scan),
    canRaiseAction: context.can("safety.actions.create"),
    canCreate: context.can("safety.enforcement.create"),
  };
}

/** A scan, the actions raised from it (a FAIL offers one), and every scan of the same object. */
export default function ScanDetailPage() {
  const { scan, canRaiseAction, canCreate } = useLoaderData<typeof loader>();
  const { t, locale } = useEnforcementText();
  const none = t("safety:enforcement.detail.notSet");
  const field = (name: string) => t(`safety:enforcement.fields.${name}`);
  const type = t(`safety:enforcement.objectType.${scan.objectType}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("objectType"), value: type },
    { label: field("objectId"), value: scan.objectId },
    { label: field("objectName"), value: scan.objectName },
    { label: field("activity"), value: scan.activity ?? none },
    {
      label: field("ncrRaised"),
      value: t(scan.ncrRaised ? "safety:enforcement.yes" : "safety:enforcement.no"),
    },
    { label: field("createdBy"), value: scan.createdBy ?? none },
    { label: field("createdAt"), value: formatDateTime(scan.createdAt, locale) },
  ];
  const failed = scan.status === "FAIL";
  const rescan = `${ENFORCEMENT_PATH}/create?${new URLSearchParams({
    type: scan.objectType,
    object: scan.objectId,
    name: scan.objectName,
  }).toString()}`;
  return (
    <DetailPage
      back={{ to: ENFORCEMENT_PATH, label: t("safety:enforcement.detail.back") }}
      title={`${scan.number} ${scan.objectName}`}
      meta={<ScanResultBadge status={scan.status} />}
      actions={
        canCreate ? (
          <Link to={rescan} className={buttonClass("secondary")}>
            {t("safety:enforcement.register.create")}
          </Link>
        ) : null
      }
    >
      <div className="space-y-4">
        <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
          {failed ? (
            <p className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
              {t("safety:enforcement.detail.failed")}
            </p>
          ) : null}
          {scan.comment ? <p className="whitespace-pre-line text-sm text-slate-800">{scan.comment}</p> : null}
          <DetailFields rows={rows} />
        </div>
        {failed || scan.actions.length > 0 ? (
          <RaisedActions
            actions={scan.actions}
            raiseHref={failed && canRaiseAction ? raiseActionHref("enforcement", scan.id) : null}
            title={t("safety:enforcement.actions.title")}
            none={t("safety:enforcement.actions.none")}
            raise={t("safety:enforcement.actions.raise")}
          />
        ) : null}
        <section
          aria-labelledby="scan-history"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="scan-history" className="text-base font-semibold text-slate-900">
            {t("safety:enforcement.detail.history")}
          </h2>
          <p className="text-sm text-slate-600">
            {t("safety:enforcement.detail.historyIntro", { type, object: scan.objectId })}
          </p>
          <ol className="divide-y divide-slate-100 text-sm">
            {scan.history.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-2 py-2">
                {row.id === scan.id ? (
                  <span className="font-medium">
                    {row.number} ({t("safety:enforcement.detail.thisScan")})
                  </span>
                ) : (
                  <Link to={enforcementPath(row.id)} className="record-link">
                    {row.number}
                  </Link>
                )}
                <ScanResultBadge status={row.status} />
                <span className="whitespace-nowrap text-slate-600">
                  {formatDateTime(row.createdAt, locale)}
                </span>
                {row.activity ? <span className="min-w-0 flex-1 break-words">{row.activity}</span> : null}
                {row.createdBy ? <span className="text-xs text-slate-500">{row.createdBy}</span> : null}
              </li>
            ))}
          </ol>
          {scan.historyTotal > scan.history.length ? (
            <p className="text-xs text-slate-500">
              {t("safety:enforcement.detail.historyMore", {
                shown: scan.history.length,
                total: scan.historyTotal,
              })}
            </p>
          ) : null}
          <Link
            to={objectHistoryPath(scan.objectType, scan.objectId)}
            className="inline-block text-sm text-brand-700 hover:underline"
          >
            {t("safety:enforcement.detail.allHistory")}
          </Link>
        </section>
      </div>
    </DetailPage>
  );
}
