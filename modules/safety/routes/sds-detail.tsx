import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { SDS_EXPIRY_WARNING_DAYS } from "../domain/sds-workflow";
import { canEditSds, loadSdsDetail, sdsById, transitionSds } from "../server/sds.server";
import { SDS_INTENTS, SDS_PATH, sdsEditPath } from "../server/sds-basics";
import { PermitSdsActivity } from "../ui/permit-activity";
import { SdsExpiryBadge, SdsStatusBadge, useSdsText } from "../ui/sds-status";
import { SdsFiles, SdsSteps } from "../ui/sds-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.sds.number ?? "Safety data sheet"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const sds = await sdsById(context, params.id);
  const tab =
    selectedLinkTab(new URL(request.url).searchParams, TABS) === "activity" ? "activity" : "details";
  return { sds: await loadSdsDetail(context, sds, tab), canEdit: canEditSds(context, sds) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const sds = await sdsById(context, params.id);
  if (intent === SDS_INTENTS.transition) return transitionSds(context, sds.id, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function SdsDetailPage() {
  const { sds, canEdit } = useLoaderData<typeof loader>();
  const { t, locale } = useSdsText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const field = (name: string) => t(`safety:sds.fields.${name}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("supplier"), value: sds.supplier },
    { label: field("issueDate"), value: sds.issueDate ? formatDate(sds.issueDate, locale) : "-" },
    {
      label: field("expiryDate"),
      value: (
        <span className="flex flex-wrap items-center gap-2">
          {formatDate(sds.expiryDate, locale)} <SdsExpiryBadge expiry={sds.expiry} />
        </span>
      ),
    },
    { label: field("createdBy"), value: sds.createdBy ?? "-" },
    { label: field("createdAt"), value: formatDateTime(sds.createdAt, locale) },
  ];
  return (
    <DetailPage
      back={{ to: SDS_PATH, label: t("safety:sds.detail.back") }}
      title={`${sds.number} ${sds.product}`}
      meta={<SdsStatusBadge status={sds.status} />}
      actions={
        canEdit ? (
          <Link to={sdsEditPath(sds.id)} className={buttonClass("secondary")}>
            {t("safety:sds.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<SdsSteps sds={sds} />}
    >
      <LinkTabs
        label={t("safety:sds.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:sds.detail.tabs.details") },
          { value: "activity", label: t("safety:sds.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <PermitSdsActivity ns="safety:sds" activity={sds.activity} />
        ) : (
          <div className="space-y-4">
            {sds.expiry === "current" ? null : (
              <p
                role="alert"
                className={
                  sds.expiry === "expired"
                    ? "rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800"
                    : "rounded border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
                }
              >
                {t(`safety:sds.detail.${sds.expiry}Banner`, { days: SDS_EXPIRY_WARNING_DAYS })}
              </p>
            )}
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <DetailFields rows={rows} />
            </div>
            <SdsFiles sds={sds} />
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
