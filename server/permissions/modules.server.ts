import type { EntityManager } from "@mikro-orm/postgresql";
import { ProjectModule } from "~/server/db/entities";
import { registry } from "~/server/registry";
import type { NavEntry } from "~/server/registry/registry";
import type { RequestContext } from "./guard.server";
import type { PermissionRef } from "./keys";

/** Modules switched off for a project (core modules never are). */
export async function disabledModuleIds(em: EntityManager, projectId: string): Promise<Set<string>> {
  const rows = await em.find(ProjectModule, { project: projectId, enabled: false }, { fields: ["moduleId"] });
  const core = new Set(
    registry()
      .modules.filter((m) => m.core)
      .map((m) => m.id),
  );
  return new Set(rows.map((row) => row.moduleId).filter((id) => !core.has(id)));
}

/** A navigation entry's permission: the registry refused to build with an undeclared key, so it is one. */
const declared = (ref: NavEntry["permission"]) => ref as PermissionRef | undefined;

/** Whether an entry is a global page's: its module is global, or it names only globalPermissions keys. */
function isGlobalEntry(entry: NavEntry, scopeOf: ReadonlyMap<string, string>): boolean {
  if (scopeOf.get(entry.moduleId) === "global") return true;
  const keys = typeof entry.permission === "string" ? [entry.permission] : (entry.permission ?? []);
  return keys.length > 0 && keys.every((key) => registry().globalPermissionKeys.has(key));
}

/**
 * The module whose section of the menu an entry is listed in: the module whose base path holds the entry's
 * path. A project module's global page (/globalSettings/rostering) is listed with the global settings.
 */
function sectionOf(entry: NavEntry): string {
  const owner = registry().modules.find(
    (module) => entry.path === module.basePath || entry.path.startsWith(`${module.basePath}/`),
  );
  return owner?.id ?? entry.moduleId;
}

/**
 * The navigation a user sees: entries of project modules that are on in the current project and that the
 * member's role grants, then entries of global pages that the user's global role grants (a global page is
 * never switched off, whichever module declares it). The modules switched off come with the request's
 * context, read by the guard's one query. Entries are grouped by the section they are listed in.
 */
export function navigationFor(
  context: Pick<RequestContext, "project" | "disabledModules" | "can" | "canGlobal">,
): Pick<NavEntry, "moduleId" | "label" | "path" | "icon">[] {
  const { project, disabledModules, can, canGlobal } = context;
  const scopeOf = new Map(registry().modules.map((m) => [m.id, m.scope]));
  const shown = registry()
    .nav.filter((entry) =>
      isGlobalEntry(entry, scopeOf)
        ? canGlobal(declared(entry.permission))
        : project !== null && !disabledModules.has(entry.moduleId) && can(declared(entry.permission)),
    )
    .map((entry) => ({ moduleId: sectionOf(entry), label: entry.label, path: entry.path, icon: entry.icon }));
  const sections = [...new Set(shown.map((entry) => entry.moduleId))];
  return sections.flatMap((section) => shown.filter((entry) => entry.moduleId === section));
}
