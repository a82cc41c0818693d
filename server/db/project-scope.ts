import type { EntityManager } from "@mikro-orm/postgresql";

/**
 * Rows owned by one project are read, updated and deleted only within the request's current project.
 * The filter is on by default for every entity marked with `projectOwned`: a query through an
 * EntityManager that has no project set fails instead of leaking another project's rows. The guard sets
 * the project on the request's EntityManager; seeders and jobs set it with `scopeToProject`.
 */
export const PROJECT_SCOPE = "project";

const ownedEntityNames = new Set<string>();

/** Marks an entity (it must have a `project` relation) as owned by one project. */
export function projectOwned<T extends { meta: { className?: string; name?: string } }>(entity: T): T {
  const name = entity.meta.className ?? entity.meta.name;
  if (!name) throw new Error("projectOwned: the entity has no name");
  ownedEntityNames.add(name);
  return entity;
}

export function projectScopeFilter() {
  return {
    name: PROJECT_SCOPE,
    cond: (args: { projectId?: string }) => ({ project: args.projectId }),
    entity: [...ownedEntityNames],
    default: true,
    args: true,
  };
}

export function scopeToProject<T extends EntityManager>(em: T, projectId: string): T {
  em.setFilterParams(PROJECT_SCOPE, { projectId });
  return em;
}
