import type { EntityManager } from "@mikro-orm/postgresql";
import { type ListSort, readListSort } from "~/app/ui/list-sort";
import { escapeLike } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import { LOCATION_NAME_SEPARATOR } from "~/server/locations/tree";
import { LOT_STATUSES, LOT_SUB_STATUSES, type LotStatus, type LotSubStatus } from "../domain/lot-workflow";

/**
 * The lot register: the filtered, paginated list of a project's lots (screen, Excel export, benchmark).
 * Plain SQL on purpose: at 100,000 lots a page must cost a handful of index reads, so every query names
 * the project, the search is the exact expression of the trigram index, each order has its index, and
 * rows carry only the columns the register shows.
 */

/** The columns the register can be ordered by (?sort=); each has a (project, column, sequence) index. */
export const LOT_REGISTER_SORTS = ["number", "title", "updatedAt"] as const;
export type LotRegisterSort = (typeof LOT_REGISTER_SORTS)[number];

/** Newest lot first. */
export const LOT_REGISTER_DEFAULT_SORT: ListSort<LotRegisterSort> = { sort: "number", dir: "desc" };

export type LotRegisterQuery = {
  q: string;
  statuses: LotStatus[];
  /** A step within the status ("waiting for QA"): the quality home's "waiting for you" links list these. */
  subStatuses: LotSubStatus[];
  lotTypes: string[];
  itpIds: string[];
  workPacks: string[];
  /** This location and its whole subtree. */
  locationId: string | null;
} & ListSort<LotRegisterSort>;

export type LotRegisterRow = {
  id: string;
  number: string;
  title: string;
  status: LotStatus;
  subStatus: LotSubStatus | null;
  lotType: string | null;
  locationId: string | null;
  /** "Bridge › Span 2 › Deck", or null without a location. */
  locationPath: string | null;
  workPack: string | null;
  itpNumbers: string[];
  /** ISO timestamp. */
  updatedAt: string;
  area: string | null;
  activity: string | null;
  discipline: string | null;
  zone: string | null;
  chainageStart: number | null;
  chainageEnd: number | null;
  subcontractorName: string | null;
  /** Site dates as YYYY-MM-DD. */
  lotOpenedOn: string | null;
  lotCloseTarget: string | null;
};

export type LotRegisterPage = { rows: LotRegisterRow[]; total: number; page: number; pageSize: number };

/** Spec 9: 10 rows per page. */
export const LOT_REGISTER_PAGE_SIZE = 10;

/** The URL names of the register's state, shared by the page, its forms and the export link. */
export const LOT_REGISTER_PARAMS = {
  q: "q",
  status: "status",
  subStatus: "subStatus",
  lotType: "type",
  itp: "itp",
  workPack: "workPack",
  location: "location",
} as const;

const SEARCH_MAX = 200;
/** Lot type and work pack columns are 100 long: a longer value cannot match and is dropped. */
const VALUE_MAX = 100;

const distinctValues = (values: string[], keep: (value: string) => boolean) => [
  ...new Set(values.map((value) => value.trim()).filter((value) => value !== "" && keep(value))),
];

/** The register's state from a URL; values that cannot match anything are dropped rather than refused. */
export function parseLotRegisterQuery(searchParams: URLSearchParams): LotRegisterQuery {
  const P = LOT_REGISTER_PARAMS;
  const location = searchParams.get(P.location)?.trim() ?? "";
  return {
    q: (searchParams.get(P.q) ?? "").trim().slice(0, SEARCH_MAX),
    statuses: distinctValues(searchParams.getAll(P.status), (value) =>
      (LOT_STATUSES as readonly string[]).includes(value),
    ) as LotStatus[],
    subStatuses: distinctValues(searchParams.getAll(P.subStatus), (value) =>
      (LOT_SUB_STATUSES as readonly string[]).includes(value),
    ) as LotSubStatus[],
    lotTypes: distinctValues(searchParams.getAll(P.lotType), (value) => value.length <= VALUE_MAX),
    itpIds: distinctValues(searchParams.getAll(P.itp), isUuid).map((id) => id.toLowerCase()),
    workPacks: distinctValues(searchParams.getAll(P.workPack), (value) => value.length <= VALUE_MAX),
    locationId: isUuid(location) ? location.toLowerCase() : null,
    ...readListSort(searchParams, LOT_REGISTER_SORTS, LOT_REGISTER_DEFAULT_SORT),
  };
}

/** The query back as URL params (the export link, the table's links keep the same state). */
export function lotRegisterSearchParams(query: LotRegisterQuery): URLSearchParams {
  const P = LOT_REGISTER_PARAMS;
  const params = new URLSearchParams();
  if (query.q) params.set(P.q, query.q);
  for (const status of query.statuses) params.append(P.status, status);
  for (const subStatus of query.subStatuses) params.append(P.subStatus, subStatus);
  for (const lotType of query.lotTypes) params.append(P.lotType, lotType);
  for (const itpId of query.itpIds) params.append(P.itp, itpId);
  for (const workPack of query.workPacks) params.append(P.workPack, workPack);
  if (query.locationId) params.set(P.location, query.locationId);
  const { sort, dir } = LOT_REGISTER_DEFAULT_SORT;
  if (query.sort !== sort || query.dir !== dir) {
    params.set("sort", query.sort);
    params.set("dir", query.dir);
  }
  return params;
}

export function isFilteredLotQuery(query: LotRegisterQuery): boolean {
  return (
    query.q !== "" ||
    query.statuses.length > 0 ||
    query.subStatuses.length > 0 ||
    query.lotTypes.length > 0 ||
    query.itpIds.length > 0 ||
    query.workPacks.length > 0
  );
}

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

type Where = { sql: string; params: unknown[] };

/**
 * The conditions of the query. The location filter takes the location and every location below it (their
 * materialised path starts with its own); one that is not the project's matches nothing, like any other
 * filter on a value the project does not have.
 */
function whereFor(projectId: string, query: LotRegisterQuery): Where {
  const clauses = ["l.project_id = ?"];
  const params: unknown[] = [projectId];
  if (query.q) {
    clauses.push(`(l."number"::text || ' ' || l."title"::text) ilike ?`);
    params.push(`%${escapeLike(query.q)}%`);
  }
  if (query.statuses.length) {
    clauses.push(`l.status in (${placeholders(query.statuses)})`);
    params.push(...query.statuses);
  }
  if (query.subStatuses.length) {
    clauses.push(`l.sub_status in (${placeholders(query.subStatuses)})`);
    params.push(...query.subStatuses);
  }
  if (query.lotTypes.length) {
    clauses.push(`l.lot_type in (${placeholders(query.lotTypes)})`);
    params.push(...query.lotTypes);
  }
  if (query.workPacks.length) {
    clauses.push(`l.work_pack in (${placeholders(query.workPacks)})`);
    params.push(...query.workPacks);
  }
  if (query.itpIds.length) {
    clauses.push(
      `exists (select 1 from lot_itp li where li.lot_id = l.id and li.itp_id in (${placeholders(query.itpIds)}))`,
    );
    params.push(...query.itpIds);
  }
  if (query.locationId) {
    clauses.push(
      `l.location_id in (
         select below.id from location chosen join location below on below.project_id = chosen.project_id
           and (below.id = chosen.id or below.path like chosen.path || chosen.id || '/%')
         where chosen.id = ? and chosen.project_id = ?)`,
    );
    params.push(query.locationId, projectId);
  }
  return { sql: clauses.join(" and "), params };
}

type RawLotRow = {
  id: string;
  number: string;
  sequence: number;
  /** The sorted column's value as text, where the next export batch starts (keyset). */
  sort_key: string | null;
  title: string;
  status: LotStatus;
  sub_status: LotSubStatus | null;
  lot_type: string | null;
  location_id: string | null;
  work_pack: string | null;
  updated_at: Date | string;
  area: string | null;
  activity: string | null;
  discipline: string | null;
  zone: string | null;
  chainage_start: number | string | null;
  chainage_end: number | string | null;
  subcontractor_name: string | null;
  lot_opened_on: string | null;
  lot_close_target: string | null;
  location_path: string | null;
  itp_numbers: string[];
};

/**
 * How each order is written. Ties (same title, same time) fall back to the lot number in the same
 * direction, so one walk of the (project, column, sequence) index serves the page, forwards or backwards.
 */
const ORDER_COLUMNS: Record<LotRegisterSort, { expression: string; type: string } | null> = {
  number: null,
  title: { expression: "l.title", type: "text" },
  updatedAt: { expression: "l.updated_at", type: "timestamptz" },
};

type Order = ListSort<LotRegisterSort>;

/** The ORDER BY of a whitelisted order: both parts come from the tables above, never from the URL. */
function orderBy({ sort, dir }: Order): string {
  const direction = dir === "asc" ? "asc" : "desc";
  const column = ORDER_COLUMNS[sort];
  return column ? `${column.expression} ${direction}, l.sequence ${direction}` : `l.sequence ${direction}`;
}

/** The rows after `last` in this order: a row comparison the index answers directly (keyset, no offset). */
function after({ sort, dir }: Order, last: RawLotRow): Where {
  const comparison = dir === "asc" ? ">" : "<";
  const column = ORDER_COLUMNS[sort];
  if (!column) return { sql: ` and l.sequence ${comparison} ?`, params: [last.sequence] };
  return {
    sql: ` and (${column.expression}, l.sequence) ${comparison} (?::${column.type}, ?)`,
    params: [last.sort_key, last.sequence],
  };
}

/** The separator as an SQL literal (a constant of ours, quoted once). */
const SEPARATOR_SQL = `'${LOCATION_NAME_SEPARATOR.replaceAll("'", "''")}'`;

/**
 * The row's location by name from the root ("Bridge › Span 2 › Deck"): its ancestors are the ids of its
 * materialised path, in order of their own paths' length (each one's path is a prefix of the next one's).
 * Per row, like its ITP numbers, so a page is one statement: each query is a round trip whose socket write
 * costs more than these index lookups. (A walk of the path with ordinality cost ten times more per row.)
 */
export const LOCATION_PATH_COLUMN = `(select concat_ws(${SEPARATOR_SQL}, (
    select string_agg(above.name, ${SEPARATOR_SQL} order by length(above.path))
    from location above where above.id = any(string_to_array(trim(both '/' from here.path), '/')::uuid[])
  ), here.name) from location here where here.id = l.location_id) as location_path`;
const ITP_NUMBERS_COLUMN = `array(select i."number" from lot_itp li join itp i on i.id = li.itp_id
    where li.lot_id = l.id order by i."number") as itp_numbers`;

// Dates as text: a `date` read into a JavaScript Date would shift with the server's time zone. The sort
// key is text too: a timestamp read into a Date would lose its microseconds and the keyset would skip rows.
const rowColumns = ({
  sort,
}: Order) => `l.id, l."number", l.sequence, l.title, l.status, l.sub_status, l.lot_type, l.location_id, l.work_pack,
  l.updated_at, l.area, l.activity, l.discipline, l.zone, l.chainage_start, l.chainage_end,
  c.name as subcontractor_name, l.lot_opened_on::text as lot_opened_on, l.lot_close_target::text as lot_close_target,
  ${ORDER_COLUMNS[sort] ? `${ORDER_COLUMNS[sort].expression}::text` : "null"} as sort_key,
  ${LOCATION_PATH_COLUMN}, ${ITP_NUMBERS_COLUMN}`;

const SUBCONTRACTOR_JOIN = "left join company c on c.id = l.subcontractor_id";
const ROW_SOURCE = `lot l ${SUBCONTRACTOR_JOIN}`;

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

function toRow(row: RawLotRow): LotRegisterRow {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    subStatus: row.sub_status,
    lotType: row.lot_type,
    locationId: row.location_id,
    locationPath: row.location_path,
    workPack: row.work_pack,
    itpNumbers: row.itp_numbers,
    updatedAt: new Date(row.updated_at).toISOString(),
    area: row.area,
    activity: row.activity,
    discipline: row.discipline,
    zone: row.zone,
    chainageStart: numberOrNull(row.chainage_start),
    chainageEnd: numberOrNull(row.chainage_end),
    subcontractorName: row.subcontractor_name,
    lotOpenedOn: row.lot_opened_on,
    lotCloseTarget: row.lot_close_target,
  };
}

/**
 * The number of lots the query matches. Without a search or a filter other than status, it is read from the
 * per-status totals the database keeps beside the lots (O(1) at any size); otherwise counted.
 */
async function countLots(em: EntityManager, projectId: string, query: LotRegisterQuery, where: Where) {
  const byStatusOnly =
    query.q === "" &&
    query.subStatuses.length === 0 &&
    query.lotTypes.length === 0 &&
    query.itpIds.length === 0 &&
    query.workPacks.length === 0 &&
    query.locationId === null;
  const rows = byStatusOnly
    ? await em.execute<{ total: string | number | null }[]>(
        `select sum(total) as total from lot_status_total where project_id = ?${
          query.statuses.length ? ` and status in (${placeholders(query.statuses)})` : ""
        }`,
        [projectId, ...query.statuses],
      )
    : await em.execute<{ total: string | number }[]>(
        `select count(*) as total from lot l where ${where.sql}`,
        where.params,
      );
  return Number(rows[0]?.total ?? 0);
}

/** One page of the register in the query's order (newest lot first by default), with the total the pagination shows. */
export async function findLotPage(
  em: EntityManager,
  projectId: string,
  query: LotRegisterQuery,
  page: number,
  pageSize: number = LOT_REGISTER_PAGE_SIZE,
): Promise<LotRegisterPage> {
  const where = whereFor(projectId, query);
  const safePage = Number.isInteger(page) && page >= 1 ? page : 1;
  const [total, raw] = await Promise.all([
    countLots(em, projectId, query, where),
    // The page's ids first, from the index alone; the joins then run for those rows only, not for
    // every row an offset skips (page 5,000 skips 49,990).
    em.execute<RawLotRow[]>(
      `select ${rowColumns(query)} from (
         select l.id from lot l where ${where.sql} order by ${orderBy(query)} limit ? offset ?
       ) page_ids join lot l on l.id = page_ids.id ${SUBCONTRACTOR_JOIN}
       order by ${orderBy(query)}`,
      [...where.params, pageSize, (safePage - 1) * pageSize],
    ),
  ]);
  return {
    rows: raw.map(toRow),
    total,
    page: safePage,
    pageSize,
  };
}

/** Every lot matching the query, in the register's order, in batches (keyset, no offset) — for exports. */
export async function* iterateLots(
  em: EntityManager,
  projectId: string,
  query: LotRegisterQuery,
  batchSize = 1000,
): AsyncGenerator<LotRegisterRow[]> {
  const where = whereFor(projectId, query);
  let last: RawLotRow | null = null;
  while (true) {
    const keyset: Where = last === null ? { sql: "", params: [] } : after(query, last);
    const raw: RawLotRow[] = await em.execute<RawLotRow[]>(
      `select ${rowColumns(query)} from ${ROW_SOURCE} where ${where.sql}${keyset.sql}
       order by ${orderBy(query)} limit ?`,
      [...where.params, ...keyset.params, batchSize],
    );
    if (raw.length === 0) return;
    yield raw.map(toRow);
    if (raw.length < batchSize) return;
    last = raw[raw.length - 1];
  }
}

/** Lots per location id (own lots only; `subtreeCounts` adds the descendants'): one grouped query. */
export async function countLotsByLocation(
  em: EntityManager,
  projectId: string,
): Promise<Record<string, number>> {
  const rows = await em.execute<{ location_id: string; total: string | number }[]>(
    `select location_id, count(*) as total from lot where project_id = ? and location_id is not null
     group by location_id`,
    [projectId],
  );
  return Object.fromEntries(rows.map((row) => [row.location_id, Number(row.total)]));
}
