import type { EntityManager } from "@mikro-orm/postgresql";
import { linkExpiry } from "~/server/links/tokens.server";
import { readProjectSettings } from "~/server/settings/settings.server";

/** How many days a link mailed to someone outside the team stays open in this project (holdPoints.linkLifetimeDays). */
export async function linkLifetimeDays(em: EntityManager, projectId: string): Promise<number> {
  const settings = await readProjectSettings<{ linkLifetimeDays: number }>(
    em,
    projectId,
    "quality",
    "holdPoints",
  );
  return settings.linkLifetimeDays;
}

/**
 * When a link mailed to someone outside the team (an ITP review link, a hold point release link) expires:
 * the project's holdPoints.linkLifetimeDays (/quality/settings, 14 days unless changed) after `from`.
 */
export async function projectLinkExpiry(
  em: EntityManager,
  projectId: string,
  from = new Date(),
): Promise<Date> {
  return linkExpiry(await linkLifetimeDays(em, projectId), from);
}
