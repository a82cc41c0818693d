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
  loadMemberReview(request, params, "internal");

export const action = ({ request, params }: ActionFunctionArgs) =>
  decideMemberReview(request, params, "internal");

export default function InternalReviewPage() {
  const { itp, waiting } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <ItpReviewPage itp={itp} waiting={waiting} kind="internal">
      <ItpReviewForm mode="internal" lastResult={lastResult} />
    </ItpReviewPage>
  );
}
