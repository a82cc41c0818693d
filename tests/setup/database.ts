/**
 * Integration tests: `setupTestDatabase()` gives the test file the worker's own database (built once per
 * worker from the migrated snapshot or template) and, before each test, empties the tables the previous
 * test wrote to (reset.ts); when a test changed the schema, the worker gets a fresh restore or clone.
 */
import { readFileSync } from "node:fs";
import type { EntityManager } from "@mikro-orm/postgresql";
import pg from "pg";
import { afterAll, beforeEach } from "vitest";
import { connectionFromUrl } from "~/server/db/config";
import { type Database, openDatabase, setDatabase } from "~/server/db/database";
import { resetDatabase } from "./reset";
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

/** The worker's database, emptied: what each test starts from. */
async function emptyWorkerDatabase(): Promise<Database> {
  worker ??= openWorkerDatabase();
  let db = await worker;
  if (!(await resetDatabase(db.orm.em.fork()))) {
    // A test changed the schema: only a restore or clone undoes that.
    await db.close();
    worker = openWorkerDatabase();
    db = await worker;
  }
  return db;
}

export function setupTestDatabase() {
  const state: { db: Database | null } = { db: null };
  beforeEach(async () => {
    state.db = await emptyWorkerDatabase();
    setDatabase(state.db);
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
