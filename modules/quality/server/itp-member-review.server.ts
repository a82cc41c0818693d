import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import type { ItpAction } from "../domain/itp-workflow";
import { EXTERNAL_DECISIONS, INTERNAL_DECISIONS, refusedDecision, transitionItp } from "./itp-review.server";
import { externalReviewSchema, internalReviewSchema, itpPath } from "./itp-rules";
import { itpById, itpGrants, loadItpView } from "./itps.server";
import { linkLifetimeDays } from "./link-lifetime.server";

/**
 * The two review pages: Quality's (`/quality/itp/internal-review/:id`) and the client's
 * (`/quality/itp/external-review/:id`). They differ only in the status they wait for, the form they read
 * and the decisions it offers. Members open them signed in (this file); a review link's holder opens them
 * without an account (`itp-link-review.server.ts`), as the client does on `external-itp.tsx`.
 */
export type MemberReviewKind = "internal" | "external";

const WAITING_STATUS = { internal: "internal_review", external: "external_review" } as const;

/** A review form read: the workflow step it asks for, or the submission with its errors. */
export function parseReviewDecision(formData: FormData, kind: MemberReviewKind) {
  const submission =
    kind === "internal"
      ? parseWithZod(formData, { schema: internalReviewSchema })
      : parseWithZod(formData, { schema: externalReviewSchema });
  if (submission.status !== "success") return { ok: false as const, submission };
  const review = submission.value;
  const action: ItpAction =
    review.decision === "approved" || review.decision === "rejected"
      ? EXTERNAL_DECISIONS[review.decision]
      : INTERNAL_DECISIONS[review.decision];
  return {
    ok: true as const,
    submission,
    action,
    reviewerName: review.reviewerName,
    comment: review.comment,
    signature: review.signature,
    // Approving for the client sends them a review link.
    sendTo:
      review.decision === "send_external"
        ? { name: review.clientName, email: review.clientEmail }
        : undefined,
  };
}

export async function loadMemberReview(
  { em, project }: ProjectContext,
  itpId: string | undefined,
  kind: MemberReviewKind,
) {
  const itp = await itpById(em, itpId);
  return {
    itp: await loadItpView(em, itp),
    waiting: itp.status === WAITING_STATUS[kind],
    linkDays: await linkLifetimeDays(em, project.id),
  };
}

export async function decideMemberReview(
  context: ProjectContext,
  itpId: string | undefined,
  formData: FormData,
  kind: MemberReviewKind,
) {
  const { em, project, user, locale } = context;
  const itp = await itpById(em, itpId);
  const decision = parseReviewDecision(formData, kind);
  if (!decision.ok) return data(await translateReply(locale, decision.submission.reply()), { status: 400 });
  const outcome = await transitionItp(em, project, itp.id, {
    action: decision.action,
    granted: itpGrants(context),
    actor: { user, name: decision.reviewerName },
    comment: decision.comment,
    signature: decision.signature,
    sendTo: decision.sendTo,
  });
  if (!outcome.ok) return refusedDecision(outcome.reason, decision.submission, locale);
  return redirectWithToast(itpPath(itp.id), {
    type: "success",
    message: `quality:itp.toast.${decision.action}`,
    params: { number: itp.number },
  });
}
