import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Rows owned by one project are read, updated and deleted only within the request's current project.
 * The filter is on by default for every entity marked with `projectOwned`: a query through an
 * EntityManager that has no project set fails instead of leaking another project's rows. The guard sets
 * the project on the request's EntityManager; seeders and jobs set it with `scopeToProject`.
 */
export const PROJECT_SCOPE = "project";

const ownedEntityNames = new Set<string>();
/** Owned entities whose rows without a project are shared by every project (read, not changed, by each). */
const sharedEntityNames = new Set<string>();

export type ProjectOwnedOptions = {
  /**
   * Rows with no project are the company's, shared by every project (a camp several projects use): a
   * project's reads see them with its own; its bulk updates and deletes still touch only its own rows.
   * The column must be nullable. Pages that manage the shared rows query `project: null` with the filter
   * off (`filters: { project: false }`).
   */
  sharedWhenNull?: boolean;
};

/** Marks an entity (it must have a `project` relation) as owned by one project. */
export function projectOwned<T extends { meta: { className?: string; name?: string } }>(
  entity: T,
  options: ProjectOwnedOptions = {},
): T {
  const name = entity.meta.className ?? entity.meta.name;
  if (!name) throw new Error("projectOwned: the entity has no name");
  ownedEntityNames.add(name);
  if (options.sharedWhenNull) sharedEntityNames.add(name);
  return entity;
}

/** The filter's condition: the current project's rows, and for a shared entity's reads the shared rows too. */
export function projectScopeCondition(
  args: { projectId?: string },
  type: "read" | "update" | "delete",
  entityName: string | undefined,
) {
  if (type === "read" && entityName && sharedEntityNames.has(entityName))
    return { $or: [{ project: args.projectId }, { project: null }] };
  return { project: args.projectId };
}

export function projectScopeFilter() {
  return {
    name: PROJECT_SCOPE,
    cond: (
      args: { projectId?: string },
      type: "read" | "update" | "delete",
      _em: unknown,
      _options: unknown,
      entityName?: string,
    ) => projectScopeCondition(args, type, entityName),
    entity: [...ownedEntityNames],
    default: true,
    args: true,
  };
}

export function scopeToProject<T extends EntityManager>(em: T, projectId: string): T {
  em.setFilterParams(PROJECT_SCOPE, { projectId });
  return em;
}
