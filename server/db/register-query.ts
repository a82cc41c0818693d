import type { EntityManager } from "@mikro-orm/postgresql";
import { containsPattern } from "./like";

/**
 * The query kit of a register page (decision 038): the filters of the URL as one where clause with its
 * parameters kept in step, a page read by its ids first, and the total. Every register writes its own
 * SQL columns and joins; what is the same in each (placeholders, the ids-first page, the count) is here.
 */

/** A SQL condition and the values of its `?` placeholders, in order. */
export type SqlCondition = { sql: string; params: unknown[] };

const given = (value: unknown) => value !== null && value !== undefined && value !== "" && value !== false;

/** `?, ?, ?` for a list of values. */
export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/**
 * A where clause built a filter at a time: each method adds its condition only when the filter is set
 * (null, undefined, "" and false are "not set"), so a register reads as the list of its filters.
 */
export class RegisterWhere implements SqlCondition {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  /** Starts from the condition every row of the register meets (its project). */
  constructor(sql: string, ...params: unknown[]) {
    this.add(sql, ...params);
  }

  get sql() {
    return this.clauses.join(" and ");
  }

  /** Adds a condition as written. */
  add(sql: string, ...params: unknown[]) {
    this.clauses.push(sql);
    this.params.push(...params);
    return this;
  }

  /** Adds a condition built elsewhere (a domain rule as SQL), when there is one. */
  also(condition: SqlCondition | null | undefined) {
    return condition?.sql ? this.add(condition.sql, ...condition.params) : this;
  }

  /** Adds the condition when `value` is set; its placeholders take `params`, or the value itself. */
  when(value: unknown, sql: string, ...params: unknown[]) {
    if (given(value)) this.add(sql, ...(params.length ? params : [value]));
    return this;
  }

  /** `column = value` when the value is set. */
  equals(column: string, value: unknown) {
    return this.when(value, `${column} = ?`);
  }

  /** `column >= value` when set (a day or an instant). */
  atLeast(column: string, value: unknown) {
    return this.when(value, `${column} >= ?`);
  }

  /** `column <= value` when set. */
  atMost(column: string, value: unknown) {
    return this.when(value, `${column} <= ?`);
  }

  /** `column < value` when set (the first instant after a range). */
  before(column: string, value: unknown) {
    return this.when(value, `${column} < ?`);
  }

  /**
   * The column among the ids: null leaves the register unfiltered, an empty list matches nothing (a
   * filter whose choices are all gone must not widen to everything).
   */
  within(column: string, ids: readonly string[] | null | undefined) {
    if (!ids) return this;
    return ids.length ? this.add(`${column} in (${placeholders(ids)})`, ...ids) : this.add("false");
  }

  /**
   * The text anywhere in the expression (case-insensitive, typed `%` and `_` matched as such), or any of
   * the alternatives (`or` conditions such as "created by one of these people").
   */
  search(expression: string, text: string | null | undefined, ...alternatives: SqlCondition[]) {
    if (!given(text)) return this;
    const others = alternatives.filter((alternative) => alternative.sql);
    return this.add(
      `((${expression}) ilike ?${others.map((other) => ` or ${other.sql}`).join("")})`,
      containsPattern(String(text)),
      ...others.flatMap((other) => other.params),
    );
  }
}

/** Starts a register's where clause. */
export const registerWhere = (sql: string, ...params: unknown[]) => new RegisterWhere(sql, ...params);

/** Ids as an `or` alternative of a search: `column in (…)`, nothing when there are none. */
export const amongIds = (column: string, ids: readonly string[]): SqlCondition =>
  ids.length ? { sql: `${column} in (${placeholders(ids)})`, params: [...ids] } : { sql: "", params: [] };

export type RegisterPageQuery = {
  /** The register's table and its alias: "safety_action a". */
  from: string;
  /** The alias's id column: "a.id". */
  id: string;
  /** The columns of a row, over the table's alias and the joins'. */
  select: string;
  /** The values of the columns' own placeholders (a count of documents expiring before a day). */
  selectParams?: unknown[];
  /** Joins for the page's rows only (people's names, a location). */
  joins?: string;
  where: SqlCondition;
  /** The order, ending on a unique column so pages never overlap: "a.due_date desc, a.sequence desc". */
  order: string;
  page: number;
  pageSize: number;
};

/**
 * One page of a register. The page's ids come from the table's indexes alone; only those rows are then
 * joined to their people and places (page 5,000 skips 49,990 rows, and none of them is joined).
 */
export function registerPageRows<Row>(em: EntityManager, query: RegisterPageQuery): Promise<Row[]> {
  const alias = query.from.trim().split(/\s+/).at(-1);
  return em.execute<Row[]>(
    `select ${query.select}
     from (select ${query.id} from ${query.from} where ${query.where.sql} order by ${query.order} limit ? offset ?) page_ids
     join ${query.from} on ${alias}.id = page_ids.id
     ${query.joins ?? ""}
     order by ${query.order}`,
    [
      ...(query.selectParams ?? []),
      ...query.where.params,
      query.pageSize,
      (Math.max(1, query.page) - 1) * query.pageSize,
    ],
  );
}

/** How many rows of the table match the condition, counted on its indexes. */
export async function registerCount(em: EntityManager, from: string, where: SqlCondition): Promise<number> {
  const rows = await em.execute<{ total: string | number | null }[]>(
    `select count(*) as total from ${from} where ${where.sql}`,
    where.params,
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * The register's total from the per-state totals its triggers keep (server/db/status-totals.ts): of the
 * whole project, or of one state. Only for a view no other filter narrows.
 */
export async function statusTotal(
  em: EntityManager,
  totalsTable: string,
  projectId: string,
  status?: string | null,
): Promise<number> {
  const rows = await em.execute<{ total: string | number | null }[]>(
    `select sum(total) as total from ${totalsTable} where project_id = ?${status ? " and status = ?" : ""}`,
    status ? [projectId, status] : [projectId],
  );
  return Number(rows[0]?.total ?? 0);
}
