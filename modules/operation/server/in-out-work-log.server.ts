import type { EntityManager } from "@mikro-orm/postgresql";

// In/Out replaces this file with the day's records.

/**
 * The day's Work Log rows from In/Out: per company on site that day, its workers and hours (a decimal
 * string). The site diary pre-fills a new day's Work Log with them.
 */
export async function inOutWorkLog(
  _em: EntityManager,
  _projectId: string,
  _date: string,
): Promise<{ company: string; workers: number; hours: string }[]> {
  return [];
}
