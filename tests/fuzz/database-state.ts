/**
 * What a refused request must leave as it was: every table's rows. A state is, per table, the row count and
 * the newest row version's transaction (xmin: an insert or an update writes a row version of its own, a
 * delete lowers the count), read in one query, cheap at any table width.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { RESET_SCHEMA } from "~/tests/setup/reset";

export type TableState = { rows: number; digest: string };
export type DatabaseState = Map<string, TableState> & { mark?: string };

/**
 * Tables a refused request writes to on purpose: a failed sign-in is counted (rate_limit) and kept in the
 * security audit trail (security_event), whatever the form said. Their rows are still counted, but a change
 * there is not a change made by the refused form.
 */
export const BOOKKEEPING_TABLES = new Set(["public.rate_limit", "public.security_event"]);

let statementOf = new WeakMap<object, Promise<string>>();

async function stateQuery(em: EntityManager): Promise<string> {
  const tables = await em.execute<{ name: string }[]>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema', '${RESET_SCHEMA}')
       and tablename <> 'mikro_orm_migrations'
     order by 1`,
  );
  // The first transaction id not yet given out: a transaction that writes anything takes one, so while it
  // stays the same nothing was written (elsewhere on a shared server it moves for others' writes too: then
  // the tables are compared).
  const mark = `select '${MARK}' as name, 0 as rows, pg_snapshot_xmax(pg_current_snapshot())::text as digest`;
  return [
    mark,
    ...tables.map(
      ({ name }) =>
        `select '${name.replace(/'/g, "''")}' as name, count(*)::int as rows,
           coalesce(max(t.xmin::text::bigint), 0)::text as digest from ${name} t`,
    ),
  ].join("\nunion all\n");
}

/** Row counts and digests of every table of the application (the test bookkeeping left out). */
export async function databaseState(em: EntityManager): Promise<DatabaseState> {
  const key = em.getConnection();
  let statement = statementOf.get(key);
  if (!statement) {
    statement = stateQuery(em);
    statementOf.set(key, statement);
  }
  const rows = await em.execute<{ name: string; rows: number; digest: string }[]>(await statement);
  const state: DatabaseState = new Map(
    rows
      .filter((row) => row.name !== MARK)
      .map((row) => [row.name, { rows: Number(row.rows), digest: row.digest }]),
  );
  state.mark = rows.find((row) => row.name === MARK)?.digest;
  return state;
}

const MARK = "~write-mark";

/** Whether anything may have been written since the state was read (false: surely nothing). */
export async function writtenSince(em: EntityManager, state: DatabaseState): Promise<boolean> {
  const [row] = await em.execute<{ mark: string }[]>(
    "select pg_snapshot_xmax(pg_current_snapshot())::text as mark",
  );
  return row.mark !== state.mark;
}

/** Forget the table list (a test made a table, or the database was replaced). */
export function forgetStateQuery() {
  statementOf = new WeakMap();
}

/** The tables whose rows differ between two states, with their counts ("lot 3 → 4", "role 2 (updated)"). */
export function changedTables(before: DatabaseState, after: DatabaseState): string[] {
  const changes: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    if (BOOKKEEPING_TABLES.has(name)) continue;
    const a = before.get(name);
    const b = after.get(name);
    if (a?.digest === b?.digest && a?.rows === b?.rows) continue;
    changes.push(
      a?.rows === b?.rows ? `${name} ${a?.rows ?? 0} (updated)` : `${name} ${a?.rows ?? 0} → ${b?.rows ?? 0}`,
    );
  }
  return changes;
}
