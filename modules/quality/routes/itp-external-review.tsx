import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { decideMemberReview, loadMemberReview } from "../server/itp-member-review.server";
import { ItpReviewForm } from "../ui/itp-review-form";
import { ItpReviewPage } from "../ui/itp-review-page";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itp.number ?? "ITP"} review | SiteProof` },
];

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadMemberReview(request, params, "external");

export const action = ({ request, params }: ActionFunctionArgs) =>
  decideMemberReview(request, params, "external");

export default function ExternalReviewPage() {
  const { itp, waiting } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <ItpReviewPage itp={itp} waiting={waiting} kind="external">
      <ItpReviewForm mode="external" lastResult={lastResult} />
    </ItpReviewPage>
  );
}
