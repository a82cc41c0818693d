import { closeDatabase, database } from "~/server/db/database";
import { User } from "~/server/db/entities";
import { env } from "~/server/env";
import { registry } from "~/server/registry";

/**
 * What the HTTP server asks of the application bundle. It lives in the bundle (exported from
 * entry.server) so the server and the routes share one database and one registry.
 */
export const runtime = {
  /** Checks the registry, opens the database, applies migrations, seeds the demo data when empty. */
  async boot(options: { seedWhenEmpty: boolean }) {
    registry();
    const db = await database();
    await db.orm.migrator.up();
    if (!options.seedWhenEmpty) return { seeded: false, embedded: Boolean(db.embedded) };
    const em = db.orm.em.fork();
    const users = await em.count(User, {});
    if (users > 0) return { seeded: false, embedded: Boolean(db.embedded) };
    const { seedDemoData } = await import("~/prisma-seed/demo");
    await seedDemoData(em);
    return { seeded: true, embedded: Boolean(db.embedded) };
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

  shutdown: closeDatabase,
};
