import type pg from "pg";
import { countBy, countRows, sqlArray, sqlText, timedStep, withoutSecondaryIndexes } from "./scale-sql";

/**
 * The safety action register at scale: N actions raised over two years of a long job by the project's
 * members, written by the database (INSERT … SELECT over generate_series) as bench/scale-data.ts writes the
 * lots. The next register (incidents) is filled the same way: its own file beside this one, called from
 * generateScaleData with the members it returns, and its pages in bench/run.ts's scenarios.
 */

/** The span the actions were raised over, days back from today. */
const SPAN_DAYS = 730;
/** Actions raised in the last this many days are the live ones: most of the older ones are closed. */
const RECENT_DAYS = 90;

/**
 * [first bucket, last bucket, status] out of 100: a recent action is still being worked on as often as
 * not, an older one is closed but for a few stragglers (left open past their due date: the overdue ones).
 */
const RECENT_MIX: [number, number, string][] = [
  [0, 29, "open"],
  [30, 54, "in_progress"],
  [55, 69, "completed"],
  [70, 99, "closed"],
];
const OLDER_MIX: [number, number, string][] = [
  [0, 1, "open"],
  [2, 3, "in_progress"],
  [4, 5, "completed"],
  [6, 99, "closed"],
];

/** [what to do, its label]: one task per label, 30 labels; the place is appended ("… at pier 2"). */
const TASKS: [string, string][] = [
  ["Replace the missing edge protection", "Working at height"],
  ["Clear the walkway", "Housekeeping"],
  ["Restock hearing and eye protection", "PPE"],
  ["Reinstate the traffic control signs", "Traffic management"],
  ["Tag and test the extension leads", "Electrical"],
  ["Update the emergency assembly map", "Emergency"],
  ["Fix the gap under the perimeter fence", "Security"],
  ["Inspect and re-tag the scaffold", "Scaffolding"],
  ["Install shoring in the open trench", "Excavation"],
  ["Issue a confined space permit for the pit", "Confined space"],
  ["Check the lifting gear register", "Lifting operations"],
  ["Separate pedestrians from the excavator", "Mobile plant"],
  ["Update the SDS folder of the chemical store", "Hazardous substances"],
  ["Provide a trolley for the formwork panels", "Manual handling"],
  ["Provide a fire watch for the hot works", "Hot works"],
  ["Service the fire extinguishers", "Fire safety"],
  ["Restock the first aid kit", "First aid"],
  ["Repair the silt fence", "Environmental"],
  ["Measure the noise near the compressor", "Noise"],
  ["Set up water sprays to keep the dust down", "Dust"],
  ["Use wet cutting for the concrete saw", "Silica"],
  ["Replace the faded safety signs", "Signage"],
  ["Add lighting to the night work area", "Lighting"],
  ["Fix the stair access to the deck", "Access and egress"],
  ["Close out the expired work permits", "Permits"],
  ["Brace the formwork panels", "Formwork"],
  ["Review the night shift rosters", "Fatigue"],
  ["Repair the pedestrian detour", "Public interface"],
  ["Clean and restock the amenities", "Welfare"],
  ["Run a toolbox talk on the new controls", "Training"],
];

/** Where: "pier" is in 4 of the 20, so in a fifth of the titles (the search scenario's common word). */
export const SITE_PLACES = [
  "pier 1",
  "pier 2",
  "pier 3",
  "pier 4",
  "abutment A",
  "abutment B",
  "span 1",
  "span 2",
  "span 3",
  "the batching plant",
  "the site compound",
  "gate 3",
  "the laydown area",
  "culvert C1",
  "retaining wall RW1",
  "embankment E1",
  "the crib room",
  "the haul road",
  "the precast yard",
  "the site office",
];

/** The common word of the search scenario: in a fifth of the actions' titles. */
export const ACTION_COMMON_WORD = "pier";
export const ACTION_LABELS = TASKS.map(([, label]) => label);

export type ActionScaleData = {
  counts: { actions: number; actionWatchers: number };
  /** Actions per status, as generated. */
  statusMix: Record<string, number>;
  /** Open or in progress past their due date, and the bench user's (assignee or creator): the tabs' sizes. */
  overdue: number;
  mine: number;
};

const mixCase = (mix: [number, number, string][]) =>
  `case ${mix.map(([lo, hi, status]) => `when g.bucket between ${lo} and ${hi} then ${sqlText(status)}`).join(" ")} end`;

/**
 * Fills `safety_action` (and watchers on a quarter of the actions) in the project: numbered ACT-0001… as
 * nextNumber numbers them, raised one after the other over two years (the newest last), each assigned to
 * and created by one of the members (never to the one who raised it); the bench user (memberIds[0])
 * creates one in five (the HSSE manager raising actions on site walks) and is assigned one in 40 of the
 * others: My Actions holds 22.5 % of them. Due 1 to 5 weeks after raising (6 % have none).
 */
export async function generateSafetyActions(
  client: pg.Client,
  options: { projectId: string; memberIds: string[]; actions: number; log: (line: string) => void },
): Promise<ActionScaleData> {
  const { projectId, memberIds, actions, log } = options;
  const step = timedStep(client, log);
  const members = memberIds.length;
  const bench = memberIds[0];
  await withoutSecondaryIndexes(client, "safety_action", log, () =>
    step(
      `${actions.toLocaleString("en")} safety actions`,
      `with g as (
         select i, (i * 7919) % 100 as bucket,
                now() - make_interval(secs => ${SPAN_DAYS} * 86400.0 * ($2 - i) / $2) as raised,
                ${SPAN_DAYS}.0 * ($2 - i) / $2 as age_days,
                (i * 13) % ${TASKS.length} as task, (i * 7 + i / 60) % ${SITE_PLACES.length} as place
         from generate_series(1, $2::int) i
       ), s as (
         select g.*, case when g.age_days < ${RECENT_DAYS} then ${mixCase(RECENT_MIX)} else ${mixCase(OLDER_MIX)} end as status,
                case when (g.i * 53) % 100 < 6 then null else (g.raised::date + 7 + (g.i * 11) % 28) end as due
         from g
       ), d as (
         select s.*,
                case when s.status in ('completed', 'closed')
                     then least(s.raised + make_interval(days => 3 + s.i % 20), now()) end as completed,
                case when s.status = 'closed'
                     then least(s.raised + make_interval(days => 5 + s.i % 20), now()) end as closed
         from s
       )
       insert into safety_action (id, project_id, "number", title, description, label, status, risk_ranking,
         assignee_id, due_date, source_type, source_id, completed_at, closed_at, created_by_id, created_at, updated_at)
       select gen_random_uuid(), $1,
         -- As nextNumber writes them: at least 4 digits (ACT-0001 … ACT-9999, ACT-10000 …).
         'ACT-' || lpad(d.i::text, greatest(4, length(d.i::text)), '0'),
         (${sqlArray(TASKS.map(([task]) => task))})[1 + d.task] || ' at ' || (${sqlArray(SITE_PLACES)})[1 + d.place],
         'Seen on the site walk at ' || (${sqlArray(SITE_PLACES)})[1 + d.place] || '. Make it safe and record what was done.',
         case when (d.i * 17) % 100 < 5 then null else (${sqlArray(ACTION_LABELS)})[1 + d.task] end,
         d.status,
         case when (d.i * 31) % 100 < 35 then 'low' when (d.i * 31) % 100 < 75 then 'medium'
              when (d.i * 31) % 100 < 95 then 'high' else 'extreme' end,
         -- Never the creator; the bench user is assigned one in 40 (none of the ones they created).
         ($3::uuid[])[1 + (d.i * 17 + 3) % ${members}],
         d.due, null, null, d.completed, d.closed,
         case when d.i % 5 = 0 then $4::uuid else ($3::uuid[])[1 + (d.i * 23) % ${members}] end,
         d.raised,
         coalesce(d.closed, d.completed,
                  case when d.status = 'in_progress' then least(d.raised + interval '1 day', now()) end, d.raised)
       from d`,
      [projectId, actions, memberIds, bench],
    ),
  );
  await step(
    "safety action watchers",
    `insert into safety_action_watcher (id, project_id, action_id, user_id, created_at)
     select gen_random_uuid(), $1, w.action_id, w.user_id, w.created_at
     from (
       select a.id as action_id, ($2::uuid[])[1 + (a.sequence * 37 + 5) % ${members}] as user_id, a.created_at
       from safety_action a where a.project_id = $1 and a.sequence % 4 = 0
       union all
       select a.id, ($2::uuid[])[1 + (a.sequence * 41 + 11) % ${members}], a.created_at
       from safety_action a where a.project_id = $1 and a.sequence % 12 = 0
     ) w
     on conflict (action_id, user_id) do nothing`,
    [projectId, memberIds],
  );
  await client.query(`insert into project_counter (project_id, kind, value) values ($1, 'ACT', $2)`, [
    projectId,
    actions,
  ]);
  const tabs = await client.query<{ overdue: string; mine: string }>(
    `select count(*) filter (where status in ('open', 'in_progress') and due_date < current_date) as overdue,
            count(*) filter (where assignee_id = $2 or created_by_id = $2) as mine
     from safety_action where project_id = $1`,
    [projectId, bench],
  );
  return {
    counts: {
      actions: await countRows(client, "safety_action", projectId),
      actionWatchers: await countRows(client, "safety_action_watcher", projectId),
    },
    statusMix: await countBy(client, "safety_action", "status", projectId),
    overdue: Number(tabs.rows[0].overdue),
    mine: Number(tabs.rows[0].mine),
  };
}
