import { Migrator } from "@mikro-orm/migrations";
import { defineConfig, type Options } from "@mikro-orm/postgresql";
import { SeedManager } from "@mikro-orm/seeder";
import { allMigrations, moduleEntities } from "~/server/registry/module-servers.server";
import { coreEntities } from "./entities";
import { migrations as coreMigrations } from "./migrations";
import { PROJECT_SCOPE, projectScopeFilter } from "./project-scope";

export type DatabaseConnection = {
  host: string;
  port: number;
  user: string;
  password?: string;
  dbName: string;
};

/** Parses a postgres:// URL into parts (MikroORM ignores ?host= in URLs, so parts are passed separately). */
export function connectionFromUrl(url: string): DatabaseConnection {
  const parsed = new URL(url);
  return {
    host: parsed.searchParams.get("host") ?? (decodeURIComponent(parsed.hostname) || "127.0.0.1"),
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username || "postgres"),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    dbName: decodeURIComponent(parsed.pathname.replace(/^\//, "")) || "postgres",
  };
}

/** The core's entities and every module's (from the modules' server entries). */
export async function allEntities() {
  return [...coreEntities, ...(await moduleEntities())];
}

export async function ormConfig(
  connection: DatabaseConnection,
  options: { poolMax: number; debug?: boolean },
): Promise<Options> {
  return defineConfig({
    ...connection,
    entities: await allEntities(),
    extensions: [Migrator, SeedManager],
    filters: { [PROJECT_SCOPE]: projectScopeFilter() },
    pool: { min: 0, max: options.poolMax },
    debug: options.debug ?? false,
    // Request code always works on a fork (one per request); the global manager is off limits.
    allowGlobalContext: false,
    migrations: {
      migrationsList: await allMigrations(coreMigrations),
      path: "server/db/migrations",
      pathTs: "server/db/migrations",
      snapshot: false,
      emit: "ts",
      transactional: true,
      allOrNothing: true,
      silent: true,
    },
    seeder: { path: "prisma-seed", pathTs: "prisma-seed" },
  });
}
