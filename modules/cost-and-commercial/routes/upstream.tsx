import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailPage } from "~/app/ui/detail-page";
import { selectedLinkTab } from "~/app/ui/link-tabs";
import { NavTabs } from "~/app/ui/nav-tabs";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { deleteComplianceDocument } from "../server/compliance.server";
import { requireHeadContract, transitionHeadContract } from "../server/head-contract.server";
import { requestPackageSync } from "../server/package-sync.server";
import { saveRevenue } from "../server/revenue.server";
import {
  CNC_HOME_PATH,
  UPSTREAM_EDIT_PATH,
  UPSTREAM_INTENTS,
  UPSTREAM_SCHEDULES_PATH,
  UPSTREAM_TABS,
  type UpstreamTab,
  upstreamPath,
} from "../server/upstream-basics";
import { loadUpstreamPage } from "../server/upstream-page.server";
import {
  ClaimsTab,
  ComplianceTab,
  DetailsTab,
  HeadContractSteps,
  PackagesTab,
  RevenueTab,
  RfaTab,
} from "../ui/upstream-tabs";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.contract.code ?? "Head contract"} | SiteProof` },
];

const TABS = UPSTREAM_TABS.map((value) => ({ value, label: value }));

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  const tab = selectedLinkTab(new URL(request.url).searchParams, TABS) as UpstreamTab;
  return loadUpstreamPage(context, contract, tab);
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const contract = await requireHeadContract(context);
  if (intent === UPSTREAM_INTENTS.transition) return transitionHeadContract(context, contract, formData);
  if (intent === UPSTREAM_INTENTS.complianceDelete)
    return deleteComplianceDocument(context, contract, formData);
  if (intent === UPSTREAM_INTENTS.revenue) return saveRevenue(context, contract, formData);
  if (intent === UPSTREAM_INTENTS.packageSync) return requestPackageSync(context);
  throw new Response("Unknown intent", { status: 400 });
}

/**
 * /cost-and-commercial/upstream: the head contract and its pages as tabs (`?tab=`): Details, Claims, Compliance
 * and requirements documents, Schedules and reminders (its own route, the calendar's), Revenue, RFA, Package sync.
 */
export default function UpstreamPage() {
  const page = useLoaderData<typeof loader>();
  const { contract, can } = page;
  const { t } = useUpstreamText();
  const location = useLocation();
  const tab = selectedLinkTab(location.search, TABS) as UpstreamTab;
  const tabLink = (value: UpstreamTab) => ({
    href: upstreamPath(value),
    label: t(`cost-and-commercial:upstream.tabs.${value}`),
    current: value === tab,
  });
  return (
    <DetailPage
      back={{ to: CNC_HOME_PATH, label: t("cost-and-commercial:nav.home") }}
      title={`${contract.code} ${contract.client}`}
      meta={<ContractStatusBadge status={contract.status} />}
      actions={
        can.edit ? (
          <Link to={UPSTREAM_EDIT_PATH} className={buttonClass("secondary")}>
            {t("cost-and-commercial:headContract.edit")}
          </Link>
        ) : null
      }
      toolbar={<HeadContractSteps contract={contract} />}
    >
      <div className="space-y-4">
        <NavTabs
          label={t("cost-and-commercial:upstream.tabsLabel")}
          tabs={[
            tabLink("details"),
            tabLink("claims"),
            tabLink("compliance"),
            {
              href: UPSTREAM_SCHEDULES_PATH,
              label: t("cost-and-commercial:upstream.tabs.schedules"),
              current: false,
            },
            tabLink("revenue"),
            tabLink("rfa"),
            tabLink("packages"),
          ]}
        />
        {tab === "claims" && page.claims ? (
          <ClaimsTab claims={page.claims} canCreate={can.create} />
        ) : tab === "compliance" && page.compliance ? (
          <ComplianceTab documents={page.compliance} can={can} />
        ) : tab === "revenue" && page.revenue ? (
          <RevenueTab revenue={page.revenue} canEdit={can.editRows} />
        ) : tab === "rfa" && page.rfas ? (
          <RfaTab rfas={page.rfas} canCreate={can.create} />
        ) : tab === "packages" && page.packages ? (
          <PackagesTab packages={page.packages} />
        ) : (
          <DetailsTab contract={contract} />
        )}
      </div>
    </DetailPage>
  );
}
