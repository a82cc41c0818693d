import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import type { RequestContext } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import { ITP_PERMISSIONS } from "../domain/itp-workflow";
import { ItpReview } from "../entities";
import { type MemberReviewKind, parseReviewDecision } from "./itp-member-review.server";
import { lookUpReviewLink, type ReviewLinkLookup, refusedDecision, transitionItp } from "./itp-review.server";
import { loadItpView } from "./itps.server";
import { linkLifetimeDays } from "./link-lifetime.server";

/**
 * The review pages opened with a review link (spec 2 marks them open access): Quality's page with a link
 * Quality sent for its review, the client's page with the client's link, both without an account. The link
 * is the permission, as on `/external/itp/:id`: for its ITP only, in its project, at the revision it was
 * sent for, until it expires or is revoked, for one decision. The same answers as that page: a token that
 * names nothing, another ITP or the other review is not valid (404); an expired, revoked or superseded link
 * says so (410); a used one shows the decision taken through it.
 */
const LINK_SCOPE = { internal: "INTERNAL", external: "EXTERNAL" } as const;
/** What a link grants: the review its page takes, and nothing else. */
const LINK_GRANTS = {
  internal: ITP_PERMISSIONS.internalReview,
  external: ITP_PERMISSIONS.externalReview,
} as const;

export const reviewPagePath = (kind: MemberReviewKind, itpId: string, token: string) =>
  `/quality/itp/${kind}-review/${itpId}?token=${encodeURIComponent(token)}`;

/** A link that no longer works says why. */
async function closedLinkPage(em: EntityManager, lookup: ReviewLinkLookup, thanks: boolean) {
  if (lookup.state === "invalid")
    return data({ via: "link" as const, state: "invalid" as const }, { status: 404 });
  if (lookup.state === "used") {
    const review = await em.findOne(ItpReview, { link: lookup.link.id });
    return data({
      via: "link" as const,
      state: "used" as const,
      thanks,
      number: lookup.itp.number,
      decision: review?.decision ?? null,
      reviewerName: review?.reviewerName ?? null,
      decidedAt: (review?.createdAt ?? lookup.link.usedAt)?.toISOString() ?? null,
    });
  }
  return data(
    { via: "link" as const, state: lookup.state as "expired" | "revoked" | "superseded" },
    { status: 410 },
  );
}

export async function loadLinkReview(
  { em }: RequestContext,
  itpId: string | undefined,
  token: string,
  kind: MemberReviewKind,
  thanks: boolean,
) {
  const lookup = await lookUpReviewLink(em, itpId, token, LINK_SCOPE[kind]);
  if (lookup.state !== "valid") return closedLinkPage(em, lookup, thanks);
  return data({
    via: "link" as const,
    state: "valid" as const,
    token,
    recipientName: lookup.link.recipientName ?? lookup.link.recipientEmail,
    expiresAt: lookup.link.expiresAt.toISOString(),
    itp: await loadItpView(em, lookup.itp),
    linkDays: await linkLifetimeDays(em, lookup.link.project.id),
  });
}

/**
 * A decision through the link: a plain form post (no JavaScript needed), checked and recorded by the ITP
 * workflow in one transaction that also uses the link up (`transitionItp` with `linkId`).
 */
export async function decideThroughLink(
  { em, locale }: RequestContext,
  itpId: string | undefined,
  token: string,
  formData: FormData,
  kind: MemberReviewKind,
) {
  const lookup = await lookUpReviewLink(em, itpId, token, LINK_SCOPE[kind]);
  if (lookup.state !== "valid") return closedLinkPage(em, lookup, false);
  const decision = parseReviewDecision(formData, kind);
  if (!decision.ok) return data(await translateReply(locale, decision.submission.reply()), { status: 400 });
  const outcome = await transitionItp(em, lookup.project, lookup.itp.id, {
    action: decision.action,
    granted: new Set([LINK_GRANTS[kind]]),
    actor: { user: null, name: decision.reviewerName },
    comment: decision.comment,
    signature: decision.signature,
    sendTo: decision.sendTo,
    linkId: lookup.link.id,
  });
  if (!outcome.ok) return refusedDecision(outcome.reason, decision.submission, locale);
  return redirect(`${reviewPagePath(kind, lookup.itp.id, token)}&thanks=1`);
}
