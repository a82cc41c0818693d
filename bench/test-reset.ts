/**
 * What it costs to give a test an empty database, by each way of doing it (tests/setup/reset.ts chose from
 * these figures). Prints medians; passes or fails nothing.
 *
 *   npx tsx bench/test-reset.ts [extra tables] [rounds]          embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/test-reset.ts 270     a PostgreSQL server (needs a superuser)
 *
 * Extra tables (each with a foreign key to `project`) stand in for the modules to come.
 */
import pg from "pg";
import { connectionFromUrl } from "~/server/db/config";
import { type Database, openDatabase } from "~/server/db/database";
import { Session } from "~/server/db/entities";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { INSTALL_RESET_SQL, RESET_SCHEMA, resetDatabase } from "~/tests/setup/reset";
import { withDatabase } from "~/tests/setup/vitest.global";

process.env.SESSION_SECRET ??= "bench-session-secret-that-is-long-enough-0123456789";
const extraTables = Number(process.argv[2] ?? 0);
const rounds = Number(process.argv[3] ?? 15);
const serverUrl = process.env.DATABASE_URL;

const extraTablesSql = Array.from(
  { length: extraTables },
  (_, i) => `create table "extra_${i}" ("id" uuid primary key,
    "project_id" uuid not null references "project" ("id") on delete cascade,
    "name" varchar(200) not null, "created_at" timestamptz not null default now(), "data" jsonb null);
  create index on "extra_${i}" ("project_id");`,
).join("\n");

async function measure(label: string, work: () => Promise<unknown>, before?: () => Promise<unknown>) {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (before) await before();
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`${label.padEnd(58)} ${median.toFixed(1).padStart(8)} ms  (min ${samples[0].toFixed(1)})`);
}

/** About what one integration test writes. */
async function aTestsWrites(db: Database) {
  const em = db.orm.em.fork();
  const project = await createProject(em);
  const user = await createUser(em);
  await addMember(em, { project, user, role: await createRole(em) });
  em.create(Session, { user, expiresAt: new Date(Date.now() + 3_600_000) } as any);
  await em.flush();
  for (let i = 0; i < Math.min(extraTables, 3); i++)
    await em.execute(`insert into "extra_${i}" (id, project_id, name) values (gen_random_uuid(), ?, 'x')`, [
      project.id,
    ]);
}

async function appTables(db: Database): Promise<string[]> {
  const rows = await db.orm.em.fork().execute<{ name: string }[]>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema', '${RESET_SCHEMA}')
       and tablename <> 'mikro_orm_migrations'`,
  );
  return rows.map((row) => row.name);
}

async function compareResets(db: Database) {
  const tables = await appTables(db);
  const execute = (sql: string) => db.orm.em.fork().execute(sql);
  const truncateAll = () => execute(`truncate ${tables.join(", ")} cascade`);
  const nonEmpty = async () =>
    (
      await db.orm.em
        .fork()
        .execute<{ name: string }[]>(
          tables.map((t) => `select '${t}' as name where exists (select from ${t})`).join(" union all "),
        )
    ).map((row) => row.name);
  const writes = () => aTestsWrites(db);
  console.log(`${tables.length} tables`);
  await measure("truncate every table", truncateAll, writes);
  await measure(
    "probe every table for rows, truncate those (cascade)",
    async () => {
      const dirty = await nonEmpty();
      if (dirty.length) await execute(`truncate ${dirty.join(", ")} cascade`);
    },
    writes,
  );
  const probeAndDelete = async () => {
    const dirty = await nonEmpty();
    if (dirty.length)
      await execute(
        `begin; set local session_replication_role = replica; ${dirty.map((t) => `delete from ${t};`).join(" ")} commit;`,
      );
  };
  await measure("probe every table for rows, delete them", probeAndDelete, writes);
  await measure("a test's writes, no trigger", writes, probeAndDelete);
  await execute(INSTALL_RESET_SQL);
  await measure("a test's writes, with the tracking triggers", writes, () => resetDatabase(db.orm.em.fork()));
  await measure(
    "siteproof_test.reset() after a test's writes",
    () => resetDatabase(db.orm.em.fork()),
    writes,
  );
  await measure("siteproof_test.reset() with nothing written", () => resetDatabase(db.orm.em.fork()));
}

async function embedded() {
  const source = await openDatabase({});
  await source.orm.migrator.up();
  if (extraTables) await source.orm.em.fork().execute(extraTablesSql);
  const snapshot = await source.embedded!.pglite.dumpDataDir("none");
  await source.close();
  console.log(`embedded PGlite, snapshot ${(snapshot.size / 1e6).toFixed(0)} MB`);
  await measure("restore the snapshot into a new PGlite (+ MikroORM)", async () => {
    const db = await openDatabase({ snapshot });
    await db.orm.em.fork().execute("select 1");
    await db.close();
  });
  const db = await openDatabase({ snapshot });
  await compareResets(db);
  await db.close();
}

async function server(url: string) {
  const admin = new pg.Client({ ...connectionFromUrl(url), database: connectionFromUrl(url).dbName });
  await admin.connect();
  const template = "siteproof_reset_bench_template";
  const clone = "siteproof_reset_bench";
  const dropBoth = async () => {
    await admin.query(`drop database if exists ${clone} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
  };
  await dropBoth();
  await admin.query(`create database ${template}`);
  const source = await openDatabase({ url: withDatabase(url, template) });
  await source.orm.migrator.up();
  if (extraTables) await source.orm.em.fork().execute(extraTablesSql);
  await source.close();
  await admin.query(`create database ${clone} template ${template}`);
  console.log("PostgreSQL server");
  const db = await openDatabase({ url: withDatabase(url, clone) });
  await measure("clone the template again (close, drop, create, reconnect)", async () => {
    await db.orm.close(true);
    await admin.query(`drop database ${clone} with (force)`);
    await admin.query(`create database ${clone} template ${template}`);
    await db.orm.connect();
    await db.orm.em.fork().execute("select 1");
  });
  await compareResets(db);
  await db.close();
  await dropBoth();
  await admin.end();
}

await (serverUrl ? server(serverUrl) : embedded());
