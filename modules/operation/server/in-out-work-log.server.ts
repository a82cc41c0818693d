import type { EntityManager } from "@mikro-orm/postgresql";
import { type HoursClock, hoursClock, stayHoursSql } from "./in-out-hours.server";

/**
 * In/Out's figures of a day per company, which the site diary pre-fills its Work Log with: the distinct people
 * signed in that site day (the project's clock) and their hours summed in SQL numeric, two decimals as text.
 * A stay still open counts up to now or its automatic sign-out time (in-out-hours.server).
 */
export async function inOutWorkLog(
  em: EntityManager,
  projectId: string,
  date: string,
  clock?: HoursClock,
): Promise<{ company: string; workers: number; hours: string }[]> {
  const hours = stayHoursSql(clock ?? (await hoursClock(em, projectId)));
  const rows = await em.execute<{ company: string; workers: string; hours: string }[]>(
    `select min(r.company) as company, count(distinct r.person_key) as workers,
       round(sum(${hours.sql}), 2)::text as hours
     from operation_in_out_record r
     where r.project_id = ? and r.site_day = ?
     group by lower(r.company)
     order by lower(r.company)`,
    [...hours.params, projectId, date],
  );
  return rows.map((row) => ({ company: row.company, workers: Number(row.workers), hours: row.hours }));
}
