import type { EntityManager } from "@mikro-orm/postgresql";
import { ActivityLog, type IActivityLog } from "~/server/db/entities";

export type ActivityEntry = {
  /** null for changes outside any project (global settings). */
  projectId: string | null;
  actorId: string | null;
  entityType: string;
  entityId: string;
  /** What happened, in the past tense of the domain: created, updated, deleted, invited, status-changed… */
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Records who changed what, with the values before and after; flushed with the caller's unit of work. */
export function recordActivity(em: EntityManager, entry: ActivityEntry): IActivityLog {
  return em.create(ActivityLog, {
    project: entry.projectId,
    actor: entry.actorId,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Only the fields that changed, as before/after pairs for the log. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const changedBefore: Partial<T> = {};
  const changedAfter: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}

/** A record's history, newest first. */
export async function activityFor(em: EntityManager, entityType: string, entityId: string, limit = 50) {
  return em.find(
    ActivityLog,
    { entityType, entityId },
    { orderBy: { createdAt: "desc" }, limit, populate: ["actor"] },
  );
}

/** A record's history as a page shows it (plain values: who by name, when as ISO text), newest first. */
export async function activityRowsFor(em: EntityManager, entityType: string, entityId: string, limit = 50) {
  const entries = await activityFor(em, entityType, entityId, limit);
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    actorName: entry.actor?.name ?? null,
    createdAt: entry.createdAt.toISOString(),
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  }));
}
export type ActivityRow = Awaited<ReturnType<typeof activityRowsFor>>[number];
