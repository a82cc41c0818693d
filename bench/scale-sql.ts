import type pg from "pg";

/**
 * What every register's bulk fill shares (bench/scale-data.ts for the project and the quality registers,
 * bench/scale-actions.ts for the safety actions): SQL literals, timed steps, counts and the drop-and-rebuild
 * of a table's secondary indexes around its bulk insert.
 */

export const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const sqlArray = (values: readonly string[]) => `array[${values.map(sqlText).join(", ")}]`;
export const sqlOrNull = (value: string | null) => (value === null ? "null" : sqlText(value));

/** One statement, its time logged as "  label (1.2 s)". */
export function timedStep(client: pg.Client, log: (line: string) => void) {
  return async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await client.query(sql, params);
    log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
}

export async function countRows(client: pg.Client, table: string, projectId: string) {
  const result = await client.query<{ n: string }>(
    `select count(*) as n from ${table} where project_id = $1`,
    [projectId],
  );
  return Number(result.rows[0].n);
}

/** Rows per value of a column in the project, e.g. a register's status mix. */
export async function countBy(client: pg.Client, table: string, column: string, projectId: string) {
  const { rows } = await client.query<{ value: string; n: string }>(
    `select ${column} as value, count(*) as n from ${table} where project_id = $1 group by 1 order by 1`,
    [projectId],
  );
  return Object.fromEntries(rows.map((row) => [row.value, Number(row.n)]));
}

/**
 * Drops the table's secondary indexes and returns their definitions: a bulk insert into a table without
 * them, then one build per index, is several times faster than maintaining a trigram index row by row.
 * The indexes of constraints (primary key, uniques) stay.
 */
export async function dropSecondaryIndexes(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
     where t.relname = $1 and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [table],
  );
  for (const row of rows) await client.query(`drop index "${row.name}"`);
  return rows.map((row) => row.definition);
}

/** The bulk insert run between dropping the table's secondary indexes and building them again. */
export async function withoutSecondaryIndexes(
  client: pg.Client,
  table: string,
  log: (line: string) => void,
  insert: () => Promise<void>,
) {
  const definitions = await dropSecondaryIndexes(client, table);
  await insert();
  const t0 = performance.now();
  for (const definition of definitions) await client.query(definition);
  log(`  ${table} indexes rebuilt (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
