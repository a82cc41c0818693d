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

/**
 * The navigation a user sees: entries of project modules that are on in the current project and that the
 * member's role grants, then entries of global modules that the user's global role grants. The modules
 * switched off come with the request's context, read by the guard's one query.
 */
export function navigationFor(
  context: Pick<RequestContext, "project" | "disabledModules" | "can" | "canGlobal">,
): Pick<NavEntry, "moduleId" | "label" | "path" | "icon">[] {
  const { project, disabledModules, can, canGlobal } = context;
  const scopeOf = new Map(registry().modules.map((m) => [m.id, m.scope]));
  return registry()
    .nav.filter((entry) =>
      scopeOf.get(entry.moduleId) === "global"
        ? canGlobal(declared(entry.permission))
        : project !== null && !disabledModules.has(entry.moduleId) && can(declared(entry.permission)),
    )
    .map(({ moduleId, label, path, icon }) => ({ moduleId, label, path, icon }));
}
