import { registry } from "./index";
import type { MigrationEntry, ModuleServer } from "./module-server";

export type LoadedModuleServer = { moduleId: string; server: ModuleServer };

let loaded: Promise<LoadedModuleServer[]> | undefined;

/** Every module's server entry, loaded once, in the registry's order. */
export function moduleServers(): Promise<LoadedModuleServer[]> {
  loaded ??= Promise.all(
    registry().modules.map(async (module) => ({
      moduleId: module.id,
      server: module.server ? (await module.server()).moduleServer : {},
    })),
  );
  return loaded;
}

/** The modules' entities, added to the core's by the ORM config. */
export async function moduleEntities() {
  return (await moduleServers()).flatMap(({ server }) => server.entities ?? []);
}

/**
 * The core's migrations and every module's, in the order of their names (each name starts with its
 * creation time), so modules keep their migrations in their own folders and none is listed by hand twice.
 */
export async function allMigrations(core: readonly MigrationEntry[]): Promise<MigrationEntry[]> {
  const modules = (await moduleServers()).flatMap(({ server }) => server.migrations ?? []);
  const all = [...core, ...modules];
  const names = new Set<string>();
  for (const { name } of all) {
    if (names.has(name)) throw new Error(`Migration ${name} is listed twice`);
    names.add(name);
  }
  return all.sort((a, b) => a.name.localeCompare(b.name));
}

/** Runs each module's setup once (boot). */
export async function setupModules() {
  for (const { server } of await moduleServers()) await server.setup?.();
}
