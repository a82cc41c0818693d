import type pg from "pg";
import { SITE_PLACES } from "./scale-actions";
import { countBy, countRows, sqlArray, timedStep, withoutSecondaryIndexes } from "./scale-sql";

/**
 * The incident register at scale: N incidents reported over five years of a large contractor's sites by the
 * project's members, written by the database (INSERT … SELECT over generate_series) as scale-actions.ts
 * writes the actions. Incidents are rarer than actions and most are long closed: what is open is the last
 * months' work.
 */

const SPAN_DAYS = 5 * 365;
/** Incidents reported in the last this many days are still being worked on as often as not. */
const RECENT_DAYS = 60;

/** What happened ("Near miss: load swung near a worker at pier 2"): "pier" is in a fifth, as the actions'. */
const WHAT = [
  "Load swung close to a worker",
  "Hand cut on tie wire",
  "Slip on a wet walkway",
  "Excavator struck a buried service",
  "Fall from a ladder",
  "Dropped object from the deck",
  "Light vehicle reversed into a barrier",
  "Dust exposure during cutting",
  "Eye injury from grinding",
  "Fuel spill at the refuelling point",
  "Unauthorised entry to the exclusion zone",
  "Scaffold tie found missing",
  "Back strain lifting formwork",
  "Heat stress on the night shift",
  "Trench wall collapse",
];
const IMPACTS = ['["People"]', '["People","Equipment"]', '["Equipment"]', '["Environments"]', '["Process"]'];

export const INCIDENT_COMMON_WORD = "pier";

export type IncidentScaleData = {
  counts: { incidents: number };
  statusMix: Record<string, number>;
  /** Reported by the bench user or assigned to them as SHE person: My Incidents' size. */
  mine: number;
};

/**
 * Fills `safety_incident` in the project: numbered INC-0001… as nextNumber numbers them, reported one after
 * the other over five years (the newest last), each by one of the members with another as SHE person; the
 * bench user (memberIds[0]) reports one in 10 and is the SHE person of one in 8 of the others. An incident of
 * the last 60 days is still open as often as not (raised, evaluated, investigated, signed off); an older one
 * is closed and locked.
 */
export async function generateSafetyIncidents(
  client: pg.Client,
  options: { projectId: string; memberIds: string[]; incidents: number; log: (line: string) => void },
): Promise<IncidentScaleData> {
  const { projectId, memberIds, incidents, log } = options;
  const step = timedStep(client, log);
  const members = memberIds.length;
  const bench = memberIds[0];
  await withoutSecondaryIndexes(client, "safety_incident", log, () =>
    step(
      `${incidents.toLocaleString("en")} safety incidents`,
      `with g as (
         select i, (i * 7919) % 100 as bucket,
                now() - make_interval(secs => ${SPAN_DAYS} * 86400.0 * ($2 - i) / $2) - interval '1 hour' as occurred,
                ${SPAN_DAYS}.0 * ($2 - i) / $2 as age_days
         from generate_series(1, $2::int) i
       ), s as (
         select g.*, case when g.age_days >= ${RECENT_DAYS} then 'CLOSED'
                          when g.bucket < 20 then 'RAISED'
                          when g.bucket < 35 then 'EVALUATION_BY_SHE_PERSONNEL'
                          when g.bucket < 50 then 'INVESTIGATION'
                          when g.bucket < 60 then 'SIGN_OFF'
                          else 'CLOSED' end as status
         from g
       )
       insert into safety_incident (id, project_id, "number", title, status, occurred_at, description,
         impact_areas, reporter_id, she_person_id, locked, closed_at, created_at, updated_at)
       select gen_random_uuid(), $1,
         'INC-' || lpad(s.i::text, greatest(4, length(s.i::text)), '0'),
         (${sqlArray(WHAT)})[1 + (s.i * 13) % ${WHAT.length}] || ' at ' || (${sqlArray(SITE_PLACES)})[1 + (s.i * 7 + s.i / 60) % ${SITE_PLACES.length}],
         s.status, s.occurred,
         'Reported on the day. See the injury and investigation details.',
         (${sqlArray(IMPACTS)})[1 + (s.i * 31) % ${IMPACTS.length}]::jsonb,
         case when s.i % 10 = 0 then $4::uuid else ($3::uuid[])[1 + (s.i * 23) % ${members}] end,
         case when s.i % 10 <> 0 and s.i % 8 = 0 then $4::uuid else ($3::uuid[])[1 + (s.i * 17 + 3) % ${members}] end,
         s.status = 'CLOSED',
         case when s.status = 'CLOSED' then least(s.occurred + make_interval(days => 10 + s.i % 30), now()) end,
         s.occurred + interval '30 minutes',
         s.occurred + interval '1 day'
       from s`,
      [projectId, incidents, memberIds, bench],
    ),
  );
  await client.query(`insert into project_counter (project_id, kind, value) values ($1, 'INC', $2)`, [
    projectId,
    incidents,
  ]);
  const mine = await client.query<{ mine: string }>(
    `select count(*) as mine from safety_incident where project_id = $1 and (reporter_id = $2 or she_person_id = $2)`,
    [projectId, bench],
  );
  return {
    counts: { incidents: await countRows(client, "safety_incident", projectId) },
    statusMix: await countBy(client, "safety_incident", "status", projectId),
    mine: Number(mine.rows[0].mine),
  };
}
