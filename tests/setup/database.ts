/**
 * Integration tests: `setupTestDatabase()` connects the test file to its worker slot's database and
 * empties it before each test.
 *
 * Vitest runs every test file in a fresh process, so a database opened inside the worker was restored
 * for every file (1.2–3 s embedded, by load). A slot's database therefore outlives the files: the embedded one runs
 * in a host process (embedded-hosts.ts), the server one is cloned from the template once per slot. A file
 * only opens a MikroORM on it (~0.1 s). Before each test `siteproof_test.reset()` empties the tables the
 * previous test wrote to (reset.ts); when a test changed the schema, the slot gets a fresh restore or clone.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { afterAll, beforeEach } from "vitest";
import { connectionFromUrl, type DatabaseConnection, ormConfig } from "~/server/db/config";
import { type Database, setDatabase } from "~/server/db/database";
import { EMBEDDED_MAX_CONNECTIONS } from "~/server/db/embedded";
import { embeddedHost } from "./embedded-hosts";
import { resetDatabase, vacuumResetTables } from "./reset";
import { adminClient, withDatabase } from "./vitest.global";

const SLOT = process.env.VITEST_POOL_ID ?? "1";

async function connect(connection: DatabaseConnection, poolMax: number): Promise<Database> {
  const orm = await MikroORM.init(await ormConfig(connection, { poolMax }));
  return { orm, connection, embedded: null, close: () => orm.close(true) };
}

/** The slot's database on the PostgreSQL server, cloned from the run's template on first use or when asked. */
async function slotDatabaseUrl(url: string, fresh: boolean): Promise<string> {
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) throw new Error("The global test set-up did not create a template database");
  // Named after the run's template, so the run's teardown finds and drops it.
  const name = `${template}_s${SLOT}`;
  const admin = adminClient(url);
  await admin.connect();
  try {
    const existing = await admin.query("select from pg_database where datname = $1", [name]);
    if (fresh || existing.rowCount === 0) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name} template ${template}`);
      // A test never needs its commits to survive a crash, and waiting for each WAL flush makes every commit
      // wait on the disk's other users: a subset of the tests took 33–98 s with it, 31–33 s without, on a
      // busy machine (24.8 s and 24.0 s on a quiet one).
      await admin.query(`alter database ${name} set synchronous_commit = off`);
    }
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

async function connectSlotDatabase(fresh: boolean): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return connect(connectionFromUrl(await slotDatabaseUrl(url, fresh)), 10);
  const hosts = process.env.TEST_DATABASE_HOSTS;
  if (!hosts) throw new Error("The global test set-up did not start the embedded test databases");
  const connection = await embeddedHost(hosts, { slot: SLOT, fresh });
  // The host's default share: the rest is for the jobs' pool, as in the server.
  return connect(connection, EMBEDDED_MAX_CONNECTIONS - 2);
}

let slotDatabase: Promise<Database> | undefined;
let vacuumed = false;

/** The slot's database, emptied: what each test starts from. */
async function emptySlotDatabase(): Promise<Database> {
  slotDatabase ??= connectSlotDatabase(false);
  let db = await slotDatabase;
  if (!(await resetDatabase(db.orm.em.fork()))) {
    // A test changed the schema: only a restore or clone undoes that.
    await db.close();
    slotDatabase = connectSlotDatabase(true);
    db = await slotDatabase;
  }
  if (!vacuumed && !process.env.DATABASE_URL) {
    vacuumed = true;
    await vacuumResetTables(db.orm.em.fork());
  }
  return db;
}

export function setupTestDatabase() {
  const state: { db: Database | null } = { db: null };
  beforeEach(async () => {
    state.db = await emptySlotDatabase();
    setDatabase(state.db);
  });
  afterAll(async () => {
    // The database stays for the slot's next file; this file's connections go.
    if (slotDatabase) await (await slotDatabase).close();
    slotDatabase = undefined;
  });
  return {
    get db() {
      if (!state.db) throw new Error("setupTestDatabase: the database is ready only inside tests");
      return state.db;
    },
    /** A fresh EntityManager for arranging and checking data. */
    get em() {
      if (!state.db) throw new Error("setupTestDatabase: the database is ready only inside tests");
      return state.db.orm.em.fork();
    },
  };
}

/** A database nothing answers on: what the application sees while PostgreSQL is down. */
export async function unreachableDatabase(): Promise<Database> {
  const connection = {
    host: join(tmpdir(), "siteproof-no-database"),
    port: 5432,
    user: "postgres",
    dbName: "postgres",
  };
  // The synchronous constructor does not connect; the first query tries, and fails.
  const orm = new MikroORM(await ormConfig(connection, { poolMax: 1 }));
  return { orm, connection, embedded: null, close: () => orm.close(true) };
}
