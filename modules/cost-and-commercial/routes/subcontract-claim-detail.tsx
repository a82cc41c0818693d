import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { subcontractClaimPath, subcontractPath } from "../server/downstream-basics";
import { SUBCONTRACT_INTENTS } from "../server/subcontract-basics";
import {
  subcontractClaimActivity,
  subcontractClaimById,
  subcontractClaimRow,
  subcontractClaimSteps,
  subcontractClaimWork,
  transitionSubcontractClaim,
} from "../server/subcontract-claim.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { UpstreamActivity } from "../ui/head-claim-view";
import {
  SubcontractClaimFigures,
  SubcontractClaimSteps,
  SubcontractClaimWork,
} from "../ui/subcontract-claim-view";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Payment claim ${data?.claim.number ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  const claim = await subcontractClaimById(context, subcontract, params.claimId);
  return {
    subcontract: { id: subcontract.id, code: subcontract.code },
    claim: subcontractClaimRow(claim),
    work: await subcontractClaimWork(context, claim.id),
    steps: subcontractClaimSteps(context, claim),
    activity: await subcontractClaimActivity(context, claim.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  const claim = await subcontractClaimById(context, subcontract, params.claimId);
  if (intent === SUBCONTRACT_INTENTS.transition)
    return transitionSubcontractClaim(context, subcontract, claim.id, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A payment claim: its figures and deadlines, the dockets it took in, its steps and history. */
export default function SubcontractClaimPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useUpstreamText();
  return (
    <DetailPage
      back={{
        to: subcontractPath(page.subcontract.id, "claims"),
        label: t("cost-and-commercial:subcontractClaim.back"),
      }}
      title={t("cost-and-commercial:subcontractClaim.title", {
        number: page.claim.number,
        code: page.subcontract.code,
      })}
      meta={<ContractStatusBadge status={page.claim.status} />}
      toolbar={
        <SubcontractClaimSteps
          to={subcontractClaimPath(page.subcontract.id, page.claim.id)}
          claim={page.claim}
          steps={page.steps}
        />
      }
      activity={<UpstreamActivity entries={page.activity} />}
    >
      <div className="space-y-4">
        <SubcontractClaimFigures claim={page.claim} />
        <SubcontractClaimWork work={page.work} />
      </div>
    </DetailPage>
  );
}
