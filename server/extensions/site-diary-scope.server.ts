import type { EntityManager } from "@mikro-orm/postgresql";
import { zonedTimeToUtc } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import type { SiteDiaryQuery } from "./contracts";

/**
 * What every site-diary.sections contribution asks of its rows: "is this record at the diary's location or
 * below it?" and "did it happen on the diary's day, on the project's clock (decision 029)?". One place, so
 * no two modules' sections disagree on a diary's day or place.
 */

/**
 * SQL over a location id column: true for the diary's location and every place below it, or for any row
 * (any place or none) when the diary is the whole project's. Its parameters follow, in order.
 */
export function diaryLocationScope(
  column: string,
  projectId: string,
  locationId: string | null,
): { sql: string; params: unknown[] } {
  return {
    sql: `(?::uuid is null or ${column} in (
       select id from location where project_id = ? and (id = ?::uuid or path like (
         select path || id || '/%' from location where id = ?::uuid))))`,
    params: [locationId, projectId, locationId, locationId],
  };
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The diary's day as instants: from its first minute on site to the first minute of the next day. */
export async function diaryDayBounds(
  em: EntityManager,
  project: { id: string; language?: string | null },
  query: Pick<SiteDiaryQuery, "date">,
): Promise<{ start: Date; end: Date; timeZone: string }> {
  const timeZone = await projectTimeZone(em, project);
  return {
    start: zonedTimeToUtc(query.date, 0, 0, timeZone),
    end: zonedTimeToUtc(nextDay(query.date), 0, 0, timeZone),
    timeZone,
  };
}
