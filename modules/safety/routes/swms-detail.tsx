import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { type HighRiskCategory, highRiskParagraph } from "../domain/swms-reference";
import { canEditSwms, loadSwmsDetail, swmsById } from "../server/swms.server";
import { SWMS_INTENTS, SWMS_PATH, swmsPath } from "../server/swms-basics";
import { openSwmsSignOn, revokeSwmsSignOn, swmsSignOnSection } from "../server/swms-sign-on.server";
import { transitionSwms } from "../server/swms-steps.server";
import { HighRiskBadge, SwmsStatusBadge, SwmsTypeBadge, useSwmsText } from "../ui/swms-status";
import { SwmsActivity, SwmsFiles, SwmsSignOn, SwmsStepsTable, SwmsWorkflow } from "../ui/swms-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.swms.number ?? "SWMS"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const swms = await swmsById(context, params.id);
  const tab =
    selectedLinkTab(new URL(request.url).searchParams, TABS) === "activity" ? "activity" : "details";
  const [detail, signOn] = await Promise.all([
    loadSwmsDetail(context, swms, tab),
    tab === "details" ? swmsSignOnSection(context, swms) : Promise.resolve(null),
  ]);
  return { swms: detail, signOn, canEdit: canEditSwms(context, swms) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // The intent's permission is in the manifest; each step's permission and who the user is are the table's.
  const intent = requireIntent(context, formData);
  const swms = await swmsById(context, params.id);
  if (intent === SWMS_INTENTS.transition) return transitionSwms(context, swms.id, formData);
  if (intent === SWMS_INTENTS.signOnOpen) return openSwmsSignOn(context, swms);
  if (intent === SWMS_INTENTS.signOnRevoke) return revokeSwmsSignOn(context, swms, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function SwmsDetailPage() {
  const { swms, signOn, canEdit } = useLoaderData<typeof loader>();
  const { t, locale } = useSwmsText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const none = t("safety:swms.detail.notSet");
  const field = (name: string) => t(`safety:swms.fields.${name}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("type"), value: <SwmsTypeBadge type={swms.type} /> },
    { label: field("company"), value: swms.company },
    { label: field("createdBy"), value: swms.createdBy ?? none },
    { label: field("createdAt"), value: formatDateTime(swms.createdAt, locale) },
    ...(swms.submittedAt
      ? [{ label: field("submittedAt"), value: formatDateTime(swms.submittedAt, locale) }]
      : []),
    ...(swms.initialReviewer ? [{ label: field("initialReviewer"), value: swms.initialReviewer }] : []),
    ...(swms.signedOffBy
      ? [
          {
            label: field("signedOffBy"),
            value: `${swms.signedOffBy}, ${swms.signedOffAt ? formatDateTime(swms.signedOffAt, locale) : ""}`,
          },
        ]
      : []),
  ];
  return (
    <DetailPage
      back={{ to: SWMS_PATH, label: t("safety:swms.detail.back") }}
      title={`${swms.number} ${swms.title}`}
      meta={
        <span className="flex flex-wrap gap-1">
          <SwmsStatusBadge status={swms.status} />
          {swms.highRisk ? <HighRiskBadge /> : null}
        </span>
      }
      actions={
        canEdit ? (
          <Link to={`${swmsPath(swms.id)}/edit`} className={buttonClass("secondary")}>
            {t("safety:swms.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<SwmsWorkflow swms={swms} />}
    >
      <LinkTabs
        label={t("safety:swms.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:swms.detail.tabs.details") },
          { value: "activity", label: t("safety:swms.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <SwmsActivity activity={swms.activity} />
        ) : (
          <div className="space-y-4">
            <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              {swms.description ? (
                <p className="whitespace-pre-line text-sm text-slate-800">{swms.description}</p>
              ) : null}
              <DetailFields rows={rows} />
            </div>
            <section
              aria-labelledby="swms-categories"
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <h2 id="swms-categories" className="text-base font-semibold text-slate-900">
                {t("safety:swms.detail.categoriesTitle")}
              </h2>
              {swms.highRiskCategories.length === 0 ? (
                <p className="text-sm text-slate-500">
                  {t(
                    swms.highRisk
                      ? "safety:swms.detail.noCategoriesHighRisk"
                      : "safety:swms.detail.notHighRisk",
                  )}
                </p>
              ) : (
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {swms.highRiskCategories.map((category) => (
                    <li key={category}>
                      {highRiskParagraph(category as HighRiskCategory)}{" "}
                      {t(`safety:swms.category.${category}`)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section
              aria-labelledby="swms-content"
              className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <h2 id="swms-content" className="text-base font-semibold text-slate-900">
                {t(swms.type === "system" ? "safety:swms.detail.stepsTitle" : "safety:swms.detail.fileTitle")}
              </h2>
              {swms.type === "system" ? <SwmsStepsTable swms={swms} /> : <SwmsFiles swms={swms} />}
            </section>
            {signOn && (swms.status === "accepted" || signOn.workers.length > 0) ? (
              <SwmsSignOn swmsId={swms.id} signOn={signOn} />
            ) : null}
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
