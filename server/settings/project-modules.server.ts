import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { recordActivity } from "~/server/audit/activity.server";
import { Project, ProjectModule } from "~/server/db/entities";
import { registry } from "~/server/registry";

/** The modules a project can switch off: project modules that are not core. */
export function switchableModules() {
  return registry().modules.filter((module) => module.scope === "project" && !module.core);
}

/** The switch posts the state it asks for; the value is text because it comes from a form. */
export const moduleSwitchSchema = z.object({
  moduleId: z
    .string({ error: "common:validation.required" })
    .refine((id) => switchableModules().some((module) => module.id === id), "settings:modules.unknown"),
  enabled: z.enum(["true", "false"], { error: "common:validation.required" }).transform((v) => v === "true"),
});

/** Each switchable module with whether it is on in the project (a module with no row is on). */
export async function moduleStates(em: EntityManager, projectId: string) {
  const rows = await em.find(ProjectModule, { project: projectId });
  const enabled = new Map(rows.map((row) => [row.moduleId, row.enabled]));
  return switchableModules().map((module) => ({
    module,
    enabled: enabled.get(module.id) ?? true,
  }));
}

/** Switches a module on or off for a project and logs it; false when it already was. */
export async function setModuleEnabled(
  em: EntityManager,
  input: { projectId: string; moduleId: string; enabled: boolean; actorId: string },
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const row = await tx.findOne(ProjectModule, { project: input.projectId, moduleId: input.moduleId });
    const before = row?.enabled ?? true;
    if (before === input.enabled) return false;
    if (row) row.enabled = input.enabled;
    else
      tx.create(ProjectModule, {
        project: input.projectId,
        moduleId: input.moduleId,
        enabled: input.enabled,
      });
    recordActivity(tx as EntityManager, {
      projectId: input.projectId,
      actorId: input.actorId,
      entityType: "ProjectModule",
      entityId: input.moduleId,
      action: input.enabled ? "enabled" : "disabled",
      before: { enabled: before },
      after: { enabled: input.enabled },
    });
    return true;
  });
}

/** The projects a module is on in (no row switching it off): where its recurring work runs. */
export async function projectsWithModule(em: EntityManager, moduleId: string) {
  const off = await em.find(ProjectModule, { moduleId, enabled: false }, { fields: ["project"] });
  const offIds = off.map((row) => row.project.id);
  return em.find(Project, offIds.length > 0 ? { id: { $nin: offIds } } : {}, { orderBy: { id: "asc" } });
}
