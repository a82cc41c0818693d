import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireLinkOrMember } from "~/server/permissions/guard.server";
import { decideThroughLink, loadLinkReview } from "../server/itp-link-review.server";
import { decideMemberReview, loadMemberReview } from "../server/itp-member-review.server";
import { LinkReviewPage, ReviewPageFrame, refusedReviewOf } from "../ui/itp-link-review";
import { ItpReviewForm } from "../ui/itp-review-form";
import { ItpReviewPage } from "../ui/itp-review-page";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "itp" in data ? data.itp.number : "ITP"} review | SiteProof` },
  { name: "robots", content: "noindex" },
];

/** Opened with the review link mailed for it (no account needed), or by a signed-in member. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireLinkOrMember(request, params);
  if (access.by === "link") {
    const thanks = new URL(request.url).searchParams.get("thanks") === "1";
    return loadLinkReview(access.context, params.id, access.token, "internal", thanks);
  }
  return { via: "member" as const, ...(await loadMemberReview(access.context, params.id, "internal")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireLinkOrMember(request, params);
  const formData = await readForm(request);
  if (access.by === "link")
    return decideThroughLink(access.context, params.id, access.token, formData, "internal");
  return decideMemberReview(access.context, params.id, formData, "internal");
}

export default function InternalReviewPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = refusedReviewOf(actionData);
  if (page.via === "link") return <LinkReviewPage page={page} kind="internal" lastResult={lastResult} />;
  return (
    <ReviewPageFrame>
      <ItpReviewPage itp={page.itp} waiting={page.waiting} kind="internal">
        <ItpReviewForm mode="internal" lastResult={lastResult} linkDays={page.linkDays} />
      </ItpReviewPage>
    </ReviewPageFrame>
  );
}
