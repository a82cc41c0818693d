import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import { INTERNAL_DECISIONS, refusedDecision, transitionItp } from "../server/itp-review.server";
import { internalReviewSchema, itpPath } from "../server/itp-rules";
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
  return { itp: await loadItpView(em, itp), waiting: itp.status === "internal_review" };
}

/** Quality's decision: approve and send to the client (a review link by e-mail), approve for internal use, or reject. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, project, user, locale } = context;
  const itp = await itpById(em, params.id);
  const submission = parseWithZod(await request.formData(), { schema: internalReviewSchema });
  if (submission.status !== "success")
    return data(await translateReply(locale, submission.reply()), { status: 400 });
  const review = submission.value;
  const action = INTERNAL_DECISIONS[review.decision];
  const outcome = await transitionItp(em, project, itp.id, {
    action,
    granted: itpGrants(context),
    actor: { user, name: review.reviewerName },
    comment: review.comment,
    signature: review.signature,
    sendTo:
      review.decision === "send_external"
        ? { name: review.clientName, email: review.clientEmail }
        : undefined,
  });
  if (!outcome.ok) return refusedDecision(outcome.reason, submission, locale);
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: `quality:itp.toast.${action}`,
    params: { number: itp.number },
  });
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
