import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { isClaimServed, UPSTREAM_PERMISSIONS } from "../domain/head-contract-workflow";
import {
  headClaimActivity,
  headClaimById,
  headClaimRow,
  headClaimSteps,
  markClaimPaid,
  recordPaymentSchedule,
  transitionHeadClaim,
} from "../server/head-claim.server";
import { requireHeadContract } from "../server/head-contract.server";
import { HEAD_CLAIM_INTENTS, upstreamPath } from "../server/upstream-basics";
import { HeadClaimFacts, HeadClaimFigures, HeadClaimSteps, UpstreamActivity } from "../ui/head-claim-view";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Claim ${data?.claim.number ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  const claim = await headClaimById(context, contract, params.claimId);
  return {
    code: contract.code,
    jurisdiction: contract.jurisdiction,
    claim: headClaimRow(claim),
    steps: headClaimSteps(context, claim),
    canRecord: isClaimServed(claim.status) && context.can(UPSTREAM_PERMISSIONS.updateStatus),
    activity: await headClaimActivity(context, claim.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const contract = await requireHeadContract(context);
  const claim = await headClaimById(context, contract, params.claimId);
  if (intent === HEAD_CLAIM_INTENTS.transition)
    return transitionHeadClaim(context, contract, claim.id, formData);
  if (intent === HEAD_CLAIM_INTENTS.schedule) return recordPaymentSchedule(context, claim, formData);
  if (intent === HEAD_CLAIM_INTENTS.paid) return markClaimPaid(context, claim, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A progress claim: its figures, its steps (submit serves it on a day), the deadlines, schedule and payment. */
export default function HeadClaimPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useUpstreamText();
  return (
    <DetailPage
      back={{ to: upstreamPath("claims"), label: t("cost-and-commercial:headClaims.back") }}
      title={t("cost-and-commercial:headClaims.claimTitle", { number: page.claim.number, code: page.code })}
      meta={<ContractStatusBadge status={page.claim.status} />}
      toolbar={<HeadClaimSteps claim={page.claim} steps={page.steps} />}
      activity={<UpstreamActivity entries={page.activity} />}
    >
      <div className="space-y-4">
        <HeadClaimFigures claim={page.claim} />
        <HeadClaimFacts claim={page.claim} jurisdiction={page.jurisdiction} canRecord={page.canRecord} />
      </div>
    </DetailPage>
  );
}
