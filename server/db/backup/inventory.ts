/**
 * What a database holds, asked the same way of the embedded database and of a server: every table of every
 * schema (the application's, pg-boss's) with its rows, the applied migrations, the server version. The backup
 * records it; the restore checks the restored database against it.
 */
import type { TableRows } from "./archive";

/** Runs one SQL statement and answers its rows (PGlite's query or a pg client's). */
export type RunSql = (sql: string) => Promise<Record<string, unknown>[]>;

/** Ordinary and partitioned tables outside the system schemas; a partition is counted through its parent. */
const TABLES_SQL = `
  select n.nspname as schema, c.relname as name, c.relpersistence = 'u' as unlogged
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
  order by 1, 2`;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;
export const relationOf = (table: { schema: string; name: string }) =>
  `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;

export async function tableRows(run: RunSql): Promise<TableRows[]> {
  const tables = (await run(TABLES_SQL)) as { schema: string; name: string; unlogged: boolean }[];
  if (tables.length === 0) return [];
  // One statement for every count, so a server answers them from one snapshot and in one round trip.
  const counts = await run(
    tables
      .map((table, i) => `select ${i} as i, count(*)::text as rows from ${relationOf(table)}`)
      .join(" union all "),
  );
  const rowsOf = new Map(counts.map((row) => [Number(row.i), Number(row.rows)]));
  return tables.map((table, i) => ({
    schema: table.schema,
    name: table.name,
    rows: rowsOf.get(i) ?? 0,
    ...(table.unlogged ? { unlogged: true as const } : {}),
  }));
}

/** The migrations MikroORM recorded as applied, oldest first; none in a database never migrated. */
export async function appliedMigrations(run: RunSql): Promise<string[]> {
  const [found] = await run(`select to_regclass('public.mikro_orm_migrations') is not null as found`);
  if (!found?.found) return [];
  const rows = await run(`select name from public.mikro_orm_migrations order by id`);
  return rows.map((row) => migrationName(String(row.name)));
}

/** A migration's name without the file extension some MikroORM versions recorded. */
export const migrationName = (name: string) => name.replace(/\.(ts|js)$/, "");

export async function serverVersion(run: RunSql): Promise<string> {
  const [row] = await run("show server_version");
  return String(row?.server_version ?? "unknown");
}

/**
 * Empties a database on a server: every schema but the system ones is dropped, and `public` is made anew
 * (its extensions go with it; the dump creates them again). Run in the restore's transaction.
 */
export const WIPE_SQL = `
do $wipe$
declare
  target text;
begin
  for target in
    select nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'public') and nspname not like 'pg\\_%'
  loop
    execute format('drop schema %I cascade', target);
  end loop;
end $wipe$;
drop schema if exists public cascade;
create schema public;
`;

/**
 * Fails (and so rolls the restore's transaction back) unless every table of the backup is there with the
 * rows it had. Names are qualified: pg_restore's script empties the search path.
 */
export function verifyRowsSql(tables: readonly TableRows[]): string {
  if (tables.length === 0) return "";
  const values = tables
    .map((t) => `(${quoteLiteral(relationOf(t))}, ${quoteLiteral(`${t.schema}.${t.name}`)}, ${t.rows})`)
    .join(",\n    ");
  return `
do $verify$
declare
  t record;
  found bigint;
begin
  for t in select * from (values
    ${values}
  ) as expected(relation, label, rows) loop
    if to_regclass(t.relation) is null then
      raise exception 'The table % is missing after the restore', t.label;
    end if;
    execute 'select count(*) from ' || t.relation into found;
    if found <> t.rows then
      raise exception 'The table % holds % rows after the restore; the backup has %', t.label, found, t.rows;
    end if;
  end loop;
end $verify$;
`;
}

/**
 * The tables whose rows differ between what the backup lists and what a restored embedded database holds.
 * Unlogged tables come back empty from PGlite's snapshot (PostgreSQL empties them after an unclean stop, and
 * a snapshot of a running database is one); SiteProof has none, the test set-up's bookkeeping does.
 */
export function rowDifferences(expected: readonly TableRows[], actual: readonly TableRows[]): string[] {
  const found = new Map(actual.map((t) => [`${t.schema}.${t.name}`, t.rows]));
  return expected.flatMap((t) => {
    const label = `${t.schema}.${t.name}`;
    const rows = found.get(label);
    if (rows === undefined) return [`${label} is missing`];
    return rows === t.rows || t.unlogged ? [] : [`${label} holds ${rows} rows; the backup has ${t.rows}`];
  });
}
