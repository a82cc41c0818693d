import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { PERMIT_INTENTS, PERMIT_PATH, permitEditPath } from "../server/permit-basics";
import { transitionPermit } from "../server/permit-steps.server";
import {
  answerChecklist,
  canAnswerChecklist,
  canEditPermit,
  loadPermitDetail,
  permitById,
} from "../server/permits.server";
import { PermitSdsActivity } from "../ui/permit-activity";
import {
  formatPermitPeriod,
  PermitStatusBadge,
  PermitTypeBadge,
  PermitValidityBadge,
  usePermitText,
} from "../ui/permit-status";
import { PermitApprovals, PermitChecklist, PermitSignForms, PermitSteps } from "../ui/permit-view";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.permit.number ?? "Permit to work"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const permit = await permitById(context, params.id);
  const tab =
    selectedLinkTab(new URL(request.url).searchParams, TABS) === "activity" ? "activity" : "details";
  return {
    permit: await loadPermitDetail(context, permit, tab),
    signerName: context.user.name,
    canEdit: canEditPermit(context, permit),
    canAnswer: canAnswerChecklist(context, permit),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is declared in the manifest; who the user is to the permit is checked by the step.
  const intent = requireIntent(context, formData);
  const permit = await permitById(context, params.id);
  if (intent === PERMIT_INTENTS.transition) return transitionPermit(context, permit.id, formData);
  if (intent === PERMIT_INTENTS.checklist) {
    if (!canAnswerChecklist(context, permit)) throw new Response("Forbidden", { status: 403 });
    return answerChecklist(context, permit.id, formData);
  }
  throw new Response("Unknown intent", { status: 400 });
}

export default function PermitDetailPage() {
  const { permit, signerName, canEdit, canAnswer } = useLoaderData<typeof loader>();
  const { t, locale } = usePermitText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const none = t("safety:permit.detail.notSet");
  const field = (name: string) => t(`safety:permit.fields.${name}`);
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: field("type"), value: <PermitTypeBadge type={permit.type} /> },
    { label: field("validity"), value: <PermitValidityBadge validity={permit.validity} /> },
    {
      label: field("period"),
      value: `${formatPermitPeriod(permit.validFrom, permit.validTo, locale, permit.timeZone)} (${permit.timeZone})`,
    },
    { label: field("location"), value: permit.location ?? none },
    { label: field("issuer"), value: permit.issuer?.name ?? none },
    { label: field("receiver"), value: permit.receiver?.name ?? none },
    { label: field("createdBy"), value: permit.createdBy ?? none },
    { label: field("createdAt"), value: formatDateTime(permit.createdAt, locale, permit.timeZone) },
  ];
  return (
    <DetailPage
      back={{ to: PERMIT_PATH, label: t("safety:permit.detail.back") }}
      title={`${permit.number} ${permit.title}`}
      meta={<PermitStatusBadge status={permit.status} />}
      actions={
        canEdit ? (
          <Link to={permitEditPath(permit.id)} className={buttonClass("secondary")}>
            {t("safety:permit.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<PermitSteps permit={permit} />}
    >
      <LinkTabs
        label={t("safety:permit.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:permit.detail.tabs.details") },
          { value: "activity", label: t("safety:permit.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <PermitSdsActivity ns="safety:permit" activity={permit.activity} />
        ) : (
          <div className="space-y-4">
            {permit.validity === "expired" && permit.status === "ACTIVE" ? (
              <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
                {t("safety:permit.detail.expiredBanner")}
              </p>
            ) : null}
            <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              {permit.description ? (
                <p className="whitespace-pre-line text-sm text-slate-800">{permit.description}</p>
              ) : null}
              <DetailFields rows={rows} />
              <div>
                <h2 className="text-xs font-medium text-slate-500">{field("conditions")}</h2>
                <p className="whitespace-pre-line break-words text-sm text-slate-900">
                  {permit.conditions ?? none}
                </p>
              </div>
            </div>
            <PermitChecklist permit={permit} canAnswer={canAnswer} />
            <PermitSignForms permit={permit} signerName={signerName} />
            <PermitApprovals permit={permit} />
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
