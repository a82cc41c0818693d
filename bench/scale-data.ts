import type { EntityManager } from "@mikro-orm/postgresql";
import { createCookie } from "@remix-run/node";
import type pg from "pg";
import { Project, ProjectMember, Role, Session, User } from "~/server/db/entities";
import { type ActionScaleData, generateSafetyActions } from "./scale-actions";
import { type DiaryScaleData, generateSiteDiaries } from "./scale-diaries";
import { type DocketScaleData, generateDockets } from "./scale-dockets";
import { generateSafetyIncidents, type IncidentScaleData } from "./scale-incidents";
import {
  countBy,
  countRows,
  sqlArray,
  sqlOrNull,
  sqlText,
  timedStep,
  withoutSecondaryIndexes,
} from "./scale-sql";

/**
 * The scale data set: one project the size of a large motorway job. Bulk rows are written by the
 * database itself (INSERT … SELECT over generate_series), not one ORM entity at a time: 100,000 lots
 * take seconds instead of minutes. Statuses, titles and dates follow the demo data's vocabulary.
 */

export const BENCH_PROJECT_NUMBER = "BENCH-01";
export const BENCH_ITP_COUNT = 50;
export const BENCH_ITP_ITEMS = 40;
/** Lots whose number is a multiple of this have no ITP (the rest, 90 %, have one). */
const LOTS_WITHOUT_ITP_EVERY = 10;
/** The project's members, the bench user among them: the assignees and creators of the safety records. */
export const BENCH_MEMBER_COUNT = 40;

export type ScaleData = {
  projectId: string;
  userId: string;
  /** The Cookie header of a signed-in super admin whose current project is the bench project. */
  cookie: string;
  /** A lot with an ITP and checked items: the subject of the report benchmark. */
  reportLotId: string;
  counts: Record<
    | "members"
    | "lots"
    | "locations"
    | "itps"
    | "itpItems"
    | "lotItps"
    | "itemChecks"
    | "inspectionPoints"
    | "actions"
    | "actionWatchers"
    | "incidents"
    | "dockets"
    | "diaries",
    number
  >;
  /** Lots per status, as generated. */
  statusMix: Record<string, number>;
  /** The safety actions' status mix and tab sizes (none when `actions` is 0). */
  actions: Omit<ActionScaleData, "counts"> | null;
  /** The incidents' status mix and My Incidents' size (none when `incidents` is 0). */
  incidents: Omit<IncidentScaleData, "counts"> | null;
  /** The dockets' status mix, Assigned To Me's size and a company and ABN to filter by (none when 0). */
  dockets: Omit<DocketScaleData, "counts"> | null;
  /** Today's site diaries (the whole project's and a section's), whose pages list the day's records. */
  diaries: Omit<DiaryScaleData, "diaries">;
  seconds: number;
};

/** [first bucket, last bucket, status, sub-status] out of 100 buckets: most lots of a big job are closed. */
const STATUS_MIX: [number, number, string, string | null][] = [
  [0, 29, "closed", "external_approved"],
  [30, 41, "closed", "qa_approved"],
  [42, 45, "guaranteed", "external_approved"],
  [46, 49, "confirming", "external_review"],
  [50, 52, "confirming", "qa_approved"],
  [53, 55, "confirming", "qa_review"],
  [56, 57, "active", "qa_review"],
  [58, 61, "active", "engineer_review"],
  [62, 68, "active", "completed_pending_records"],
  [69, 80, "active", "work_started"],
  [81, 88, "open", null],
  [89, 90, "non_conforming", "engineer_rejected"],
  [91, 92, "non_conforming", "qa_returned"],
  [93, 93, "non_conforming", "external_rejected"],
  [94, 99, "cancelled", null],
];

/** [activity in the title, lot type, discipline]. */
const WORK_KINDS: [string, string, string][] = [
  ["pour", "Concrete", "Structures"],
  ["reinforcement", "Reinforcement", "Structures"],
  ["formwork", "Formwork", "Structures"],
  ["backfill compaction", "Earthworks", "Civil"],
  ["subgrade proof roll", "Earthworks", "Civil"],
  ["bearing installation", "Bearings", "Structures"],
  ["waterproofing", "Waterproofing", "Structures"],
  ["drainage pipes", "Drainage", "Drainage"],
  ["survey set-out", "Survey", "Survey"],
];

const SECTIONS = 10;
const STRUCTURES = [
  "Abutment A",
  "Pier 1",
  "Pier 2",
  "Span 1",
  "Span 2",
  "Span 3",
  "Culvert C1",
  "Retaining wall RW1",
  "Embankment E1",
  "Abutment B",
];
const ELEMENTS = [
  "Piles",
  "Pile cap",
  "Column",
  "Headstock",
  "Bearings",
  "Deck",
  "Parapets",
  "Drainage",
  "Earthworks",
  "Pavement",
];

const ITP_TITLES = [
  "Cast-in-place concrete",
  "Reinforcement supply and fixing",
  "Formwork and falsework",
  "General earthworks",
  "Bridge bearings",
  "Deck waterproofing",
  "Stormwater drainage",
  "Pavement subgrade",
  "Bored piles",
  "Precast concrete units",
];

const ITEM_ACTIVITIES: [string, string, string][] = [
  ["Concrete mix design approved", "H", "MRTS70 cl. 7; AS 1379"],
  ["Formwork alignment and level", "I", "AS 3610.1 cl. 3.4"],
  ["Reinforcement cover and laps", "H", "AS 3600 cl. 17.5; MRTS71"],
  ["Pre-pour inspection", "H", "MRTS70 cl. 12.1"],
  ["Slump test at delivery", "C", "AS 1012.3.1"],
  ["Placing and compaction", "W", "MRTS70 cl. 12.3"],
  ["Test cylinders", "M", "AS 1012.8.1"],
  ["Curing", "I", "MRTS70 cl. 17"],
  ["Earthworks compaction testing", "H", "AS 1289.5.8.1; MRTS04"],
  ["As-built survey", "D", "MRTS70 cl. 15"],
  ["Document review", "R", "Contract schedule 12"],
  ["Visual inspection of finish", "V", "AS 3610.1"],
];

/** The records a request needs around the bulk data: project, super admin member, session cookie. */
async function createProjectAndSession(em: EntityManager, sessionSecret: string) {
  const project = em.create(Project, {
    name: "Bench Motorway Upgrade",
    number: BENCH_PROJECT_NUMBER,
    language: "EN",
    company: null,
  });
  const role = em.create(Role, { name: "Bench Administrator", fullAccess: true, grantedActions: [] });
  const user = em.create(User, {
    email: "bench@siteproof.test",
    name: "Bench Admin",
    passwordHash: null,
    isSuperAdmin: true,
    isActive: true,
    locale: null,
    microsoftSubject: null,
  });
  em.create(ProjectMember, { project, user, role, accRole: null, company: null });
  const session = em.create(Session, {
    user,
    currentProject: project,
    selectedModule: null,
    remember: true,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    userAgent: "siteproof-bench",
  });
  await em.flush();
  // The same cookie the sign-in answer sets (server/session/cookies.server.ts): the signed session id.
  const setCookie = await createCookie("__session", { secrets: [sessionSecret] }).serialize(session.id);
  return { projectId: project.id, userId: user.id, cookie: setCookie.split(";")[0] };
}

const FIRST_NAMES = [
  "Aroha",
  "Ben",
  "Chloe",
  "Dinh",
  "Emma",
  "Farid",
  "Grace",
  "Hamish",
  "Isla",
  "Jack",
  "Kiri",
  "Liam",
  "Mai",
  "Noah",
];
const LAST_NAMES = [
  "Nguyen",
  "Smith",
  "Walker",
  "Tran",
  "O'Brien",
  "Singh",
  "Taylor",
  "Kaur",
  "Brown",
  "Wilson",
  "Le",
  "Martin",
  "Thompson",
];

/**
 * The project's other members (the bench user is the first of BENCH_MEMBER_COUNT): active users with the
 * bench role, written in one statement. Returns every member's user id, the bench user's first.
 */
async function createMembers(client: pg.Client, projectId: string, benchUserId: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `with people as (
       insert into app_user (id, email, name, password_hash, is_super_admin, is_active, created_at, updated_at)
       select gen_random_uuid(), 'bench-member-' || lpad(k::text, 2, '0') || '@siteproof.test',
         (${sqlArray(FIRST_NAMES)})[1 + k % ${FIRST_NAMES.length}] || ' ' ||
         (${sqlArray(LAST_NAMES)})[1 + (k * 5) % ${LAST_NAMES.length}], null, false, true, now(), now()
       from generate_series(1, ${BENCH_MEMBER_COUNT - 1}) k
       returning id, email
     ), members as (
       insert into project_member (id, project_id, user_id, role_id, created_at)
       select gen_random_uuid(), $1, people.id, m.role_id, now()
       from people cross join (select role_id from project_member where project_id = $1 and user_id = $2) m
       returning user_id
     )
     select people.id from people join members on members.user_id = people.id order by people.email`,
    [projectId, benchUserId],
  );
  return [benchUserId, ...rows.map((row) => row.id)];
}

export async function generateScaleData(
  em: EntityManager,
  client: pg.Client,
  options: {
    lots: number;
    actions: number;
    incidents?: number;
    dockets?: number;
    sessionSecret: string;
    log: (line: string) => void;
  },
): Promise<ScaleData> {
  const started = performance.now();
  const { projectId, userId, cookie } = await createProjectAndSession(em, options.sessionSecret);
  const step = timedStep(client, options.log);
  const memberIds = await createMembers(client, projectId, userId);

  // Locations, 3 levels of 10 (1,110): Section › structure › element.
  await step(
    "locations",
    `with sections as (
       insert into location (id, project_id, parent_id, name, name_key, path, sort_order, created_at, updated_at)
       select gen_random_uuid(), $1, null, 'Section ' || s, 'section ' || s, '/', s, now(), now()
       from generate_series(1, ${SECTIONS}) s returning id, path
     ), structures as (
       insert into location (id, project_id, parent_id, name, name_key, path, sort_order, created_at, updated_at)
       select gen_random_uuid(), $1, p.id, n.name, lower(n.name), p.path || p.id || '/', n.i, now(), now()
       from sections p cross join unnest(${sqlArray(STRUCTURES)}) with ordinality as n(name, i)
       returning id, path
     )
     insert into location (id, project_id, parent_id, name, name_key, path, sort_order, created_at, updated_at)
     select gen_random_uuid(), $1, p.id, n.name, lower(n.name), p.path || p.id || '/', n.i, now(), now()
     from structures p cross join unnest(${sqlArray(ELEMENTS)}) with ordinality as n(name, i)`,
    [projectId],
  );

  // ITPs: most active (the ones lots use), a few in review, draft, archived.
  await step(
    `${BENCH_ITP_COUNT} ITPs of ${BENCH_ITP_ITEMS} items`,
    `with itps as (
       insert into itp (id, project_id, number, title, customer, contract_number, discipline, specification,
         status, revision, creation_date, approval_date, created_by_id, created_at, updated_at)
       select gen_random_uuid(), $1, 'ITP-' || lpad(i::text, 4, '0'),
         (${sqlArray(ITP_TITLES)})[1 + (i - 1) % 10] || ' (package ' || (1 + (i - 1) / 10) || ')',
         'Department of Transport and Main Roads', 'TMR-BENCH-001', 'Structures',
         'MRTS70; AS 1379; AS 3600',
         case when i <= 40 then 'active' when i <= 44 then 'internal_review' when i <= 47 then 'draft'
              when i <= 49 then 'archived' else 'rejected_by_quality' end,
         0, current_date - 400 + i, case when i <= 40 then current_date - 390 + i end, $2, now(), now()
       from generate_series(1, ${BENCH_ITP_COUNT}) i returning id
     ), activities as (
       select a.activity, a.point, a.refs, a.i
       from unnest(${sqlArray(ITEM_ACTIVITIES.map((a) => a[0]))}, ${sqlArray(ITEM_ACTIVITIES.map((a) => a[1]))},
                   ${sqlArray(ITEM_ACTIVITIES.map((a) => a[2]))}) with ordinality as a(activity, point, refs, i)
     )
     insert into itp_item (id, project_id, itp_id, position, activity, inspection_point, acceptance_criteria,
       verifying_document, "references", method, frequency, subcontractor_signature, client_signature)
     select gen_random_uuid(), $1, itps.id, n, a.activity || ' (' || n || ')', a.point,
       'Conforms to ' || a.refs || '; tolerance ±' || (5 + n % 10) || ' mm', 'Inspection record', a.refs,
       'Visual inspection and measurement', 'Each lot', n % 5 = 0, a.point = 'H'
     from itps cross join generate_series(1, ${BENCH_ITP_ITEMS}) n
     join activities a on a.i = 1 + (n - 1) % ${ITEM_ACTIVITIES.length}`,
    [projectId, userId],
  );

  const states = STATUS_MIX.map(
    ([lo, hi, status, sub]) => `(${lo}, ${hi}, ${sqlText(status)}, ${sqlOrNull(sub)})`,
  ).join(", ");
  const kinds = WORK_KINDS.map(
    ([activity, type, discipline], i) =>
      `(${i}, ${sqlText(activity)}, ${sqlText(type)}, ${sqlText(discipline)})`,
  ).join(", ");
  // Spread over buckets, locations and kinds by multiplying by primes: deterministic, no clustering by number.
  await withoutSecondaryIndexes(client, "lot", options.log, () =>
    step(
      `${options.lots.toLocaleString("en")} lots`,
      `with leaves as (
       select array_agg(e.id order by s.sort_order, t.sort_order, e.sort_order) as ids,
              array_agg(t.name || ' ' || lower(e.name) order by s.sort_order, t.sort_order, e.sort_order) as names,
              array_agg(s.name order by s.sort_order, t.sort_order, e.sort_order) as sections
       from location e join location t on t.id = e.parent_id join location s on s.id = t.parent_id
       where e.project_id = $1
     ), states(lo, hi, status, sub_status) as (values ${states}),
     kinds(k, activity, lot_type, discipline) as (values ${kinds}),
     g as (
       select i, (i * 7919) % 100 as bucket, 1 + (i * 31) % ${SECTIONS * STRUCTURES.length * ELEMENTS.length} as leaf, (i * 13) % ${WORK_KINDS.length} as k,
              current_date - (($2 - i) / 100) as opened
       from generate_series(1, $2::int) i
     )
     insert into lot (id, project_id, number, title, lot_type, status, sub_status, location_id, area, activity,
       discipline, wbs, work_pack, control_line, chainage_start, chainage_end, engineer_responsible,
       lot_opened_on, lot_close_target, work_commenced_on, completed_on, lot_closed_on, created_by_id,
       created_at, updated_at)
     -- As nextNumber writes them: at least 4 digits (lpad alone would cut LOT-10000 to LOT-1000).
     select gen_random_uuid(), $1, 'LOT-' || lpad(g.i::text, greatest(4, length(g.i::text)), '0'),
       leaves.names[g.leaf] || ' ' || kinds.activity || ' ' || (1 + g.i % 9), kinds.lot_type,
       states.status, states.sub_status, leaves.ids[g.leaf], leaves.sections[g.leaf], kinds.activity,
       kinds.discipline, 'WBS-' || g.leaf, 'WP-' || lpad((1 + g.i % 12)::text, 2, '0'), 'MC01',
       (g.i % 400) * 25, (g.i % 400) * 25 + 25, 'Priya Patel',
       g.opened, g.opened + 30,
       case when states.status not in ('open', 'cancelled') then g.opened + 3 end,
       case when states.sub_status not in ('work_started') and states.status not in ('open', 'cancelled')
            then least(g.opened + 12, current_date) end,
       case when states.status = 'closed' then least(g.opened + 25, current_date) end,
       $3, now() - make_interval(mins => $2 - g.i), now() - make_interval(mins => $2 - g.i)
     from g cross join leaves
     join kinds on kinds.k = g.k
     join states on g.bucket between states.lo and states.hi`,
      [projectId, options.lots, userId],
    ),
  );

  await step(
    "ITPs assigned to 90 % of the lots",
    `insert into lot_itp (id, project_id, lot_id, itp_id, assigned_by_id, created_at)
     select gen_random_uuid(), $1, l.id, a.ids[1 + substr(l.number, 5)::int % cardinality(a.ids)], $2, l.created_at
     from lot l cross join (select array_agg(id order by "number") as ids from itp
                            where project_id = $1 and status = 'active') a
     where l.project_id = $1 and substr(l.number, 5)::int % ${LOTS_WITHOUT_ITP_EVERY} <> 0`,
    [projectId, userId],
  );
  // Hold and witness points (the ITPs' H and W items) as a job's lots leave them: every point of a lot past
  // the site team's steps released (a witness point in five recorded as unattended); a lot in work has its
  // first hold point called (the day to attend spread from a fortnight ago to a week ahead, so some are
  // overdue) and those before it released; open and cancelled lots have none moved (no rows).
  await step(
    "hold and witness point states",
    `with points as (
       select li.lot_id, it.id as item_id, it.inspection_point as kind, it.position, l.status, l.sub_status,
              l.sequence, min(it.position) filter (where it.inspection_point = 'H')
                over (partition by li.lot_id) as first_hold
       from lot l join lot_itp li on li.lot_id = l.id
         join itp_item it on it.itp_id = li.itp_id and it.inspection_point in ('H', 'W')
       where l.project_id = $1 and l.status not in ('open', 'cancelled')
     ), moved as (
       select p.*, case
           when p.status in ('closed', 'guaranteed', 'confirming')
             or p.sub_status in ('engineer_review', 'qa_review') then
             case when p.kind = 'W' and p.sequence % 5 = 0 then 'not_required' else 'released' end
           when p.position < p.first_hold then 'released'
           when p.position = p.first_hold then 'notified'
         end as state
       from points p
     )
     insert into lot_inspection_point (id, project_id, lot_id, item_id, state, last_action, notified_by_id,
       notified_at, decided_by_id, decided_at, due_on, updated_at)
     select gen_random_uuid(), $1, m.lot_id, m.item_id, m.state::text,
       case m.state when 'notified' then 'notify' when 'not_required' then 'record_unattended' else 'release' end,
       $2, now() - interval '20 days', case when m.state <> 'notified' then $2::uuid end,
       case when m.state <> 'notified' then now() - interval '10 days' end,
       current_date - 14 + (m.sequence % 21)::int, now()
     from moved m where m.state is not null`,
    [projectId, userId],
  );
  await client.query(
    `insert into project_counter (project_id, kind, value) values ($1, 'LOT', $2), ($1, 'ITP', $3)`,
    [projectId, options.lots, BENCH_ITP_COUNT],
  );

  // The report's lot: the newest closed one with an ITP, every item checked.
  const { rows } = await client.query<{ id: string }>(
    `select l.id from lot l join lot_itp li on li.lot_id = l.id
     where l.project_id = $1 and l.status = 'closed' order by l.created_at desc limit 1`,
    [projectId],
  );
  const reportLotId = rows[0]?.id;
  if (!reportLotId) throw new Error("The scale data has no closed lot with an ITP (too few lots?)");
  await client.query(
    `insert into lot_item_check (id, project_id, lot_id, item_id, state, comment, checked_by_id, checked_at)
     select gen_random_uuid(), $1, li.lot_id, i.id, 'conforming', null, $3, now()
     from lot_itp li join itp_item i on i.itp_id = li.itp_id where li.lot_id = $2`,
    [projectId, reportLotId, userId],
  );

  // The safety registers, with the same members: the actions and the incidents.
  const actions =
    options.actions > 0
      ? await generateSafetyActions(client, {
          projectId,
          memberIds,
          actions: options.actions,
          log: options.log,
        })
      : null;
  const incidents =
    (options.incidents ?? 0) > 0
      ? await generateSafetyIncidents(client, {
          projectId,
          memberIds,
          incidents: options.incidents ?? 0,
          log: options.log,
        })
      : null;

  // The docket register, its companies the members'.
  const dockets =
    (options.dockets ?? 0) > 0
      ? await generateDockets(client, {
          projectId,
          memberIds,
          dockets: options.dockets ?? 0,
          log: options.log,
        })
      : null;

  // The site diary: a year of days, and today's two diaries whose pages gather every module's records.
  const diaries = await generateSiteDiaries(client, { projectId, userId, log: options.log });

  // As autovacuum leaves a live database: statistics, and a visibility map so counts can use index-only scans.
  await step("vacuum analyze", "vacuum analyze");
  return {
    projectId,
    userId,
    cookie,
    reportLotId,
    counts: {
      members: await countRows(client, "project_member", projectId),
      lots: await countRows(client, "lot", projectId),
      locations: await countRows(client, "location", projectId),
      itps: await countRows(client, "itp", projectId),
      itpItems: await countRows(client, "itp_item", projectId),
      lotItps: await countRows(client, "lot_itp", projectId),
      itemChecks: await countRows(client, "lot_item_check", projectId),
      inspectionPoints: await countRows(client, "lot_inspection_point", projectId),
      actions: actions?.counts.actions ?? 0,
      actionWatchers: actions?.counts.actionWatchers ?? 0,
      incidents: incidents?.counts.incidents ?? 0,
      dockets: dockets?.counts.dockets ?? 0,
      diaries: diaries.diaries,
    },
    statusMix: await countBy(client, "lot", "status", projectId),
    actions: actions && { statusMix: actions.statusMix, overdue: actions.overdue, mine: actions.mine },
    incidents: incidents && { statusMix: incidents.statusMix, mine: incidents.mine },
    dockets: dockets && {
      statusMix: dockets.statusMix,
      mine: dockets.mine,
      companyId: dockets.companyId,
      abnFragment: dockets.abnFragment,
    },
    diaries: { wholeProjectDiaryId: diaries.wholeProjectDiaryId, sectionDiaryId: diaries.sectionDiaryId },
    seconds: (performance.now() - started) / 1000,
  };
}
