import { closeDatabase, type Database, database } from "~/server/db/database";
import { User } from "~/server/db/entities";
import { env } from "~/server/env";
import { verifyProviders } from "~/server/extensions/extensions.server";
import { startJobs, stopJobs } from "~/server/jobs/jobs.server";
import { registry } from "~/server/registry";
import { setupModules } from "~/server/registry/module-servers.server";

/**
 * Which part of the start-up a process does. `all`: the one process of a single-process server (today's
 * default with the embedded database). With several workers (WEB_CONCURRENCY, node:cluster) the primary
 * does `prepare` once, before it forks, and each worker `serve`s the prepared database.
 */
export type BootSteps = "all" | "prepare" | "serve";

/**
 * What the HTTP server asks of the application bundle. It lives in the bundle (exported from
 * entry.server) so the server and the routes share one database and one registry.
 */
export const runtime = {
  /**
   * Checks the registry and opens the database; `prepare` (in `all` too): applies migrations and seeds the
   * demo data when empty; `serve` (in `all` too): runs the modules' setup and starts the job workers.
   */
  async boot(options: { seedWhenEmpty: boolean; steps?: BootSteps }) {
    const steps = options.steps ?? "all";
    registry();
    const db = await database();
    let seeded = false;
    if (steps !== "serve") seeded = await prepareDatabase(db, options.seedWhenEmpty);
    if (steps !== "prepare") {
      await setupModules();
      // The core's own job kinds (modules define theirs in their setup).
      await import("~/server/documents/document-sends.server");
      await verifyProviders();
      await startJobs();
    }
    return { seeded, embedded: Boolean(db.embedded) };
  },

  /** True once the database answers a query. */
  async healthy(): Promise<boolean> {
    try {
      const db = await database();
      await db.orm.em.fork().execute("select 1");
      return true;
    } catch {
      return false;
    }
  },

  appUrl: () => env().APP_URL,

  /** Workers stop before the database closes, so no job is cut off mid-write. */
  async shutdown() {
    await stopJobs();
    await closeDatabase();
  },
};

/**
 * Migrations and the demo seed, one process at a time: servers that start together on one PostgreSQL
 * database (several machines, a rolling deploy) wait for each other on an advisory lock, so the first
 * migrates and seeds and the next find it done. The lock is held by a connection of its own and ends with
 * it, should the process die.
 */
async function prepareDatabase(db: Database, seedWhenEmpty: boolean): Promise<boolean> {
  const pool = await db.orm.driver.getConnection().getNativeClient();
  const lock = await pool.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('${BOOT_LOCK}'))`);
    try {
      await db.orm.migrator.up();
      if (!seedWhenEmpty || (await db.orm.em.fork().count(User, {})) > 0) return false;
      const { seedDemoData } = await import("~/prisma-seed/demo");
      return await seedDemoData(db.orm.em.fork());
    } finally {
      await lock.query(`select pg_advisory_unlock(hashtext('${BOOT_LOCK}'))`);
    }
  } finally {
    lock.release();
  }
}

const BOOT_LOCK = "siteproof.boot";
