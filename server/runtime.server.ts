import { closeDatabase, database } from "~/server/db/database";
import { User } from "~/server/db/entities";
import { env } from "~/server/env";
import { verifyProviders } from "~/server/extensions/extensions.server";
import { startJobs, stopJobs } from "~/server/jobs/jobs.server";
import { registry } from "~/server/registry";
import { setupModules } from "~/server/registry/module-servers.server";

/**
 * What the HTTP server asks of the application bundle. It lives in the bundle (exported from
 * entry.server) so the server and the routes share one database and one registry.
 */
export const runtime = {
  /** Checks the registry, opens the database, applies migrations, seeds the demo data when empty, starts the job workers. */
  async boot(options: { seedWhenEmpty: boolean }) {
    registry();
    const db = await database();
    await db.orm.migrator.up();
    let seeded = false;
    if (options.seedWhenEmpty && (await db.orm.em.fork().count(User, {})) === 0) {
      const { seedDemoData } = await import("~/prisma-seed/demo");
      seeded = await seedDemoData(db.orm.em.fork());
    }
    await setupModules();
    await verifyProviders();
    await startJobs();
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
