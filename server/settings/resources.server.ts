import { UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { type IResource, Resource, resourceCategories } from "~/server/db/entities";
import { escapeLike } from "~/server/db/like";

export { resourceCategories };
export type ResourceCategory = (typeof resourceCategories)[number];

const REQUIRED = "common:validation.required";
const maxLength = (length: number) => message("common:validation.maxLength", { length });
const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, maxLength(max));

/** The resource form; an unticked Active box is not sent, so an absent `active` is false. */
export const resourceSchema = z.object({
  code: requiredText(40),
  name: requiredText(200),
  category: z.enum(resourceCategories, { error: REQUIRED }),
  unit: requiredText(20),
  description: z.string().trim().max(2000, maxLength(2000)).optional(),
  active: z.boolean().default(false),
});
export type ResourceInput = z.output<typeof resourceSchema>;

export const CODE_TAKEN = "settings:resources.codeTaken";

export const resourceSorts = ["code", "name", "category", "unit"] as const;
type ResourceSort = (typeof resourceSorts)[number];

export type ResourceQuery = {
  q: string;
  category: ResourceCategory | null;
  status: "active" | "inactive" | null;
  sort: ResourceSort;
  dir: "asc" | "desc";
};

/** The list's search, filters and sort from the URL; anything unknown is ignored. */
export function readResourceQuery(params: URLSearchParams): ResourceQuery {
  const category = params.get("category");
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim(),
    category: resourceCategories.includes(category as ResourceCategory)
      ? (category as ResourceCategory)
      : null,
    status: status === "active" || status === "inactive" ? status : null,
    ...readListSort(params, resourceSorts, { sort: "code", dir: "asc" }),
  };
}

/** ILIKE treats % and _ as wildcards; a search for "A_1" means those characters. */

export async function listResources(
  em: EntityManager,
  query: ResourceQuery,
  paging: { page: number; pageSize: number },
) {
  const where: Record<string, unknown> = {};
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.$or = [{ code: { $ilike: pattern } }, { name: { $ilike: pattern } }];
  }
  if (query.category) where.category = query.category;
  if (query.status) where.active = query.status === "active";
  const total = await em.count(Resource, where);
  const lastPage = Math.max(1, Math.ceil(total / paging.pageSize));
  const page = Math.min(paging.page, lastPage);
  const rows = await em.find(Resource, where, {
    orderBy: { [query.sort]: query.dir, code: "asc" },
    limit: paging.pageSize,
    offset: (page - 1) * paging.pageSize,
  });
  return { rows, total, page };
}

const snapshot = (resource: IResource) => ({
  code: resource.code,
  name: resource.name,
  category: resource.category,
  unit: resource.unit,
  description: resource.description ?? null,
  active: resource.active,
});

/** Codes are unique whatever their case: "lab-01" and "LAB-01" would be the same resource on a docket. */
async function codeTaken(em: EntityManager, code: string, exceptId?: string) {
  const clash = await em.findOne(Resource, {
    code: { $ilike: escapeLike(code) },
    ...(exceptId ? { id: { $ne: exceptId } } : {}),
  });
  return Boolean(clash);
}

type Saved = { ok: true; resource: IResource } | { ok: false; field: "code"; message: string };

const isUniqueViolation = (error: unknown) => error instanceof UniqueConstraintViolationException;

export async function createResource(
  em: EntityManager,
  input: ResourceInput,
  actorId: string,
): Promise<Saved> {
  if (await codeTaken(em, input.code)) return { ok: false, field: "code", message: CODE_TAKEN };
  try {
    const resource = await em.transactional(async (tx) => {
      const created = tx.create(Resource, { ...input, description: input.description || null });
      await tx.flush();
      recordActivity(tx as EntityManager, {
        projectId: null,
        actorId,
        entityType: "Resource",
        entityId: created.id,
        action: "created",
        after: snapshot(created),
      });
      return created;
    });
    return { ok: true, resource };
  } catch (error) {
    // Two people creating the same code at once: the second one is told, like any other clash.
    if (isUniqueViolation(error)) return { ok: false, field: "code", message: CODE_TAKEN };
    throw error;
  }
}

export async function updateResource(
  em: EntityManager,
  id: string,
  input: ResourceInput,
  actorId: string,
): Promise<Saved> {
  if (await codeTaken(em, input.code, id)) return { ok: false, field: "code", message: CODE_TAKEN };
  try {
    const resource = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(Resource, id);
      const before = snapshot(row);
      tx.assign(row, { ...input, description: input.description || null });
      const { before: changedBefore, after } = changedFields(before, snapshot(row));
      if (Object.keys(after).length > 0) {
        recordActivity(tx as EntityManager, {
          projectId: null,
          actorId,
          entityType: "Resource",
          entityId: row.id,
          action: "updated",
          before: changedBefore,
          after,
        });
      }
      return row;
    });
    return { ok: true, resource };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "code", message: CODE_TAKEN };
    throw error;
  }
}

export async function deleteResource(em: EntityManager, id: string, actorId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(Resource, id);
    recordActivity(tx as EntityManager, {
      projectId: null,
      actorId,
      entityType: "Resource",
      entityId: row.id,
      action: "deleted",
      before: snapshot(row),
    });
    tx.remove(row);
  });
}
