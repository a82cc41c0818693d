import type { EntityManager } from "@mikro-orm/postgresql";
import { type AccCostSettings, type AccCostStatus, accCostStatus } from "~/plugins/acc/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { AccCostConnection, type IAccCostConnection } from "~/server/db/entities";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { decryptSecret, encryptSecret } from "~/server/documents/secret.server";

/**
 * A project's ACC Cost Management connection (the `acc_cost_connection` row), for every module that posts to
 * or reads from ACC Cost: Dockets' posting job, Cost and Commercial's package sync. No row, or a secret that no
 * longer decrypts (SESSION_SECRET changed): not connected — nothing pretends to post.
 */

/** Named explicitly, so these work on any EntityManager (a job's, another project's request). */
const inProject = (projectId: string) => ({ filters: { [PROJECT_SCOPE]: { projectId } } });

export function findAccCostConnection(em: EntityManager, projectId: string) {
  return em.findOne(AccCostConnection, { project: projectId }, inProject(projectId));
}

function settingsOf(row: IAccCostConnection | null): AccCostSettings | null {
  if (!row) return null;
  const clientSecret = decryptSecret(row.clientSecret);
  if (clientSecret === null) return null;
  return {
    clientId: row.clientId,
    clientSecret,
    containerId: row.containerId,
    ...(row.baseUrl ? { baseUrl: row.baseUrl } : {}),
  };
}

/** The project's settings for `accCostClientFor`, and whether they can reach ACC at all. */
export async function projectAccCost(
  em: EntityManager,
  projectId: string,
): Promise<{ status: AccCostStatus; settings: AccCostSettings | null }> {
  const settings = settingsOf(await findAccCostConnection(em, projectId));
  return { status: accCostStatus(settings), settings };
}

export type AccCostConnectionInput = {
  clientId: string;
  /** Blank keeps the stored secret (the page never shows it, so an edit that does not retype it keeps it). */
  clientSecret: string;
  containerId: string;
  baseUrl?: string | null;
};

/** What a settings page may show of the connection: never the secret, only whether one is stored and readable. */
export type AccCostConnectionView = {
  clientId: string;
  containerId: string;
  baseUrl: string | null;
  hasSecret: boolean;
  status: AccCostStatus;
  updatedAt: string | null;
};

export async function accCostConnectionView(
  em: EntityManager,
  projectId: string,
): Promise<AccCostConnectionView> {
  const row = await findAccCostConnection(em, projectId);
  const settings = settingsOf(row);
  return {
    clientId: row?.clientId ?? "",
    containerId: row?.containerId ?? "",
    baseUrl: row?.baseUrl ?? null,
    hasSecret: settings !== null,
    status: accCostStatus(settings),
    updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/**
 * Creates or changes the project's connection in the caller's transaction, with an activity entry of what
 * changed (the secret only as "changed", never its value). A first connection needs the secret; afterwards a
 * blank one keeps the stored secret. Answers false (nothing written) when there is no secret to keep.
 */
export async function saveAccCostConnection(
  tx: EntityManager,
  projectId: string,
  input: AccCostConnectionInput,
  actor: { id: string; entityType: string },
): Promise<boolean> {
  const row = await findAccCostConnection(tx, projectId);
  const secret = input.clientSecret.trim();
  if (!secret && (!row || decryptSecret(row.clientSecret) === null)) return false;
  const next = {
    clientId: input.clientId.trim(),
    containerId: input.containerId.trim(),
    baseUrl: input.baseUrl?.trim() || null,
  };
  const before = row ? { clientId: row.clientId, containerId: row.containerId, baseUrl: row.baseUrl } : null;
  if (row) {
    Object.assign(row, next, { updatedBy: actor.id });
    if (secret) row.clientSecret = encryptSecret(secret);
  } else
    tx.create(AccCostConnection, {
      project: projectId,
      ...next,
      clientSecret: encryptSecret(secret),
      updatedBy: actor.id,
    } as never);
  recordActivity(tx, {
    projectId,
    actorId: actor.id,
    entityType: actor.entityType,
    entityId: projectId,
    action: row ? "acc-connection-changed" : "acc-connection-created",
    before,
    after: { ...next, secretChanged: Boolean(secret) },
  });
  await tx.flush();
  return true;
}

/** Removes the project's connection (posting and package sync become "not connected"). */
export async function removeAccCostConnection(
  tx: EntityManager,
  projectId: string,
  actor: { id: string; entityType: string },
): Promise<boolean> {
  const row = await findAccCostConnection(tx, projectId);
  if (!row) return false;
  tx.remove(row);
  recordActivity(tx, {
    projectId,
    actorId: actor.id,
    entityType: actor.entityType,
    entityId: projectId,
    action: "acc-connection-removed",
    before: { clientId: row.clientId, containerId: row.containerId, baseUrl: row.baseUrl },
    after: null,
  });
  await tx.flush();
  return true;
}
