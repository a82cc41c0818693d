import type { EntityManager } from "@mikro-orm/postgresql";
import { recordActivity } from "~/server/audit/activity.server";
import { type IProject, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { env } from "~/server/env";
import { isUuid } from "~/server/http/responses";
import { qrCodeImage } from "~/server/links/qr-code.server";
import { type OpenLinkState, openLinkState } from "~/server/links/state";
import { derivedLinkToken, hashLinkToken, isPlausibleToken, linkExpiry } from "~/server/links/tokens.server";
import { GATE_LINK_DAYS, GATE_TOKEN_PURPOSE, gatePath, IN_OUT_ENTITY_TYPE } from "../domain/in-out";
import { type IOperationInOutGate, OperationInOutGate } from "../in-out-entities";

/**
 * The site gate's QR link (decision 040): a token derived from the link's id under the server's secret (the
 * page shows the same code for a year), only its hash stored (server/links). The site office regenerates it
 * (the old one stops working) or revokes it; one link is open per project at a time.
 */

export type GateState = Exclude<OpenLinkState, "used">;

export const gateToken = (gate: Pick<IOperationInOutGate, "id">) =>
  derivedLinkToken(GATE_TOKEN_PURPOSE, gate.id);

export const gateState = (gate: IOperationInOutGate, now = new Date()): GateState =>
  openLinkState({ ...gate, usedAt: null }, now) as GateState;

/** The project's open gate link, if any (the newest still valid). */
export async function currentGate(em: EntityManager, projectId: string) {
  const gates = await em.find(
    OperationInOutGate,
    { project: projectId, revokedAt: null },
    { orderBy: { createdAt: "desc" }, limit: 3 },
  );
  return gates.find((gate) => gateState(gate) === "valid") ?? null;
}

async function revokeOpenGates(tx: EntityManager, projectId: string, now: Date) {
  const open = await tx.find(OperationInOutGate, { project: projectId, revokedAt: null });
  for (const gate of open) gate.revokedAt = now;
  return open;
}

/** A new gate link (regenerate): the open one is revoked, so one code works at a time. */
export async function openGate(em: EntityManager, projectId: string, actorId: string | null) {
  return em.transactional(async (tx) => {
    const now = new Date();
    await revokeOpenGates(tx, projectId, now);
    const gate = tx.create(OperationInOutGate, {
      project: projectId,
      // Replaced below: the token is derived from the id the entity was given.
      tokenHash: "0".repeat(64),
      expiresAt: linkExpiry(GATE_LINK_DAYS, now),
      revokedAt: null,
      createdBy: actorId,
    } as never) as IOperationInOutGate;
    gate.tokenHash = hashLinkToken(gateToken(gate));
    recordActivity(tx, {
      projectId,
      actorId,
      entityType: IN_OUT_ENTITY_TYPE,
      entityId: projectId,
      action: "gate-link-opened",
      after: { gateId: gate.id, expiresAt: gate.expiresAt.toISOString() },
    });
    return gate;
  });
}

/** Ends the gate link `gateId`; false when it is not the project's open one. */
export async function revokeGate(
  em: EntityManager,
  projectId: string,
  actorId: string | null,
  gateId: string,
) {
  return em.transactional(async (tx) => {
    const gate = await tx.findOne(OperationInOutGate, { id: gateId, project: projectId, revokedAt: null });
    if (!gate) return false;
    gate.revokedAt = new Date();
    recordActivity(tx, {
      projectId,
      actorId,
      entityType: IN_OUT_ENTITY_TYPE,
      entityId: projectId,
      action: "gate-link-revoked",
      before: { gateId: gate.id },
    });
    return true;
  });
}

/** What the In/Out page shows of the open link: the QR code, the address, when it ends. */
export async function gateView(gate: IOperationInOutGate | null) {
  if (!gate) return null;
  const path = gatePath(gate.id, gateToken(gate));
  const url = `${env().APP_URL}${path}`;
  return { gateId: gate.id, path, url, qr: await qrCodeImage(url), expiresAt: gate.expiresAt.toISOString() };
}
export type GateView = Awaited<ReturnType<typeof gateView>>;

export type GateLookup =
  | { state: "invalid" }
  | { state: GateState; gate: IOperationInOutGate; project: IProject };

/** The gate link a token names (found by the hash across projects, then scoped to its project). */
export async function lookUpGate(
  em: EntityManager,
  gateId: string | undefined,
  token: string | null | undefined,
): Promise<GateLookup> {
  if (!isUuid(gateId) || !isPlausibleToken(token)) return { state: "invalid" };
  const gate = await em.findOne(OperationInOutGate, { tokenHash: hashLinkToken(token) }, { filters: false });
  if (!gate || gate.id !== gateId) return { state: "invalid" };
  scopeToProject(em, gate.project.id);
  const project = await em.findOneOrFail(Project, gate.project.id);
  return { state: gateState(gate), gate, project };
}
