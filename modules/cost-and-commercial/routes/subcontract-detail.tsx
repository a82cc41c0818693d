import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps } from "~/app/ui/workflow-steps";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PATH, subcontractEditPath, subcontractPath } from "../server/downstream-basics";
import {
  canEditSubcontract,
  subcontractActivity,
  subcontractDetails,
  subcontractSteps,
  transitionSubcontract,
} from "../server/subcontract.server";
import { SUBCONTRACT_INTENTS } from "../server/subcontract-basics";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { UpstreamActivity } from "../ui/head-claim-view";
import { SubcontractTabs } from "../ui/subcontract-tabs";
import { ContractStatusBadge, useStepTexts, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.subcontract.code ?? "Subcontract"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return {
    subcontract: subcontractDetails(subcontract),
    steps: subcontractSteps(context, subcontract),
    canEdit: canEditSubcontract(context, subcontract),
    activity: await subcontractActivity(context, subcontract.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  if (intent === SUBCONTRACT_INTENTS.transition) return transitionSubcontract(context, subcontract, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A subcontract's Details tab: its terms, its steps through the contract vocabulary, its history. */
export default function SubcontractDetailPage() {
  const { subcontract, steps, canEdit, activity } = useLoaderData<typeof loader>();
  const { t, translate, money, day } = useUpstreamText();
  const refusals = translate(usePostErrors(SUBCONTRACT_INTENTS.transition));
  const texts = useStepTexts(subcontract.code);
  const f = (name: string) => t(`cost-and-commercial:subcontract.fields.${name}`);
  const days = (value: number | null) =>
    value === null
      ? t("cost-and-commercial:headContract.lawDays")
      : t("cost-and-commercial:subcontract.businessDays", { count: value });
  return (
    <DetailPage
      back={{ to: DOWNSTREAM_PATH, label: t("cost-and-commercial:subcontract.back") }}
      title={`${subcontract.code} · ${subcontract.title}`}
      meta={<ContractStatusBadge status={subcontract.status} />}
      actions={
        canEdit ? (
          <Link to={subcontractEditPath(subcontract.id)} className={buttonClass("secondary")}>
            {t("cost-and-commercial:subcontract.edit")}
          </Link>
        ) : null
      }
      toolbar={
        <WorkflowSteps
          to={subcontractPath(subcontract.id)}
          intent={SUBCONTRACT_INTENTS.transition}
          rows={steps}
          texts={texts}
          refusals={refusals}
          isDanger={(row) => ["void", "reject", "delete"].includes(row.action)}
        />
      }
      activity={<UpstreamActivity entries={activity} />}
    >
      <div className="space-y-4">
        <SubcontractTabs subcontractId={subcontract.id} current="details" />
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <DetailFields
            rows={[
              { label: f("company"), value: subcontract.company },
              { label: f("type"), value: t(`cost-and-commercial:vocab.contractType.${subcontract.type}`) },
              { label: f("contractSum"), value: money(subcontract.contractSumCents) },
              {
                label: f("jurisdiction"),
                value: t(`cost-and-commercial:vocab.jurisdiction.${subcontract.jurisdiction}`),
              },
              { label: f("retentionPercent"), value: `${subcontract.retentionPercent} %` },
              {
                label: f("retentionCap"),
                value: subcontract.retentionCapCents === null ? "-" : money(subcontract.retentionCapCents),
              },
              { label: f("paymentScheduleDays"), value: days(subcontract.paymentScheduleDays) },
              { label: f("paymentDays"), value: days(subcontract.paymentDays) },
              { label: f("startDate"), value: day(subcontract.startDate) },
              { label: f("completionDate"), value: day(subcontract.completionDate) },
            ]}
          />
        </div>
      </div>
    </DetailPage>
  );
}
