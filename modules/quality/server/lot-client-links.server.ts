import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { ActivityLog, type IProject, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { type OpenLinkState, openLinkState } from "~/server/links/state";
import { hashLinkToken, isPlausibleToken, linkExpiry, newLinkToken } from "~/server/links/tokens.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { POINT_PERMISSIONS } from "../domain/inspection-point-workflow";
import { LOT_PERMISSIONS } from "../domain/lot-workflow";
import { type ILot, type ILotClientLink, Lot, LotClientLink, type LotClientLinkPurpose } from "../entities";
import { LOT_ACTIVITY_ENTITY } from "./lot-itp.server";

/**
 * The client's links of a lot (decision 022): one entity for the two things a client does without an
 * account — release hold and witness points (`hold-points`), review the lot (`lot-review`) — on the shared
 * token rules (server/links/tokens.server.ts, which the ITP review links and safety's sign-on links use too). A link is scoped to its lot and
 * project (and, for points, to the points it was sent for), expires, can be revoked from the lot, and is
 * used up once every point it covers is decided (or the lot is decided).
 */

export type LotLinkState = OpenLinkState | "superseded";

export type LotLinkLookup =
  | { state: "invalid" }
  | { state: LotLinkState; link: ILotClientLink; lot: ILot; project: IProject };

/** The lot review link works while the lot waits for the client; afterwards it is superseded. */
const waitsForClient = (lot: ILot) => lot.status === "confirming" && lot.subStatus === "external_review";

export function lotLinkState(link: ILotClientLink, lot: ILot, now = new Date()): LotLinkState {
  const open = openLinkState(link, now);
  if (open !== "valid") return open;
  if (link.purpose === "lot-review" && !waitsForClient(lot)) return "superseded";
  return "valid";
}

/**
 * Finds the link a token names. The client is not signed in, so the link is found across projects by the
 * token's hash, then the manager is scoped to the link's project. A token of another purpose, another link
 * (`linkId`) or another lot (`lotId`) is as good as none: "invalid".
 */
export async function lookUpLotLink(
  em: EntityManager,
  token: string | null | undefined,
  scope: { purpose?: LotClientLinkPurpose; linkId?: string; lotId?: string },
): Promise<LotLinkLookup> {
  if (!isPlausibleToken(token)) return { state: "invalid" };
  const link = await em.findOne(LotClientLink, { tokenHash: hashLinkToken(token) }, { filters: false });
  if (
    !link ||
    (scope.purpose && link.purpose !== scope.purpose) ||
    (scope.linkId !== undefined && link.id !== scope.linkId) ||
    (scope.lotId !== undefined && link.lot.id !== scope.lotId)
  )
    return { state: "invalid" };
  scopeToProject(em, link.project.id);
  const [lot, project] = await Promise.all([
    em.findOneOrFail(Lot, link.lot.id),
    em.findOneOrFail(Project, link.project.id),
  ]);
  return { state: lotLinkState(link, lot), link, lot, project };
}

export type NewLotLink = {
  project: string;
  lot: string;
  purpose: LotClientLinkPurpose;
  points?: string[];
  recipientName: string;
  recipientEmail: string;
  cc?: string[];
  dueOn?: string | null;
  days: number;
  createdBy: string | null;
};

/** A new link in the caller's transaction; the token is returned once, for the mail, and never stored. */
export function createLotLink(tx: EntityManager, values: NewLotLink) {
  const token = newLinkToken();
  const link = tx.create(LotClientLink, {
    project: values.project,
    lot: values.lot,
    purpose: values.purpose,
    points: values.points ?? [],
    tokenHash: hashLinkToken(token),
    recipientName: values.recipientName,
    recipientEmail: values.recipientEmail,
    cc: values.cc ?? [],
    dueOn: values.dueOn ?? null,
    expiresAt: linkExpiry(values.days),
    revokedAt: null,
    usedAt: null,
    createdBy: values.createdBy,
  } as never) as ILotClientLink;
  return { link, token };
}

/** Where a link opens: the link's page of points, or the lot's review. */
export function lotLinkUrl(
  link: Pick<ILotClientLink, "id" | "purpose"> & { lot: { id: string } },
  token: string,
) {
  const path = link.purpose === "hold-points" ? `/external/hp-wp/${link.id}` : `/external/lot/${link.lot.id}`;
  return `${env().APP_URL}${path}?token=${encodeURIComponent(token)}`;
}

export type LotLinkRow = {
  id: string;
  purpose: LotClientLinkPurpose;
  recipientName: string;
  recipientEmail: string;
  points: number;
  dueOn: string | null;
  createdAt: string;
  expiresAt: string;
  state: LotLinkState;
  canRevoke: boolean;
};

/** Who may revoke a link: who could send it (the notify step's permission, or QA for a lot review). */
const REVOKE_PERMISSION: Record<LotClientLinkPurpose, string> = {
  "hold-points": POINT_PERMISSIONS.notify,
  "lot-review": LOT_PERMISSIONS.qaReview,
};

/** The lot's links, newest first, with their state and whether this user may revoke them. */
export async function listLotLinks(context: ProjectContext, lot: ILot): Promise<LotLinkRow[]> {
  const links = await context.em.find(LotClientLink, { lot: lot.id }, { orderBy: { createdAt: "desc" } });
  return links.map((link) => {
    const state = lotLinkState(link, lot);
    return {
      id: link.id,
      purpose: link.purpose,
      recipientName: link.recipientName,
      recipientEmail: link.recipientEmail,
      points: link.points.length,
      dueOn: link.dueOn ? String(link.dueOn) : null,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      state,
      canRevoke: state === "valid" && context.can(REVOKE_PERMISSION[link.purpose] as never),
    };
  });
}

/** The lot's links for the HP/WP tab (the lot of the URL, already found by the tab). */
export async function listLotLinksOf(context: ProjectContext, lotId: string) {
  return listLotLinks(
    context,
    await context.em.findOneOrFail(Lot, { id: lotId, project: context.project.id }),
  );
}

export const lotLinksPath = (lotId: string) => `/quality/lot/${lotId}/client-links`;

/** Takes a link of the lot out of use; an already closed link stays as it is. */
export async function revokeLotLink(context: ProjectContext, lot: ILot, linkId: string, back: string) {
  const link = isUuid(linkId) ? await context.em.findOne(LotClientLink, { id: linkId, lot: lot.id }) : null;
  if (!link) throw new Response("Not found", { status: 404 });
  if (!context.can(REVOKE_PERMISSION[link.purpose] as never))
    throw new Response("Forbidden", { status: 403 });
  if (!link.revokedAt && !link.usedAt) {
    await context.em.transactional(async (tx) => {
      tx.merge(link).revokedAt = new Date();
      recordActivity(tx, {
        projectId: context.project.id,
        actorId: context.user.id,
        entityType: LOT_ACTIVITY_ENTITY,
        entityId: lot.id,
        action: "client-link-revoked",
        before: {},
        after: { purpose: link.purpose, recipientEmail: link.recipientEmail },
      });
    });
  }
  return redirectWithToast(back, {
    type: "success",
    message: "quality:hpWpClient.links.revoked",
    params: { email: link.recipientEmail },
  });
}

/** The lot's log entry of a link first opened by its client (the trail needs the first opening, not every reload). */
export async function recordLinkOpened(em: EntityManager, lookup: Extract<LotLinkLookup, { link: unknown }>) {
  const seen = await em.count(ActivityLog, {
    entityType: LOT_ACTIVITY_ENTITY,
    entityId: lookup.lot.id,
    action: "client-link-opened",
    after: { linkId: lookup.link.id },
  } as never);
  if (seen > 0) return;
  recordActivity(em, {
    projectId: lookup.project.id,
    actorId: null,
    entityType: LOT_ACTIVITY_ENTITY,
    entityId: lookup.lot.id,
    action: "client-link-opened",
    before: {},
    after: {
      linkId: lookup.link.id,
      purpose: lookup.link.purpose,
      recipientEmail: lookup.link.recipientEmail,
    },
  });
  await em.flush();
}
