import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { formatDate } from "~/app/utils/format";
import { recordActivity } from "~/server/audit/activity.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import type { ProjectContext, RequestContext } from "~/server/permissions/guard.server";
import { attachmentDownload } from "~/server/uploads/index.server";
import { LOT_PERMISSIONS } from "../domain/lot-workflow";
import { LotClientLink } from "../entities";
import { closed } from "./hold-point-link-page.server";
import { holdPointSettings } from "./hold-point-notify.server";
import { lotReviewDecisionSchema, lotReviewLinkSchema, revokeLinkSchema } from "./lot-client-link-rules";
import {
  createLotLink,
  listLotLinks,
  lookUpLotLink,
  lotLinkState,
  lotLinksPath,
  lotLinkUrl,
  recordLinkOpened,
  revokeLotLink,
} from "./lot-client-links.server";
import { loadLotFrame } from "./lot-frame.server";
import { lotPlanItems } from "./lot-hold-points.server";
import { LOT_ACTIVITY_ENTITY } from "./lot-itp.server";
import { listLotItrs } from "./lot-itrs.server";
import { transitionLot } from "./lot-workflow.server";
import { lotById } from "./lots.server";

/**
 * The client's review of a lot through a link (`/external/lot/:id?token=…`, `:id` the lot's id): QA sends
 * it while the lot waits for the client (confirming / external_review), the client approves or rejects with
 * a reason without an account, and the lot table's own `external_approve` / `external_reject` steps run
 * (lot-workflow.server.ts), with the link checked and used up in the same transaction. The lot's links
 * page (`/quality/lot/:id/client-links`) lists every client link of the lot with revoke.
 */

export const externalLotPath = (lotId: string, token: string) =>
  `/external/lot/${lotId}?token=${encodeURIComponent(token)}`;

const waitsForClient = (lot: { status: string; subStatus?: string | null }) =>
  lot.status === "confirming" && lot.subStatus === "external_review";

export async function loadLotLinksPage(context: ProjectContext, lotId: string | undefined) {
  const frame = await loadLotFrame(context, lotId);
  const lot = await lotById(context.em, context.project.id, frame.id);
  const settings = await holdPointSettings(context.em, context.project.id);
  return {
    frame,
    links: await listLotLinks(context, lot),
    canSendReview: waitsForClient(lot) && context.can(LOT_PERMISSIONS.qaReview),
    linkLifetimeDays: settings.linkLifetimeDays,
  };
}

/** The links page's forms: send the lot review link, revoke a link. */
export async function lotLinksAction(context: ProjectContext, lotId: string | undefined, formData: FormData) {
  const lot = await lotById(context.em, context.project.id, lotId);
  // Revoked from the HP/WP tab's list, the user goes back there.
  const back = formData.get("from") === "hp-wp" ? `/quality/lot/${lot.id}/hp-wp` : lotLinksPath(lot.id);
  if (formData.get("intent") === "revoke-link") {
    const submission = parseWithZod(formData, { schema: revokeLinkSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    return revokeLotLink(context, lot, submission.value.linkId, back);
  }
  const submission = parseWithZod(formData, { schema: lotReviewLinkSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!waitsForClient(lot))
    return data(
      { result: submission.reply({ formErrors: ["quality:hpWpClient.review.notWaiting"] }) },
      { status: 409 },
    );
  const { em, project, user } = context;
  const to = submission.value;
  const settings = await holdPointSettings(em, project.id);
  const { link, token } = await em.transactional(async (tx) => {
    const created = createLotLink(tx, {
      project: project.id,
      lot: lot.id,
      purpose: "lot-review",
      recipientName: to.clientName,
      recipientEmail: to.clientEmail,
      days: settings.linkLifetimeDays,
      createdBy: user.id,
    });
    await tx.flush();
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: LOT_ACTIVITY_ENTITY,
      entityId: lot.id,
      action: "client-link-sent",
      before: {},
      after: {
        linkId: created.link.id,
        purpose: "lot-review",
        recipientEmail: to.clientEmail,
        expiresAt: created.link.expiresAt.toISOString(),
      },
    });
    return created;
  });
  await notify(em, {
    projectId: project.id,
    event: "lot-client-review-link",
    recipients: [{ email: to.clientEmail, name: to.clientName, link: lotLinkUrl(link, token) }],
    title: async (locale) =>
      (await serverT(locale, "quality"))("hpWpClient.review.mailSubject", {
        lot: lot.number,
        project: project.name,
      }),
    body: async (locale) =>
      (await serverT(locale, "quality"))("hpWpClient.review.mailBody", {
        name: to.clientName,
        lot: `${lot.number} ${lot.title}`,
        project: project.name,
        date: formatDate(link.expiresAt, locale),
      }),
    link: null,
    actorId: user.id,
    fallbackLocale: projectLocale(project),
  });
  return redirectWithToast(back, {
    type: "success",
    message: "quality:hpWpClient.review.sent",
    params: { email: to.clientEmail },
  });
}

async function lookUpReview(em: EntityManager, lotId: string | undefined, token: string) {
  if (!isUuid(lotId)) return { state: "invalid" as const };
  return lookUpLotLink(em, token, { purpose: "lot-review", lotId });
}

/** The client's lot review page: the lot, its inspection points and ITRs, the decision form. */
export async function loadExternalLotReview(
  { em }: RequestContext,
  lotId: string | undefined,
  token: string,
) {
  const lookup = await lookUpReview(em, lotId, token);
  if (lookup.state === "invalid" || lookup.state === "expired" || lookup.state === "revoked")
    return closed(lookup.state);
  const { link, lot, project } = lookup;
  if (lookup.state === "superseded" && !link.usedAt) return closed("superseded");
  if (lookup.state === "valid") await recordLinkOpened(em, lookup);
  await em.populate(lot, ["location"]);
  const [plan, itrs] = await Promise.all([lotPlanItems(em, lot.id), listLotItrs(em, lot.id)]);
  return data({
    state: (lookup.state === "valid" ? "valid" : "used") as "valid" | "used",
    token,
    recipientName: link.recipientName,
    expiresAt: link.expiresAt.toISOString(),
    projectName: project.name,
    lot: {
      id: lot.id,
      number: lot.number,
      title: lot.title,
      status: lot.status,
      subStatus: lot.subStatus ?? null,
      location: lot.location?.name ?? null,
      lotType: lot.lotType ?? null,
      area: lot.area ?? null,
      workPack: lot.workPack ?? null,
      workCommencedOn: lot.workCommencedOn ? String(lot.workCommencedOn) : null,
      completedOn: lot.completedOn ? String(lot.completedOn) : null,
    },
    points: plan
      .filter((item) => item.kind === "H" || item.kind === "W")
      .map((item) => ({
        itemId: item.itemId,
        itpNumber: item.itpNumber,
        position: item.position,
        activity: item.activity,
        kind: item.kind,
        state: item.pointState,
      })),
    itrs: itrs.map((itr) => ({ id: itr.id, title: itr.title, fileName: itr.fileName })),
  });
}

/** The client's decision: the lot table's external_approve / external_reject, with the link used up. */
export async function decideLotThroughLink(
  { em }: RequestContext,
  lotId: string | undefined,
  token: string,
  formData: FormData,
) {
  const lookup = await lookUpReview(em, lotId, token);
  if (lookup.state !== "valid") return closed(lookup.state);
  const submission = parseWithZod(formData, { schema: lotReviewDecisionSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { link, lot, project } = lookup;
  const decision = submission.value;
  const step = new FormData();
  step.set("intent", "transition");
  step.set("action", decision.decision === "approve" ? "external_approve" : "external_reject");
  if (decision.comment) step.set("comment", decision.comment);
  return transitionLot(
    { em, projectId: project.id, actorId: null },
    lot.id,
    // What the link grants: the client's review of this lot, nothing else.
    new Set([LOT_PERMISSIONS.externalReview]),
    step,
    {
      async check(tx, locked) {
        const current = await tx.findOne(LotClientLink, { id: link.id });
        return current && lotLinkState(current, locked) === "valid" ? null : "link-not-valid";
      },
      async apply(tx) {
        const current = await tx.findOneOrFail(LotClientLink, { id: link.id });
        current.usedAt = new Date();
        recordSecurityEvent(tx, {
          kind: "external-link.decided",
          actorId: null,
          subjectEmail: link.recipientEmail,
          projectId: project.id,
          details: {
            module: "quality",
            record: lot.number,
            action: decision.decision,
            reviewerName: decision.reviewerName,
          },
        });
      },
      activity: { linkId: link.id, reviewerName: decision.reviewerName, recipientEmail: link.recipientEmail },
      done: `${externalLotPath(lot.id, token)}&thanks=1`,
    },
  );
}

/** An ITR of the lot, for the client of any open link of the lot (points or review). */
export async function externalItrFile(
  { em }: RequestContext,
  lotId: string | undefined,
  itrId: string | undefined,
  token: string,
) {
  const lookup = isUuid(lotId) ? await lookUpLotLink(em, token, { lotId }) : { state: "invalid" as const };
  if (lookup.state !== "valid") return closed(lookup.state);
  const itr = (await listLotItrs(em, lookup.lot.id)).find((entry) => entry.id === itrId);
  if (!itr) throw new Response("Not found", { status: 404 });
  return attachmentDownload(em, itr.id);
}
