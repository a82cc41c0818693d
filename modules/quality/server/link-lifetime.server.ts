import type { EntityManager } from "@mikro-orm/postgresql";
import { readProjectSettings } from "~/server/settings/settings.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a link mailed to someone outside the team (an ITP review link, a hold point release link) expires:
 * the project's holdPoints.linkLifetimeDays (/quality/settings, 14 days unless changed) after `from`.
 */
export async function linkExpiry(em: EntityManager, projectId: string, from = new Date()): Promise<Date> {
  const { linkLifetimeDays } = await readProjectSettings<{ linkLifetimeDays: number }>(
    em,
    projectId,
    "quality",
    "holdPoints",
  );
  return new Date(from.getTime() + linkLifetimeDays * DAY_MS);
}
