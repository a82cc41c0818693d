import { LockMode } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { allowExternalForm } from "~/server/auth/rate-limit.server";
import { type IProject, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { qrCodeImage } from "~/server/links/qr-code.server";
import { type OpenLinkState, openLinkState } from "~/server/links/state";
import { derivedLinkToken, hashLinkToken, isPlausibleToken, linkExpiry } from "~/server/links/tokens.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { DocketSigningLink, type IDocketSigningLink } from "../docket-signing-entities";
import { DOCKET_ENTITY_TYPE } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS, type DocketStatus } from "../domain/docket-workflow";
import { Docket, DocketItem, type IDocket } from "../entities";

/**
 * The supervisor's signing link (README "Signing link"): made on a docket sent for approval (submitted or in
 * review) by those who submit dockets, opened on the subcontractor's supervisor's phone without an account,
 * where they type their full name and confirm the quantities. Signing records who and when, with an activity
 * entry, and moves no state: the docket's approver still approves. One link is open per docket at a time.
 */

const P = DOCKET_PERMISSIONS;
const TOKEN_PURPOSE = "dockets.sign";
/** A week: the supervisor signs on site, usually the same day. */
export const SIGNING_LINK_DAYS = 7;

/** A docket the supervisor may sign: sent for approval, not yet decided. */
export const isSignable = (status: DocketStatus) => status === "submitted" || status === "in_review";

export const signingToken = (link: Pick<IDocketSigningLink, "id">) =>
  derivedLinkToken(TOKEN_PURPOSE, link.id);
export const signingPath = (token: string) => `/external/dockets/sign/${encodeURIComponent(token)}`;
export const signingUrl = (token: string) => `${env().APP_URL}${signingPath(token)}`;

export type SigningLinkState = OpenLinkState | "not-signable";

function linkState(link: IDocketSigningLink, docket: IDocket, now = new Date()): SigningLinkState {
  const open = openLinkState(link, now);
  if (open !== "valid") return open;
  return isSignable(docket.status as DocketStatus) ? "valid" : "not-signable";
}

/** The docket's open link (the newest still valid), if any. */
async function openLinkOf(em: EntityManager, docket: IDocket) {
  const links = await em.find(
    DocketSigningLink,
    { docket: docket.id, revokedAt: null, usedAt: null },
    { orderBy: { createdAt: "desc" } },
  );
  return links.find((link) => linkState(link, docket) === "valid") ?? null;
}

export type DocketSigningData = {
  docketId: string;
  signable: boolean;
  canManage: boolean;
  signed: { name: string; at: string } | null;
  link: { id: string; url: string; qr: string; expiresAt: string } | null;
};

/** The signing panel's data for the details page (the docket as the page found it). */
export async function docketSigningData(
  context: ProjectContext,
  docket: IDocket,
): Promise<DocketSigningData> {
  const signable = isSignable(docket.status as DocketStatus);
  const canManage = signable && context.can(P.submit);
  const link = canManage ? await openLinkOf(context.em, docket) : null;
  const url = link ? signingUrl(signingToken(link)) : null;
  return {
    docketId: docket.id,
    signable,
    canManage,
    signed:
      docket.supervisorName && docket.supervisorSignedAt
        ? { name: docket.supervisorName, at: docket.supervisorSignedAt.toISOString() }
        : null,
    link:
      link && url
        ? { id: link.id, url, qr: await qrCodeImage(url), expiresAt: link.expiresAt.toISOString() }
        : null,
  };
}

async function docketOf(context: ProjectContext, id: unknown) {
  const docket = isUuid(id) ? await context.em.findOne(Docket, { id, project: context.project.id }) : null;
  if (!docket) throw new Response("Not Found", { status: 404 });
  return docket;
}

const back = (docketId: string) => `/dockets/${docketId}`;

/** A new link for the docket (the open one, if any, is revoked: one code works at a time). */
export async function createSigningLink(context: ProjectContext, docketId: unknown) {
  const docket = await docketOf(context, docketId);
  if (!isSignable(docket.status as DocketStatus))
    return redirectWithToast(back(docket.id), { type: "error", message: "dockets:signing.notSignable" });
  await context.em.transactional(async (tx) => {
    const now = new Date();
    const open = await tx.find(DocketSigningLink, { docket: docket.id, revokedAt: null, usedAt: null });
    for (const link of open) link.revokedAt = now;
    const link = tx.create(DocketSigningLink, {
      project: context.project.id,
      docket: docket.id,
      // Replaced below: the token is derived from the id the entity was given.
      tokenHash: "0".repeat(64),
      expiresAt: linkExpiry(SIGNING_LINK_DAYS, now),
      createdBy: context.user.id,
    } as never) as IDocketSigningLink;
    link.tokenHash = hashLinkToken(signingToken(link));
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "signing-link-created",
      after: { expiresAt: link.expiresAt.toISOString() },
    });
  });
  return redirectWithToast(back(docket.id), { type: "success", message: "dockets:signing.linkCreated" });
}

/** Ends the docket's open link. */
export async function revokeSigningLink(context: ProjectContext, docketId: unknown, linkId: unknown) {
  const docket = await docketOf(context, docketId);
  const link = isUuid(linkId)
    ? await context.em.findOne(DocketSigningLink, { id: linkId, docket: docket.id })
    : null;
  if (!link) throw new Response("Not Found", { status: 404 });
  if (!link.revokedAt && !link.usedAt)
    await context.em.transactional(async (tx) => {
      tx.merge(link).revokedAt = new Date();
      recordActivity(tx, {
        projectId: context.project.id,
        actorId: context.user.id,
        entityType: DOCKET_ENTITY_TYPE,
        entityId: docket.id,
        action: "signing-link-revoked",
      });
    });
  return redirectWithToast(back(docket.id), { type: "success", message: "dockets:signing.linkRevoked" });
}

export type SigningLookup =
  | { state: "invalid" }
  | { state: SigningLinkState; link: IDocketSigningLink; docket: IDocket; project: IProject };

/** The link a token names, found across projects by its hash; the manager is then scoped to its project. */
export async function lookUpSigningLink(
  em: EntityManager,
  token: string | undefined,
): Promise<SigningLookup> {
  if (!isPlausibleToken(token)) return { state: "invalid" };
  const link = await em.findOne(DocketSigningLink, { tokenHash: hashLinkToken(token) }, { filters: false });
  if (!link) return { state: "invalid" };
  scopeToProject(em, link.project.id);
  const [docket, project] = await Promise.all([
    em.findOneOrFail(Docket, link.docket.id, { populate: ["company"] }),
    em.findOneOrFail(Project, link.project.id),
  ]);
  return { state: linkState(link, docket), link, docket, project };
}

export type SigningPage =
  | { state: "invalid" | "expired" | "revoked" | "used" | "not-signable" }
  | { state: "signed"; name: string }
  | {
      state: "valid";
      action: string;
      projectName: string;
      language: string | null;
      docket: {
        number: string;
        date: string;
        company: string;
        task: string | null;
        totalCents: number;
        items: { code: string; title: string; unit: string; quantity: string; amountCents: number }[];
      };
    };

/** What the external page shows for a token. */
export async function signingPage(em: EntityManager, token: string | undefined): Promise<SigningPage> {
  const lookup = await lookUpSigningLink(em, token);
  if (lookup.state !== "valid" || !("docket" in lookup))
    return { state: lookup.state === "valid" ? "invalid" : lookup.state };
  const { docket, project } = lookup;
  const items = await em.find(DocketItem, { docket: docket.id }, { orderBy: { position: "asc", id: "asc" } });
  return {
    state: "valid",
    action: signingPath(token as string),
    projectName: project.name,
    language: project.language ?? null,
    docket: {
      number: docket.number,
      date: String(docket.docketDate).slice(0, 10),
      company: docket.company?.name ?? "",
      task: docket.task ?? null,
      totalCents: Number(docket.totalCents),
      items: items.map((item) => ({
        code: item.code,
        title: item.title,
        unit: item.unitOfMeasure,
        quantity: String(item.quantity),
        amountCents: Number(item.amountCents),
      })),
    },
  };
}

const signSchema = z.object({
  name: z
    .string({ error: "dockets:signing.nameRequired" })
    .trim()
    .min(2, "dockets:signing.nameRequired")
    .max(200, "dockets:signing.nameTooLong"),
  confirm: z.literal("on", { error: "dockets:signing.confirmRequired" }),
});

/**
 * The supervisor's sign-off (a plain form post, no script needed): counted against the address's posts to this
 * link, checked, then — the link locked and still valid — the name and time on the docket, the link used, and
 * an activity entry, in one transaction.
 */
export async function signThroughLink(
  em: EntityManager,
  token: string | undefined,
  formData: FormData,
  address: string,
) {
  const lookup = await lookUpSigningLink(em, token);
  if (lookup.state !== "valid" || !("link" in lookup))
    return { state: lookup.state === "valid" ? "invalid" : lookup.state } as SigningPage;
  if (!(await allowExternalForm(`dockets-sign:${lookup.link.id}`, address)))
    return data({ status: "error", error: { "": [message("dockets:signing.tooMany")] } }, { status: 429 });
  const parsed = signSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const error: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      error[field] = [...(error[field] ?? []), issue.message];
    }
    return data({ status: "error", error }, { status: 400 });
  }
  const name = parsed.data.name.replace(/\s+/g, " ");
  const projectId = lookup.project.id;
  const outcome = await em.transactional(async (tx) => {
    const link = await tx.findOne(
      DocketSigningLink,
      { id: lookup.link.id },
      { lockMode: LockMode.PESSIMISTIC_WRITE, filters: false },
    );
    const docket = await tx.findOne(Docket, { id: lookup.docket.id, project: projectId }, { filters: false });
    if (!link || !docket) return "invalid" as const;
    const state = linkState(link, docket);
    if (state !== "valid") return state;
    const now = new Date();
    link.usedAt = now;
    docket.supervisorName = name;
    docket.supervisorSignedAt = now;
    recordActivity(tx, {
      projectId,
      actorId: null,
      entityType: DOCKET_ENTITY_TYPE,
      entityId: docket.id,
      action: "supervisor-signed",
      after: { supervisorName: name, confirmed: true, linkId: link.id },
    });
    return "signed" as const;
  });
  if (outcome !== "signed") return { state: outcome } as SigningPage;
  return { state: "signed", name } as SigningPage;
}
