import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { externalRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import { ITP_PERMISSIONS } from "../domain/itp-workflow";
import { ItpReview } from "../entities";
import {
  EXTERNAL_DECISIONS,
  lookUpReviewLink,
  type ReviewLinkLookup,
  refusedDecision,
  transitionItp,
} from "../server/itp-review.server";
import { externalReviewSchema } from "../server/itp-rules";
import { loadItpView } from "../server/itps.server";
import { LinkReviewPage, refusedReviewOf } from "../ui/itp-link-review";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction = () => [
  { title: "ITP review | SiteProof" },
  { name: "robots", content: "noindex" },
];

const pagePath = (itpId: string, token: string) =>
  `/external/itp/${itpId}?token=${encodeURIComponent(token)}`;

/** A link that no longer works says why; a token that names nothing (or another ITP) is simply not valid. */
async function closedLinkPage(em: EntityManager, lookup: ReviewLinkLookup, thanks: boolean) {
  if (lookup.state === "invalid") return data({ state: "invalid" as const }, { status: 404 });
  if (lookup.state === "used") {
    const review = await em.findOne(ItpReview, { link: lookup.link.id });
    return data({
      state: "used" as const,
      thanks,
      number: lookup.itp.number,
      decision: review?.decision ?? null,
      reviewerName: review?.reviewerName ?? null,
      decidedAt: (review?.createdAt ?? lookup.link.usedAt)?.toISOString() ?? null,
    });
  }
  return data({ state: lookup.state as "expired" | "revoked" | "superseded" }, { status: 410 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em } = await externalRoute(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const lookup = await lookUpReviewLink(em, params.id, token);
  if (lookup.state !== "valid") return closedLinkPage(em, lookup, url.searchParams.get("thanks") === "1");
  return data({
    state: "valid" as const,
    token,
    recipientName: lookup.link.recipientName ?? lookup.link.recipientEmail,
    expiresAt: lookup.link.expiresAt.toISOString(),
    itp: await loadItpView(em, lookup.itp),
  });
}

/**
 * The client's decision through the link: a plain form post (no JavaScript needed). The link grants the
 * external-review permission for this one ITP at the revision it was sent for, once.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { em, locale } = await externalRoute(request);
  const formData = await readForm(request);
  const token = String(formData.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const lookup = await lookUpReviewLink(em, params.id, token);
  if (lookup.state !== "valid") return closedLinkPage(em, lookup, false);
  const submission = parseWithZod(formData, { schema: externalReviewSchema });
  if (submission.status !== "success")
    return data(await translateReply(locale, submission.reply()), { status: 400 });
  const review = submission.value;
  const outcome = await transitionItp(em, lookup.project, lookup.itp.id, {
    action: EXTERNAL_DECISIONS[review.decision],
    granted: new Set([ITP_PERMISSIONS.externalReview]),
    actor: { user: null, name: review.reviewerName },
    comment: review.comment,
    signature: review.signature,
    linkId: lookup.link.id,
  });
  if (!outcome.ok) return refusedDecision(outcome.reason, submission, locale);
  return redirect(`${pagePath(lookup.itp.id, token)}&thanks=1`);
}

export default function ExternalItpPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = refusedReviewOf(actionData);
  // The form carries the token too (its address has it as well).
  return <LinkReviewPage page={page} kind="external" lastResult={lastResult} hiddenToken />;
}
