import type { EntityManager } from "@mikro-orm/postgresql";
import { activityFor } from "~/server/audit/activity.server";

/** A record's Activity Log as a page shows it: newest first, who and when, what changed. */
export async function recordActivityEntries(em: EntityManager, entityType: string, entityId: string) {
  const entries = await activityFor(em, entityType, entityId, 200);
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    actorName: entry.actor?.name ?? null,
    createdAt: entry.createdAt.toISOString(),
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  }));
}
export type RecordActivityEntry = Awaited<ReturnType<typeof recordActivityEntries>>[number];
