import type pg from "pg";
import { timedStep } from "./scale-sql";

/**
 * The site diary at scale: a year of whole-project diaries (one a day, the register's rows) and today's
 * diaries — the whole project's and the first section's (a place with 110 below it) — each with a day's
 * work log, plant and delay rows. The diary page lists the other modules' records of its day at its place's
 * subtree over the 100,000 lots and incidents: what the benchmark measures (bench/README.md).
 */

export const BENCH_DIARY_DAYS = 365;

export type DiaryScaleData = {
  /** Today's whole-project diary and today's diary of the first section: the pages measured. */
  wholeProjectDiaryId: string;
  sectionDiaryId: string;
  diaries: number;
};

export async function generateSiteDiaries(
  client: pg.Client,
  options: { projectId: string; userId: string; log: (line: string) => void },
): Promise<DiaryScaleData> {
  const { projectId, userId } = options;
  const step = timedStep(client, options.log);
  await step(
    `${BENCH_DIARY_DAYS} days of site diaries`,
    `insert into site_diary (id, project_id, number, form_date, due_date, location_id, description, assignee_id,
       status, sky, wind, rain, temperature_start, temperature_peak, concerns, created_by_id, created_at, updated_at)
     select gen_random_uuid(), $1, 'SD-' || lpad(d::text, 4, '0'), current_date - ($3::int - d),
       current_date - ($3::int - d) + 1, null, 'Day ' || d || ' on site', $2,
       case when d >= $3 - 2 then 'in_progress' when d >= $3 - 5 then 'in_review' else 'closed' end,
       'clear', 'light', 'none', 14.5, 27.0, null, $2, now(), now()
     from generate_series(1, $3::int) d`,
    [projectId, userId, BENCH_DIARY_DAYS],
  );
  const section = await client.query<{ id: string }>(
    `select id from location where project_id = $1 and parent_id is null order by sort_order limit 1`,
    [projectId],
  );
  const sectionId = section.rows[0]?.id;
  if (!sectionId) throw new Error("The scale data has no location");
  await client.query(
    `insert into site_diary (id, project_id, number, form_date, due_date, location_id, description, assignee_id,
       status, created_by_id, created_at, updated_at)
     values (gen_random_uuid(), $1, $4, current_date, current_date + 1, $3, 'Section 1 today', $2, 'in_progress',
       $2, now(), now())`,
    [projectId, userId, sectionId, `SD-${String(BENCH_DIARY_DAYS + 1).padStart(4, "0")}`],
  );
  await client.query(
    `insert into project_counter (project_id, kind, value) values ($1, 'SD', $2)
     on conflict (project_id, kind) do update set value = excluded.value`,
    [projectId, BENCH_DIARY_DAYS + 1],
  );
  const today = await client.query<{ id: string; location_id: string | null }>(
    `select id, location_id from site_diary where project_id = $1 and form_date = current_date`,
    [projectId],
  );
  const wholeProjectDiaryId = today.rows.find((row) => row.location_id === null)?.id;
  const sectionDiaryId = today.rows.find((row) => row.location_id === sectionId)?.id;
  if (!wholeProjectDiaryId || !sectionDiaryId) throw new Error("Today's diaries were not written");
  // A day's rows on today's diaries: eight crews, four plant items, a delay, a meeting.
  await step(
    "today's diary rows",
    `insert into site_diary_row (id, project_id, diary_id, section, position, company, title, detail, workers,
       hours, cause, plant_kind, prefilled)
     select gen_random_uuid(), $1, d.id, s.section, s.position, s.company, s.title, s.detail, s.workers, s.hours,
       s.cause, s.plant_kind, false
     from site_diary d cross join (
       select 'work_log' as section, n - 1 as position, 'Crew ' || n as company, 'Works package ' || n as title,
         null as detail, 4 + n as workers, (4 + n) * 7.5 as hours, null as cause, null as plant_kind
       from generate_series(1, 8) n
       union all
       select 'plant', n - 1, null, 'Excavator ' || n, 'PM-00' || n, null, null, null, 'machinery'
       from generate_series(1, 4) n
       union all select 'delay', 0, null, 'Rain stopped the pour', null, null, 2.5, 'weather', null
       union all select 'meeting', 0, null, 'Daily coordination', 'Site team', null, null, null, null
     ) s
     where d.id in ($2, $3)`,
    [projectId, wholeProjectDiaryId, sectionDiaryId],
  );
  return { wholeProjectDiaryId, sectionDiaryId, diaries: BENCH_DIARY_DAYS + 1 };
}
