/**
 * Runs once before all test files: builds the migrated database, with the reset bookkeeping (reset.ts),
 * that every worker slot's database starts from, and ends those databases after the run.
 * Embedded: a PGlite snapshot file, served per slot by embedded-hosts.ts.
 * DATABASE_URL: a template database on that server, cloned per slot by database.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { connectionFromUrl } from "~/server/db/config";
import { openDatabase } from "~/server/db/database";
import { startEmbeddedHosts } from "./embedded-hosts";
import { INSTALL_RESET_SQL } from "./reset";

/** The migrated test database (embedded), for tests that need a data folder of their own. */
export const SNAPSHOT_FILE = join(process.cwd(), ".cache", "test-db-snapshot.tar");

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `siteproof_template_${process.pid}`;
    const admin = adminClient(url);
    await admin.connect();
    const superuser = await admin.query<{ is_superuser: string }>("show is_superuser");
    if (superuser.rows[0].is_superuser !== "on")
      throw new Error(
        "Tests on DATABASE_URL need a superuser: the reset between tests (tests/setup/reset.ts)",
      );
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const db = await openDatabase({ url: withDatabase(url, template) });
    await db.orm.migrator.up();
    await db.orm.em.fork().execute(INSTALL_RESET_SQL);
    await db.close();
    process.env.TEST_TEMPLATE_DATABASE = template;
    return async () => {
      const slots = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${template}\\_s%`],
      );
      for (const { datname } of slots.rows)
        await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase({});
  await db.orm.migrator.up();
  await db.orm.em.fork().execute(INSTALL_RESET_SQL);
  // Uncompressed: restores in about half the time of gzip, and the file stays on this machine.
  const snapshot = await db.embedded!.pglite.dumpDataDir("none");
  await db.close();
  mkdirSync(join(process.cwd(), ".cache"), { recursive: true });
  writeFileSync(SNAPSHOT_FILE, Buffer.from(await snapshot.arrayBuffer()));
  const hosts = await startEmbeddedHosts(SNAPSHOT_FILE);
  process.env.TEST_DATABASE_HOSTS = hosts.address;
  return () => hosts.stop();
}

export function adminClient(url: string) {
  return new pg.Client({ ...connectionFromUrl(url), database: connectionFromUrl(url).dbName });
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
