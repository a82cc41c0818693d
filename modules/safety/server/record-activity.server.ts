import type { EntityManager } from "@mikro-orm/postgresql";
import { activityFor } from "~/server/audit/activity.server";

type ActivityRows = Awaited<ReturnType<typeof activityFor>>;

/** A record's Activity Log entries as a page shows them: who and when, what changed before and after. */
export function activityEntriesOf(entries: ActivityRows) {
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    actorName: entry.actor?.name ?? null,
    createdAt: entry.createdAt.toISOString(),
    before: (entry.before as Record<string, unknown> | null) ?? null,
    after: (entry.after as Record<string, unknown> | null) ?? null,
  }));
}
export type RecordActivityEntry = ReturnType<typeof activityEntriesOf>[number];

/** A record's Activity Log, newest first (the latest 200). */
export async function recordActivityEntries(em: EntityManager, entityType: string, entityId: string) {
  return activityEntriesOf(await activityFor(em, entityType, entityId, 200));
}
