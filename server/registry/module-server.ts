import type { Constructor, EntitySchema } from "@mikro-orm/core";
import type { Migration } from "@mikro-orm/migrations";

/** One committed migration: its file name (which orders it among every module's) and its class. */
export type MigrationEntry = { name: string; class: Constructor<Migration> };

/**
 * What a module's server entry (the manifest's `server`, a lazy import) exports as `moduleServer`:
 * everything the module brings to the server that the pure manifest must not load.
 */
export type ModuleServer = {
  /** MikroORM entities (defineEntity results) this module owns. */
  entities?: readonly (EntitySchema<any, any> | Constructor<unknown>)[];
  /** The module's own migrations, from its migrations/ folder (its index.ts lists them). */
  migrations?: readonly MigrationEntry[];
  /**
   * Runs once at boot, before the job workers start: registers the module's background jobs and its uses
   * of core pieces (location usage counters).
   */
  setup?: () => void | Promise<void>;
};

export type ModuleServerEntry = { moduleServer: ModuleServer };

/** Declares a module's server entry; the type checks it. */
export function defineModuleServer(server: ModuleServer): ModuleServer {
  return server;
}
