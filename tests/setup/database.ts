/**
 * Integration tests: `setupTestDatabase()` gives the test file the worker's own database (built once per
 * worker from the migrated snapshot or template) and empties every table before each test.
 */
import { readFileSync } from "node:fs";
import type { EntityManager } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeEach } from "vitest";
import { connectionFromUrl } from "~/server/db/config";
import { type Database, openDatabase, setDatabase } from "~/server/db/database";
import { SNAPSHOT_FILE, withDatabase } from "./vitest.global";

let worker: Promise<Database> | undefined;

async function openWorkerDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = process.env.TEST_TEMPLATE_DATABASE;
    if (!template) throw new Error("The global test set-up did not create a template database");
    // Named after the run's template, so the run's teardown finds and drops it.
    const name = `${template}_w${process.pid}_${process.env.VITEST_POOL_ID ?? "0"}`;
    const admin = new pg.Client({ ...connectionFromUrl(url), database: connectionFromUrl(url).dbName });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    return openDatabase({ url: withDatabase(url, name) });
  }
  return openSnapshotDatabase();
}

/** A separate embedded database restored from the migrated snapshot (~0.5 s). */
export function openSnapshotDatabase(): Promise<Database> {
  return openDatabase({ snapshot: new Blob([readFileSync(SNAPSHOT_FILE)]) });
}

async function truncateAll(db: Database) {
  const all = db.orm.getMetadata().getAll() as unknown;
  const metas = (all instanceof Map ? [...all.values()] : Object.values(all as object)) as Array<{
    embeddable?: boolean;
    virtual?: boolean;
    tableName?: string;
  }>;
  const tables = metas
    .filter((meta) => !meta.embeddable && !meta.virtual && meta.tableName)
    .map((meta) => `"${meta.tableName}"`);
  const unique = [...new Set(tables)];
  if (unique.length) await db.orm.em.fork().execute(`truncate ${unique.join(", ")} cascade`);
}

export function setupTestDatabase() {
  const state: { db: Database | null; em: EntityManager | null } = { db: null, em: null };
  beforeEach(async () => {
    worker ??= openWorkerDatabase();
    state.db = await worker;
    setDatabase(state.db);
    await truncateAll(state.db);
    state.em = state.db.orm.em.fork() as EntityManager;
  });
  afterAll(async () => {
    // The worker keeps its database across files; it closes when the worker exits.
  });
  return {
    get db() {
      if (!state.db) throw new Error("setupTestDatabase: the database is ready only inside tests");
      return state.db;
    },
    /** A fresh EntityManager for arranging and checking data. */
    get em() {
      if (!state.db) throw new Error("setupTestDatabase: the database is ready only inside tests");
      return state.db.orm.em.fork() as EntityManager;
    },
  };
}
