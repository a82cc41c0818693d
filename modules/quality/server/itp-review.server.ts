import type { SubmissionResult } from "@conform-to/react";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { recordActivity } from "~/server/audit/activity.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import type { IProject, IUser } from "~/server/db/entities";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import type { Locale } from "~/server/i18n/locale";
import { hashLinkToken, isPlausibleToken, newLinkToken } from "~/server/links/tokens.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import type { TransitionRefusal } from "~/server/workflow/transition-table";
import { runWorkflowStep } from "~/server/workflow/workflow-step.server";
import { type ItpAction, itpWorkflow } from "../domain/itp-workflow";
import {
  type IItp,
  type IItpReviewLink,
  Itp,
  ItpItem,
  ItpReview,
  type ItpReviewDecision,
  ItpReviewLink,
  type ItpReviewScope,
} from "../entities";
import { notifyItpAction } from "./itp-notifications.server";
import { type ReviewLinkState, reviewLinkScopeFor, reviewLinkState } from "./itp-rules";
import { ITP_ENTITY, today } from "./itps.server";
import { projectLinkExpiry } from "./link-lifetime.server";

export const hashReviewToken = hashLinkToken;

export const externalReviewUrl = (itpId: string, token: string) =>
  `${env().APP_URL}/external/itp/${itpId}?token=${encodeURIComponent(token)}`;

/** Where a link Quality sends for its own review opens: the internal review page, without signing in. */
export const internalReviewUrl = (itpId: string, token: string) =>
  `${env().APP_URL}/quality/itp/internal-review/${itpId}?token=${encodeURIComponent(token)}`;

/** The decision an action records, and whose it is; submit, revise, archive and restore record none. */
const REVIEW_OF: Partial<Record<ItpAction, { scope: ItpReviewScope; decision: ItpReviewDecision }>> = {
  internal_approve_send_external: { scope: "INTERNAL", decision: "approved" },
  internal_approve_activate: { scope: "INTERNAL", decision: "approved" },
  internal_reject: { scope: "INTERNAL", decision: "rejected" },
  external_approve: { scope: "EXTERNAL", decision: "approved" },
  external_reject: { scope: "EXTERNAL", decision: "rejected" },
};

export type ItpActor = {
  /** The signed-in member, or null for a client acting through a review link. */
  user: IUser | null;
  /** The name the review and the messages carry. */
  name: string;
};

export type ItpTransitionRequest = {
  action: ItpAction;
  granted: ReadonlySet<string>;
  actor: ItpActor;
  comment?: string | null;
  /** A drawn signature (PNG data URL) for a review decision; the typed name stands without one. */
  signature?: string | null;
  /** Quality's "approve and send to the client": who receives the review link. */
  sendTo?: { name: string; email: string };
  /** The review link the client decided through: checked and used up in the same transaction. */
  linkId?: string;
  /** The person confirmed a step the table asks confirmation for (archive). */
  confirmed?: boolean;
};

export type ItpTransitionOutcome =
  | { ok: true; itp: IItp; link: IItpReviewLink | null }
  | { ok: false; reason: TransitionRefusal | "link-not-valid" | "not-found" | "unconfirmed" | "no-items" };

/** The fields an ITP step records besides its status: who submitted, the approval date, the last rejection. */
function recordItpStep(itp: IItp, action: ItpAction, actor: ItpActor, comment: string | null, now: Date) {
  switch (action) {
    case "submit_for_review":
      itp.submittedBy = actor.user;
      itp.submittedAt = now;
      break;
    case "internal_approve_activate":
    case "external_approve":
      itp.approvalDate = today() as never;
      break;
    case "internal_reject":
    case "external_reject":
      itp.lastRejectionComment = comment;
      break;
    case "revise":
      itp.revision += 1;
      itp.lastRejectionComment = null;
      break;
    default:
      break;
  }
}

/**
 * Runs one ITP workflow action through the core's workflow engine: the domain table decides, then status,
 * review record, review link and activity are written in one transaction with the ITP row locked (two
 * reviewers deciding at once cannot both win), and the action's notification goes out after the commit.
 */
export async function transitionItp(
  em: EntityManager,
  project: IProject,
  itpId: string,
  request: ItpTransitionRequest,
): Promise<ItpTransitionOutcome> {
  let token: string | null = null;
  const now = new Date();
  const comment = request.comment?.trim() || null;
  const review = REVIEW_OF[request.action];
  let usedLink: IItpReviewLink | null = null;
  const step = await runWorkflowStep({
    em,
    entity: Itp,
    id: itpId,
    projectId: project.id,
    workflow: itpWorkflow,
    action: request.action,
    granted: request.granted,
    input: { comment: request.comment, confirmed: request.confirmed },
    actorId: request.actor.user?.id ?? null,
    stateOf: (itp: IItp) => itp.status,
    async check(tx, itp) {
      // A plan with nothing to inspect is not worth a review (issue #12).
      if (request.action === "submit_for_review" && (await tx.count(ItpItem, { itp: itp.id })) === 0)
        return "no-items" as const;
      if (!request.linkId) return null;
      usedLink = await tx.findOne(ItpReviewLink, { id: request.linkId, itp: itp.id });
      return usedLink && reviewLinkState(usedLink, itp) === "valid" ? null : ("link-not-valid" as const);
    },
    async apply(tx, itp, { to }) {
      itp.status = to;
      recordItpStep(itp, request.action, request.actor, comment, now);
      let sentLink: IItpReviewLink | null = null;
      if (request.action === "internal_approve_send_external" && request.sendTo) {
        token = newLinkToken();
        sentLink = tx.create(ItpReviewLink, {
          project: project.id,
          itp,
          scope: "EXTERNAL",
          tokenHash: hashReviewToken(token),
          recipientName: request.sendTo.name,
          recipientEmail: request.sendTo.email,
          revision: itp.revision,
          expiresAt: await projectLinkExpiry(tx, project.id, now),
          revokedAt: null,
          usedAt: null,
          createdBy: request.actor.user?.id ?? null,
        } as never) as IItpReviewLink;
      }
      if (usedLink) {
        usedLink.usedAt = now;
        // A decision through an open link: the audit trail keeps who decided, from where.
        recordSecurityEvent(tx, {
          kind: "external-link.decided",
          actorId: request.actor.user?.id ?? null,
          subjectEmail: (usedLink as IItpReviewLink).recipientEmail,
          projectId: project.id,
          details: {
            module: "quality",
            record: itp.number,
            revision: itp.revision,
            action: request.action,
            decision: review?.decision ?? null,
            reviewerName: request.actor.name,
          },
        });
      }
      if (review) {
        tx.create(ItpReview, {
          project: project.id,
          itp,
          scope: review.scope,
          decision: review.decision,
          revision: itp.revision,
          reviewer: request.actor.user?.id ?? null,
          reviewerName: request.actor.name,
          link: usedLink,
          comment,
          signature: request.signature ?? null,
        } as never);
      }
      return { link: sentLink };
    },
    activity: {
      entityType: ITP_ENTITY,
      snapshot: (itp) => ({ status: itp.status, revision: itp.revision }),
      entry: (itp, _step, _extra, before) => ({
        action: "status-changed",
        before,
        after: {
          status: itp.status,
          revision: itp.revision,
          action: request.action,
          ...(comment ? { comment } : {}),
          ...(review ? { reviewerName: request.actor.name } : {}),
          ...(request.sendTo ? { sentTo: request.sendTo.email } : {}),
          ...(usedLink ? { reviewLink: (usedLink as IItpReviewLink).recipientEmail } : {}),
        },
      }),
    },
    // After the commit: the step's audience, in-app and by mail; the client gets the link itself.
    notify: (itp, _step, { link }) =>
      notifyItpAction(em, {
        project,
        itp,
        action: request.action,
        actorId: request.actor.user?.id ?? null,
        actorName: request.actor.name,
        comment: request.comment,
        linkRecipient:
          link && token && request.sendTo
            ? {
                name: request.sendTo.name,
                email: request.sendTo.email,
                url: externalReviewUrl(itp.id, token),
                expiresAt: link.expiresAt,
              }
            : undefined,
      }),
  });
  if (!step.ok) return { ok: false, reason: step.reason };
  return { ok: true, itp: step.record, link: step.extra.link };
}

/**
 * Mails a fresh review link for an ITP waiting for a review: the client's (the first link was lost, revoked
 * or expired), or Quality's, to a reviewer who decides for Quality without an account. Earlier links keep
 * their own state; the status does not change.
 */
export async function sendAnotherReviewLink(
  em: EntityManager,
  project: IProject,
  itp: IItp,
  actor: IUser,
  to: { name: string; email: string },
) {
  const scope = reviewLinkScopeFor(itp.status);
  if (!scope) return null;
  const token = newLinkToken();
  const link = await em.transactional(async (tx) => {
    const created = tx.create(ItpReviewLink, {
      project: project.id,
      itp: itp.id,
      scope,
      tokenHash: hashReviewToken(token),
      recipientName: to.name,
      recipientEmail: to.email,
      revision: itp.revision,
      expiresAt: await projectLinkExpiry(tx, project.id),
      revokedAt: null,
      usedAt: null,
      createdBy: actor.id,
    } as never) as IItpReviewLink;
    recordActivity(tx, {
      projectId: project.id,
      actorId: actor.id,
      entityType: ITP_ENTITY,
      entityId: itp.id,
      action: "review-link-sent",
      after: { recipientEmail: to.email, revision: itp.revision, scope },
    });
    return created;
  });
  await notifyItpAction(em, {
    project,
    itp,
    action: scope === "INTERNAL" ? "submit_for_review" : "internal_approve_send_external",
    // Only the link's recipient hears about it: the team was told when the ITP reached this review.
    actorId: actor.id,
    actorName: actor.name,
    linkRecipient: {
      name: to.name,
      email: to.email,
      url: scope === "INTERNAL" ? internalReviewUrl(itp.id, token) : externalReviewUrl(itp.id, token),
      expiresAt: link.expiresAt,
    },
    onlyLinkRecipient: true,
  });
  return link;
}

export type ReviewLinkLookup =
  | { state: "invalid" }
  | { state: ReviewLinkState; link: IItpReviewLink; itp: IItp; project: IProject };

/**
 * Finds the link a token names, for the ITP of the URL. The request has no project yet (the client is not
 * signed in), so the link is looked up across projects by its hash, and the EntityManager is then scoped to
 * the link's project for everything else. A token of another ITP, or a link for the other review (a page
 * of the client's review opened with Quality's link), is as good as no token.
 */
export async function lookUpReviewLink(
  em: EntityManager,
  itpId: string | undefined,
  token: string | null | undefined,
  scope: ItpReviewScope | "any" = "EXTERNAL",
): Promise<ReviewLinkLookup> {
  if (!isPlausibleToken(token)) return { state: "invalid" };
  const link = await em.findOne(ItpReviewLink, { tokenHash: hashReviewToken(token) }, { filters: false });
  if (!link || link.itp.id !== itpId || (scope !== "any" && link.scope !== scope))
    return { state: "invalid" };
  scopeToProject(em, link.project.id);
  const [itp, project] = await Promise.all([
    em.findOneOrFail(Itp, link.itp.id),
    em.findOneOrFail(Project, link.project.id),
  ]);
  return { state: reviewLinkState(link, itp), link, itp, project };
}

/** Takes a review link out of use (sent to the wrong address, or no longer wanted). */
export async function revokeReviewLink(context: ProjectContext, itp: IItp, linkId: unknown) {
  const link = isUuid(linkId) ? await context.em.findOne(ItpReviewLink, { id: linkId, itp: itp.id }) : null;
  if (!link) return false;
  if (link.revokedAt || link.usedAt) return true;
  await context.em.transactional(async (tx) => {
    const row = tx.merge(link);
    row.revokedAt = new Date();
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: ITP_ENTITY,
      entityId: itp.id,
      action: "review-link-revoked",
      after: { recipientEmail: link.recipientEmail },
    });
  });
  return true;
}

type Submission = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult;
};

/**
 * A refused decision as the form shows it: a missing reason under the comment, a stale page (someone else
 * decided first) above the form. A missing permission is the guard's business: 403.
 */
export async function refusedDecision(
  reason: Exclude<ItpTransitionOutcome, { ok: true }>["reason"],
  submission: Submission,
  locale: Locale,
) {
  if (reason === "missing-permission") throw new Response("Forbidden", { status: 403 });
  if (reason === "not-found") throw new Response("Not Found", { status: 404 });
  const reply =
    reason === "comment-required"
      ? submission.reply({ fieldErrors: { comment: ["quality:itp.errors.commentRequired"] } })
      : submission.reply({
          formErrors: [
            reason === "link-not-valid"
              ? "quality:itp.external.invalidMessage"
              : "quality:itp.toast.notAllowed",
          ],
        });
  return data(await translateReply(locale, reply), { status: reason === "comment-required" ? 400 : 409 });
}

/** The workflow action of a decision button. */
export const INTERNAL_DECISIONS = {
  send_external: "internal_approve_send_external",
  activate: "internal_approve_activate",
  reject: "internal_reject",
} as const satisfies Record<string, ItpAction>;

export const EXTERNAL_DECISIONS = {
  approved: "external_approve",
  rejected: "external_reject",
} as const satisfies Record<string, ItpAction>;
