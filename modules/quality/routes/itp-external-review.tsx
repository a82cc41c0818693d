import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import { EXTERNAL_DECISIONS, refusedDecision, transitionItp } from "../server/itp-review.server";
import { externalReviewSchema, itpPath } from "../server/itp-rules";
import { itpById, itpGrants, loadItpView } from "../server/itps.server";
import { ItpReviewForm } from "../ui/itp-review-form";
import { ItpReviewPage } from "../ui/itp-review-page";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itp.number ?? "ITP"} review | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em } = await requireRoute(request, params);
  const itp = await itpById(em, params.id);
  return { itp: await loadItpView(em, itp), waiting: itp.status === "external_review" };
}

/** The client's decision by a signed-in client member (the same decision a review link gives). */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, project, user, locale } = context;
  const itp = await itpById(em, params.id);
  const submission = parseWithZod(await request.formData(), { schema: externalReviewSchema });
  if (submission.status !== "success")
    return data(await translateReply(locale, submission.reply()), { status: 400 });
  const review = submission.value;
  const action = EXTERNAL_DECISIONS[review.decision];
  const outcome = await transitionItp(em, project, itp.id, {
    action,
    granted: itpGrants(context),
    actor: { user, name: review.reviewerName },
    comment: review.comment,
    signature: review.signature,
  });
  if (!outcome.ok) return refusedDecision(outcome.reason, submission, locale);
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: `quality:itp.toast.${action}`,
    params: { number: itp.number },
  });
}

export default function ExternalReviewPage() {
  const { itp, waiting } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <ItpReviewPage itp={itp} waiting={waiting} kind="external">
      <ItpReviewForm mode="external" lastResult={lastResult} />
    </ItpReviewPage>
  );
}
