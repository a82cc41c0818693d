import { Migrator } from "@mikro-orm/migrations";
import { defineConfig, type Options } from "@mikro-orm/postgresql";
import { SeedManager } from "@mikro-orm/seeder";
import { registry } from "~/server/registry";
import { coreEntities } from "./entities";
import { migrations } from "./migrations";
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

export function allEntities() {
  return [...coreEntities, ...registry().modules.flatMap((module) => module.entities)];
}

export function ormConfig(
  connection: DatabaseConnection,
  options: { poolMax: number; debug?: boolean },
): Options {
  return defineConfig({
    ...connection,
    entities: allEntities(),
    extensions: [Migrator, SeedManager],
    filters: { [PROJECT_SCOPE]: projectScopeFilter() },
    pool: { min: 0, max: options.poolMax },
    debug: options.debug ?? false,
    // Request code always works on a fork (one per request); the global manager is off limits.
    allowGlobalContext: false,
    migrations: {
      migrationsList: migrations,
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
