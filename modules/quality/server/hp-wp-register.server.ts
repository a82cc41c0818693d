import type { EntityManager } from "@mikro-orm/postgresql";
import { escapeLike } from "~/server/db/like";
import { listLocationTree } from "~/server/locations/locations.server";
import { flattenLocationTree } from "~/server/locations/tree";
import type { PointAction, PointKind, PointState } from "../domain/inspection-point-workflow";
import { HP_WP_PAGE_SIZE, type HpWpRegisterQuery, parseHpWpRegisterQuery } from "./hp-wp-register-rules";
import { LOCATION_PATH_COLUMN } from "./lot-register.server";
import { today } from "./today";

/**
 * The HP/WP register (`/quality/hp-wp`): every hold or witness point of the project, i.e. each lot × each
 * H or W item of the ITPs assigned to it, left-joined to its stored state (LotInspectionPoint; no row =
 * not started). Plain SQL like the lot register's, for the same reason: at 100,000 lots a page must walk an
 * index and stop, never build every point. The default order walks the lots' (project, sequence) index
 * and joins each lot's points; the due order reads the dated points from the (project, state, due_on)
 * index first; the unfiltered total is the sum over ITPs of lots × points, and a state filter's subtracts
 * the stored states the database keeps per item (inspection_point_state_total), not a count of the join.
 */

export type HpWpRegisterRow = {
  lotId: string;
  lotNumber: string;
  lotTitle: string;
  /** "Bridge › Span 2 › Deck", or null. */
  locationPath: string | null;
  itpId: string;
  itpNumber: string;
  itemId: string;
  position: number;
  activity: string;
  kind: PointKind;
  state: PointState;
  lastAction: PointAction | null;
  /** YYYY-MM-DD: the day the client is asked to attend. */
  dueOn: string | null;
  /** Notified, and the day to attend has passed. */
  overdue: boolean;
  /** ISO timestamps. */
  notifiedAt: string | null;
  decidedAt: string | null;
};

export type HpWpRegisterPage = { rows: HpWpRegisterRow[]; total: number; page: number; pageSize: number };

type Where = { sql: string; params: unknown[] };

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** The points of the project's lots of one kind, with their stored state when they have one. */
const POINTS_FROM = `lot l
  join lot_itp li on li.lot_id = l.id
  join itp_item it on it.itp_id = li.itp_id and it.inspection_point = ?
  left join lot_inspection_point lip on lip.lot_id = l.id and lip.item_id = it.id`;

const DUE_CLAUSES = {
  overdue: "lip.due_on < ?::date",
  today: "lip.due_on = ?::date",
  upcoming: "lip.due_on > ?::date",
} as const;

/**
 * The query with the location text resolved: the ids of the locations whose path ("Bridge › Span 2 ›
 * Deck") contains it, any case — a location's path holds its ancestors' names, so the locations below a
 * match match too. Null without a location filter.
 */
export type ResolvedHpWpQuery = HpWpRegisterQuery & { locationIds: string[] | null };

function whereFor(projectId: string, query: ResolvedHpWpQuery, day: string): Where {
  const clauses = ["l.project_id = ?"];
  const params: unknown[] = [query.kind, projectId];
  if (query.q) {
    // Each side on its own index (the lots' trigram search, the project's items), then either one.
    clauses.push(`(l.id in (select s.id from lot s where s.project_id = ? and (s."number"::text || ' ' || s."title"::text) ilike ?)
      or it.id in (select si.id from itp_item si where si.project_id = ? and si.activity ilike ?))`);
    const pattern = `%${escapeLike(query.q)}%`;
    params.push(projectId, pattern, projectId, pattern);
  }
  if (query.states.length) {
    clauses.push(`coalesce(lip.state, 'not_started') in (${placeholders(query.states)})`);
    params.push(...query.states);
  }
  if (query.lot) {
    clauses.push(`l."number" = ?`);
    params.push(query.lot.toUpperCase());
  }
  if (query.itp) {
    clauses.push(`li.itp_id in (select f.id from itp f where f.project_id = ? and f."number" = ?)`);
    params.push(projectId, query.itp.toUpperCase());
  }
  if (query.locationIds) {
    clauses.push("l.location_id = any(?::uuid[])");
    params.push(`{${query.locationIds.join(",")}}`);
  }
  if (query.due) {
    // The point's own project too, so its (project, state, due_on) index answers.
    clauses.push(`lip.project_id = ? and lip.state = 'notified' and ${DUE_CLAUSES[query.due]}`);
    params.push(projectId, day);
  }
  return { sql: clauses.join(" and "), params };
}

type RawPoint = {
  lot_id: string;
  lot_number: string;
  lot_title: string;
  location_path: string | null;
  itp_id: string;
  itp_number: string;
  item_id: string;
  position: number;
  activity: string;
  kind: PointKind;
  state: PointState;
  last_action: PointAction | null;
  due_on: string | null;
  overdue: boolean;
  notified_at: Date | string | null;
  decided_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toRow(row: RawPoint): HpWpRegisterRow {
  return {
    lotId: row.lot_id,
    lotNumber: row.lot_number,
    lotTitle: row.lot_title,
    locationPath: row.location_path,
    itpId: row.itp_id,
    itpNumber: row.itp_number,
    itemId: row.item_id,
    position: row.position,
    activity: row.activity,
    kind: row.kind,
    state: row.state,
    lastAction: row.last_action,
    dueOn: row.due_on,
    overdue: row.overdue,
    notifiedAt: iso(row.notified_at),
    decidedAt: iso(row.decided_at),
  };
}

/**
 * One page of points in an order: the page's keys first (lot, item) from the indexes alone, then the
 * columns shown for those ten only. `order` is one of the whitelisted orders below, never from the URL.
 */
async function pointsPage(
  em: EntityManager,
  where: Where,
  extra: Where,
  order: Order,
  limit: number,
  offset: number,
  day: string,
): Promise<HpWpRegisterRow[]> {
  if (limit <= 0) return [];
  const raw = await em.execute<RawPoint[]>(
    `select l.id as lot_id, l."number" as lot_number, l.title as lot_title, ${LOCATION_PATH_COLUMN},
       i.id as itp_id, i."number" as itp_number, it.id as item_id, it.position, it.activity,
       it.inspection_point as kind, coalesce(lip.state, 'not_started') as state, lip.last_action,
       lip.due_on::text as due_on, coalesce(lip.state = 'notified' and lip.due_on < ?::date, false) as overdue,
       lip.notified_at, lip.decided_at
     from (
       select l.id as lot_id, it.id as item_id, l.sequence, i."number" as itp_number, it.position, lip.due_on
       from ${POINTS_FROM} join itp i on i.id = li.itp_id
       where ${where.sql}${extra.sql} order by ${order(INNER)} limit ? offset ?
     ) page
     join lot l on l.id = page.lot_id
     join itp_item it on it.id = page.item_id
     join itp i on i.id = it.itp_id
     left join lot_inspection_point lip on lip.lot_id = l.id and lip.item_id = it.id
     order by ${order(PAGE)}`,
    [day, ...where.params, ...extra.params, limit, offset],
  );
  return raw.map(toRow);
}

/**
 * A point waiting for the client on a day (the due order's first part), on the point's own index, and the
 * rest (its second part): written apart, each as the planner can use it.
 */
const waiting = (projectId: string): Where => ({
  sql: " and lip.project_id = ? and lip.state = 'notified' and lip.due_on is not null",
  params: [projectId],
});
const NOT_WAITING: Where = {
  sql: " and (lip.state is distinct from 'notified' or lip.due_on is null)",
  params: [],
};
const NOTHING_MORE: Where = { sql: "", params: [] };

/** The order's columns inside the page's query and outside it (the page's own columns). */
type OrderColumns = { sequence: string; itpNumber: string; position: string; dueOn: string };
type Order = (columns: OrderColumns) => string;
const INNER: OrderColumns = {
  sequence: "l.sequence",
  itpNumber: 'i."number"',
  position: "it.position",
  dueOn: "lip.due_on",
};
const PAGE: OrderColumns = {
  sequence: "page.sequence",
  itpNumber: "page.itp_number",
  position: "page.position",
  dueOn: "page.due_on",
};

const lotOrder =
  (dir: "asc" | "desc"): Order =>
  (c) =>
    `${c.sequence} ${dir}, ${c.itpNumber} asc, ${c.position} asc`;

/**
 * The number of points the query matches, without building every point where it can: unfiltered (or by
 * state alone) it is lots per ITP × the ITP's points of the kind, less the stored states not wanted (the
 * per-item totals); the due filters and the due order's first part count the notified points' own rows; a
 * search alone counts the matching lots' points per ITP. Other filters count the join. (`waitingOnly`: the
 * due order's part of the points waiting for the client.)
 */
async function countPoints(
  em: EntityManager,
  projectId: string,
  query: ResolvedHpWpQuery,
  where: Where,
  waitingOnly?: Where,
) {
  const byLot = query.q !== "" || query.lot !== "" || query.itp !== "" || query.locationIds !== null;
  const byNotice = query.due !== null || waitingOnly !== undefined;
  if (byNotice && !byLot) {
    // Notified points only: counted from their own rows (a stored point is a project lot's, with its ITP
    // on the lot: see below) on the (project, state, due_on) index, which holds each row's item.
    if (query.states.length && !query.states.includes("notified")) return 0;
    const rows = await em.execute<{ total: string | number }[]>(
      `select count(*) as total from lot_inspection_point lip
         join itp_item it on it.id = lip.item_id and it.inspection_point = ?
       where lip.project_id = ? and lip.state = 'notified' and lip.due_on is not null${
         query.due ? ` and ${DUE_CLAUSES[query.due]}` : ""
       }`,
      [query.kind, projectId, ...(query.due ? [today()] : [])],
    );
    return Number(rows[0]?.total ?? 0);
  }
  const searchOnly =
    query.q !== "" &&
    !byNotice &&
    query.states.length === 0 &&
    query.lot === "" &&
    query.itp === "" &&
    !query.locationIds;
  if (searchOnly) {
    // Without building the points: the matching lots' points (per ITP), plus the matching items' points on
    // the other lots. "pier" matches a fifth of 100,000 lots: a count of their points' join costs ten times this.
    const pattern = `%${escapeLike(query.q)}%`;
    const rows = await em.execute<{ total: string | number | null }[]>(
      `with matched as (
         select s.id from lot s where s.project_id = ? and (s."number"::text || ' ' || s."title"::text) ilike ?
       ), per_itp as (
         select it.itp_id, count(*) as points from itp_item it
         where it.project_id = ? and it.inspection_point = ? group by it.itp_id
       )
       select coalesce((select sum(per_itp.points) from matched join lot_itp li on li.lot_id = matched.id
           join per_itp on per_itp.itp_id = li.itp_id), 0)
         + (select count(*) from itp_item it join lot_itp li on li.itp_id = it.itp_id
            where it.project_id = ? and it.inspection_point = ? and it.activity ilike ?
              and li.lot_id not in (select id from matched)) as total`,
      [projectId, pattern, projectId, query.kind, projectId, query.kind, pattern],
    );
    return Number(rows[0]?.total ?? 0);
  }
  if (byLot || byNotice) {
    const extra = waitingOnly ?? NOTHING_MORE;
    const rows = await em.execute<{ total: string | number }[]>(
      `select count(*) as total from ${POINTS_FROM} where ${where.sql}${extra.sql}`,
      [...where.params, ...extra.params],
    );
    return Number(rows[0]?.total ?? 0);
  }
  const wantsNotStarted = query.states.length === 0 || query.states.includes("not_started");
  const storedStates: PointState[] = query.states.filter((state) => state !== "not_started");
  const [all, stored] = await Promise.all([
    wantsNotStarted
      ? em.execute<{ total: string | number | null }[]>(
          `select sum(per_itp.lots * per_itp.points) as total from (
             select li.itp_id, count(*) as lots,
               (select count(*) from itp_item it where it.itp_id = li.itp_id and it.inspection_point = ?) as points
             from lot_itp li where li.project_id = ? group by li.itp_id
           ) per_itp`,
          [query.kind, projectId],
        )
      : Promise.resolve([{ total: 0 }]),
    // Stored states of the kind: every one when subtracting from all the points (all but the wanted ones).
    query.states.length === 0
      ? Promise.resolve([] as { state: PointState; total: string | number }[])
      : em.execute<{ state: PointState; total: string | number }[]>(
          // The per-item totals the triggers keep (a point's row exists only while its ITP is on the lot:
          // an ITP with point steps is not removed from a lot, and a deleted lot takes its rows along).
          `select t.state, sum(t.total) as total from inspection_point_state_total t
             join itp_item it on it.id = t.item_id and it.inspection_point = ?
           where t.project_id = ? and t.state <> 'not_started'
           group by t.state`,
          [query.kind, projectId],
        ),
  ]);
  const storedCount = (wanted: (state: PointState) => boolean) =>
    stored.filter((row) => wanted(row.state)).reduce((sum, row) => sum + Number(row.total), 0);
  if (query.states.length === 0) return Number(all[0]?.total ?? 0);
  const matchedStored = storedCount((state) => storedStates.includes(state));
  if (!wantsNotStarted) return matchedStored;
  return Number(all[0]?.total ?? 0) - storedCount((state) => !storedStates.includes(state));
}

/** One page of the register in the query's order, with the total the pagination shows. */
export async function findHpWpPage(
  em: EntityManager,
  projectId: string,
  query: ResolvedHpWpQuery,
  pageSize = 10,
): Promise<HpWpRegisterPage> {
  const day = today();
  const where = whereFor(projectId, query, day);
  const offset = (query.page - 1) * pageSize;
  const totalPromise = countPoints(em, projectId, query, where);
  if (query.sort === "lot") {
    const [total, rows] = await Promise.all([
      totalPromise,
      pointsPage(em, where, NOTHING_MORE, lotOrder(query.dir), pageSize, offset, day),
    ]);
    return { rows, total, page: query.page, pageSize };
  }
  // By the day to attend: the points waiting for the client (notified) first, by that day in the order
  // asked, read from the (project, state, due_on) index; then the others, newest lot first (a released
  // point's day is history). The page may straddle the two.
  const dated = await countPoints(em, projectId, query, where, waiting(projectId));
  const datedOrder: Order = (c) => `${c.dueOn} ${query.dir}, ${lotOrder("desc")(c)}`;
  const first =
    offset < dated ? await pointsPage(em, where, waiting(projectId), datedOrder, pageSize, offset, day) : [];
  const rest = await pointsPage(
    em,
    where,
    NOT_WAITING,
    lotOrder("desc"),
    pageSize - first.length,
    Math.max(0, offset - dated),
    day,
  );
  return { rows: [...first, ...rest], total: await totalPromise, page: query.page, pageSize };
}

/** The ids of the project's locations whose path contains the text, any case (so those below them too). */
export async function locationsMatching(em: EntityManager, projectId: string, text: string) {
  const wanted = text.toLocaleLowerCase();
  return flattenLocationTree(await listLocationTree(em, projectId))
    .filter((node) => node.ancestorsName.toLocaleLowerCase().includes(wanted))
    .map((node) => node.id);
}

/** The register's page: the query from the URL and its rows. */
export async function loadHpWpRegister(em: EntityManager, projectId: string, url: URL) {
  const query = parseHpWpRegisterQuery(url.searchParams);
  const locationIds = query.location ? await locationsMatching(em, projectId, query.location) : null;
  return { query, ...(await findHpWpPage(em, projectId, { ...query, locationIds }, HP_WP_PAGE_SIZE)) };
}
