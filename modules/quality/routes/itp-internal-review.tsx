import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { decideMemberReview, loadMemberReview } from "../server/itp-member-review.server";
import { ItpReviewForm } from "../ui/itp-review-form";
import { ItpReviewPage } from "../ui/itp-review-page";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itp.number ?? "ITP"} review | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadMemberReview(await requireRoute(request, params), params.id, "internal");
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  return decideMemberReview(context, params.id, await readForm(request), "internal");
}

export default function InternalReviewPage() {
  const { itp, waiting } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <ItpReviewPage itp={itp} waiting={waiting} kind="internal">
      <ItpReviewForm mode="internal" lastResult={lastResult} />
    </ItpReviewPage>
  );
}
