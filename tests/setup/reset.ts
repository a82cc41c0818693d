/**
 * How a test gets an empty database cheaply, however many tables the modules add.
 *
 * Per test, by bench/test-reset.ts (31 tables today → 301 with stand-ins for the modules to come; ranges,
 * as the machine is shared): restoring the snapshot into a new PGlite costs 0.35–0.6 s, cloning the template
 * on the server 0.04–0.3 s → 0.1–1 s; truncating every table 25–30 ms → 200–300 ms embedded and 60–135 ms →
 * 500–660 ms on the server (a TRUNCATE makes new files for every table). Truncating only the tables written
 * to is no better: the cascade drags in every table with a foreign key to them, and nearly all point at
 * `project` or `app_user`. Probing every table for rows, then deleting those, costs 2–4 ms → 12–23 ms.
 * Deleting the rows of the tables that triggers noted costs 0.6–1.4 ms at either size, plus ~0.05 ms per
 * insert statement for the trigger. So the migrated database (the test snapshot or template only) carries
 * some bookkeeping:
 *
 * - a statement trigger on every table notes in `siteproof_test.written` that the table received rows;
 * - event triggers note in `siteproof_test.ddl` any change of schema;
 * - `siteproof_test.reset()` deletes the rows of the noted tables (foreign keys unchecked: every table
 *   that holds rows is emptied), drops the schemas created since (pg-boss makes its own) and answers
 *   false when other DDL ran, which only a restore undoes.
 *
 * Switching foreign keys off (session_replication_role) and event triggers need a superuser: the embedded
 * database runs as one, a PostgreSQL server must be reached as one.
 */
import type { EntityManager } from "@mikro-orm/postgresql";

export const RESET_SCHEMA = "siteproof_test";

/** Added to the migrated database before it becomes the snapshot or template. */
export const INSTALL_RESET_SQL = `
create schema ${RESET_SCHEMA};

-- One row per table that received rows since the last reset (two if two transactions raced: harmless).
create unlogged table ${RESET_SCHEMA}.written (name text not null);
create unlogged table ${RESET_SCHEMA}.ddl (tag text not null, schema_name text, identity text);

create function ${RESET_SCHEMA}.note_write() returns trigger language plpgsql as $$
declare
  written_table text := format('%I.%I', tg_table_schema, tg_table_name);
begin
  -- No unique index: an upsert would make concurrent transactions that insert into one table wait for each other.
  if not exists (select from ${RESET_SCHEMA}.written w where w.name = written_table) then
    insert into ${RESET_SCHEMA}.written values (written_table);
  end if;
  return null;
end $$;

do $$
declare
  app_table text;
begin
  for app_table in
    select format('%I.%I', schemaname, tablename) from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema', '${RESET_SCHEMA}')
      and tablename <> 'mikro_orm_migrations'
  loop
    execute format(
      'create trigger ${RESET_SCHEMA}_written after insert on %s for each statement execute function ${RESET_SCHEMA}.note_write()',
      app_table
    );
  end loop;
end $$;

create function ${RESET_SCHEMA}.note_ddl() returns event_trigger language plpgsql as $$
begin
  insert into ${RESET_SCHEMA}.ddl select command_tag, schema_name, object_identity from pg_event_trigger_ddl_commands();
end $$;

create function ${RESET_SCHEMA}.note_drop() returns event_trigger language plpgsql as $$
begin
  insert into ${RESET_SCHEMA}.ddl
    select 'DROP ' || object_type, schema_name, object_identity from pg_event_trigger_dropped_objects();
end $$;

create function ${RESET_SCHEMA}.reset() returns boolean language plpgsql as $$
declare
  created_schemas text[] := array(select identity from ${RESET_SCHEMA}.ddl where tag = 'CREATE SCHEMA');
  target text;
begin
  if exists (
    select from ${RESET_SCHEMA}.ddl d
    where d.tag <> 'CREATE SCHEMA'
      and not coalesce(d.schema_name = any (created_schemas), false)
      and not coalesce(d.schema_name like 'pg\\_temp%', false)
  ) then
    return false;
  end if;
  -- Also keeps the event triggers from noting the drops below. Ends with the transaction.
  perform set_config('session_replication_role', 'replica', true);
  foreach target in array created_schemas loop
    execute format('drop schema if exists %I cascade', target);
  end loop;
  for target in select distinct w.name from ${RESET_SCHEMA}.written w loop
    execute 'delete from ' || target;
  end loop;
  delete from ${RESET_SCHEMA}.written;
  delete from ${RESET_SCHEMA}.ddl;
  return true;
end $$;

create event trigger ${RESET_SCHEMA}_ddl on ddl_command_end execute function ${RESET_SCHEMA}.note_ddl();
create event trigger ${RESET_SCHEMA}_drop on sql_drop execute function ${RESET_SCHEMA}.note_drop();
`;

/** Empties what the last test wrote. False: the schema changed, the database must be restored. */
export async function resetDatabase(em: EntityManager): Promise<boolean> {
  const [row] = await em.execute<{ reset: boolean }[]>(`select ${RESET_SCHEMA}.reset() as reset`);
  return row.reset;
}

/**
 * A schema diff without the bookkeeping above: what the migrations made is compared with the entities,
 * not what the test set-up added (MikroORM would drop the triggers and the schema). Each statement of the
 * diff is one line; every object of the bookkeeping carries the schema's name.
 */
export function withoutResetBookkeeping(diff: string): string {
  return diff
    .split("\n")
    .filter((line) => !line.includes(RESET_SCHEMA))
    .join("\n")
    .trim();
}

/**
 * The embedded database has no autovacuum: without this the bookkeeping tables would grow by a few pages
 * per hundred tests, and every reset reads them. Once per test file is plenty (~1 ms).
 */
export async function vacuumResetTables(em: EntityManager): Promise<void> {
  await em.execute(`vacuum ${RESET_SCHEMA}.written, ${RESET_SCHEMA}.ddl`);
}
