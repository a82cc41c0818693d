import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import type { z } from "zod";
import { message } from "~/app/utils/message-key";
import { nameKey } from "~/server/admin/company-rules";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { type ILocation, Location } from "~/server/db/entities";
import {
  createLocationSchema,
  deleteLocationSchema,
  LOCATION_LIMITS,
  moveLocationSchema,
  renameLocationSchema,
} from "./location-rules";
import { buildLocationTree, childPath, isInSubtree, type LocationNode } from "./tree";

/**
 * A project's location tree. Every operation takes input as posted (validated here with the same zod
 * schemas a form uses) and answers a typed result whose errors are translation keys, shaped for conform's
 * `submission.reply({ fieldErrors, formErrors })`. The caller's EntityManager is the request's, already
 * scoped to its project; queries name the project as well, so a location of another project is not found.
 */
export type LocationPlace = { em: EntityManager; projectId: string; actorId: string | null };

export type LocationRefusal = { ok: false; fieldErrors: Record<string, string[]>; formErrors: string[] };
export type LocationResult<T> = { ok: true; value: T } | LocationRefusal;

export type LocationSummary = { id: string; name: string; parentId: string | null; path: string };

const ENTITY_TYPE = "location";

const refuse = (fieldErrors: Record<string, string[]>, formErrors: string[] = []): LocationRefusal => ({
  ok: false,
  fieldErrors,
  formErrors,
});

function parse<S extends z.ZodType>(schema: S, input: unknown): LocationResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".") || "";
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  return refuse(fieldErrors);
}

function summary(location: ILocation): LocationSummary {
  return {
    id: location.id,
    name: location.name,
    parentId: location.parent?.id ?? null,
    path: location.path,
  };
}

/** Levels above a location: 0 for a root ("/"), 1 for "/<rootId>/". */
const depthOf = (path: string) => path.split("/").length - 2;

// ---------------------------------------------------------------------------------------------------
// Usage: an extension point the modules fill.

/** How many of a module's records point at any of these locations (in the EntityManager's project). */
export type LocationUsageCounter = (em: EntityManager, locationIds: string[]) => Promise<number>;

const usageCounters = new Map<string, LocationUsageCounter>();

/**
 * A module that stores a location on its records (lots, inspections, NCRs…) registers how to count them,
 * so a location in use is never deleted from under them. Registering a name again replaces it (module
 * reloads in development); the returned function removes it (tests).
 */
export function registerLocationUsage(name: string, count: LocationUsageCounter): () => void {
  usageCounters.set(name, count);
  return () => {
    if (usageCounters.get(name) === count) usageCounters.delete(name);
  };
}

/** Each registered use that holds at least one of the locations, with its count. */
export async function countLocationUsages(
  em: EntityManager,
  locationIds: string[],
): Promise<{ name: string; count: number }[]> {
  if (locationIds.length === 0) return [];
  const usages: { name: string; count: number }[] = [];
  for (const [name, count] of usageCounters) {
    const used = await count(em, locationIds);
    if (used > 0) usages.push({ name, count: used });
  }
  return usages;
}

// ---------------------------------------------------------------------------------------------------
// Reading.

export async function listLocationTree(em: EntityManager, projectId: string): Promise<LocationNode[]> {
  // Plain rows, not entities: registers read the whole tree on every request, and hydrating a thousand
  // entities with their parent references costs tens of milliseconds where the query costs one.
  const rows = await em.execute<{ id: string; parent_id: string | null; name: string; sort_order: number }[]>(
    `select id, parent_id, name, sort_order from ${em.getMetadata(Location).tableName} where project_id = ?`,
    [projectId],
  );
  return buildLocationTree(
    rows.map((row) => ({ id: row.id, parentId: row.parent_id, name: row.name, sortOrder: row.sort_order })),
  );
}

async function locationById(place: LocationPlace, id: string): Promise<ILocation | null> {
  return place.em.findOne(Location, { id, project: place.projectId });
}

const notFound = (field: string) => refuse({ [field]: [message("locations:errors.notFound")] });

/** Whether a sibling (same path) already has this name, case and spacing aside. */
async function nameTaken(place: LocationPlace, path: string, name: string, exceptId?: string) {
  const sibling = await place.em.findOne(
    Location,
    { project: place.projectId, path, nameKey: nameKey(name) },
    { fields: ["id"] },
  );
  return sibling !== null && sibling.id !== exceptId;
}

/** The next sort order among a parent's children: a new or moved location goes last. */
async function nextSortOrder(place: LocationPlace, path: string): Promise<number> {
  const last = await place.em.findOne(
    Location,
    { project: place.projectId, path },
    { orderBy: { sortOrder: "desc" }, fields: ["sortOrder"] },
  );
  return last ? last.sortOrder + 1 : 0;
}

const nameTakenError = (field: string) => refuse({ [field]: [message("locations:errors.nameTaken")] });

/** A concurrent save can still collide on the unique index: the same answer as the check before it. */
async function unlessNameCollides<T>(field: string, work: () => Promise<T>): Promise<T | LocationRefusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return nameTakenError(field);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// Changing.

export async function createLocation(
  place: LocationPlace,
  input: unknown,
): Promise<LocationResult<LocationSummary>> {
  const parsed = parse(createLocationSchema, input);
  if (!parsed.ok) return parsed;
  const { name, parentId } = parsed.value;
  const parent = parentId ? await locationById(place, parentId) : null;
  if (parentId && !parent) return notFound("parentId");
  const path = childPath(parent);
  if (depthOf(path) > LOCATION_LIMITS.maxDepth)
    return refuse({
      parentId: [message("locations:errors.tooDeep", { max: LOCATION_LIMITS.maxDepth })],
    });
  if (await nameTaken(place, path, name)) return nameTakenError("name");
  const sortOrder = await nextSortOrder(place, path);
  const created = await unlessNameCollides("name", () =>
    place.em.transactional(async (tx) => {
      const location = tx.create(Location, {
        project: place.projectId,
        parent: parent?.id ?? null,
        name,
        nameKey: nameKey(name),
        path,
        sortOrder,
      });
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: ENTITY_TYPE,
        entityId: location.id,
        action: "created",
        after: { name, parentId: parent?.id ?? null },
      });
      return location;
    }),
  );
  if ("ok" in created) return created;
  return { ok: true, value: summary(created) };
}

export async function renameLocation(
  place: LocationPlace,
  input: unknown,
): Promise<LocationResult<LocationSummary>> {
  const parsed = parse(renameLocationSchema, input);
  if (!parsed.ok) return parsed;
  const location = await locationById(place, parsed.value.id);
  if (!location) return notFound("id");
  const { name } = parsed.value;
  if (await nameTaken(place, location.path, name, location.id)) return nameTakenError("name");
  const changes = changedFields({ name: location.name }, { name });
  if (Object.keys(changes.after).length === 0) return { ok: true, value: summary(location) };
  const renamed = await unlessNameCollides("name", () =>
    place.em.transactional(async (tx) => {
      tx.assign(location, { name, nameKey: nameKey(name) });
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: ENTITY_TYPE,
        entityId: location.id,
        action: "renamed",
        ...changes,
      });
      return location;
    }),
  );
  if ("ok" in renamed) return renamed;
  return { ok: true, value: summary(renamed) };
}

/**
 * Puts a location (with everything under it) under another parent, or at the root with no parent. It
 * refuses a move under itself or one of its descendants (the tree would become a loop), a move that
 * would nest deeper than the limit, and a name already taken among the new siblings.
 */
export async function moveLocation(
  place: LocationPlace,
  input: unknown,
): Promise<LocationResult<LocationSummary>> {
  const parsed = parse(moveLocationSchema, input);
  if (!parsed.ok) return parsed;
  const location = await locationById(place, parsed.value.id);
  if (!location) return notFound("id");
  const { parentId } = parsed.value;
  if ((location.parent?.id ?? null) === parentId) return { ok: true, value: summary(location) };
  const parent = parentId ? await locationById(place, parentId) : null;
  if (parentId && !parent) return notFound("parentId");
  if (parent && isInSubtree(parent, location.id))
    return refuse({ parentId: [message("locations:errors.moveIntoItself")] });

  const oldPrefix = childPath(location);
  const descendants = await place.em.find(Location, {
    project: place.projectId,
    path: { $like: `${oldPrefix}%` },
  });
  const newPath = childPath(parent);
  const levelsBelow = Math.max(0, ...descendants.map((d) => depthOf(d.path) - depthOf(oldPrefix) + 1));
  if (depthOf(newPath) + levelsBelow > LOCATION_LIMITS.maxDepth)
    return refuse({
      parentId: [message("locations:errors.tooDeep", { max: LOCATION_LIMITS.maxDepth })],
    });
  if (await nameTaken(place, newPath, location.name, location.id))
    return refuse({ parentId: [message("locations:errors.nameTakenAtParent")] });
  const sortOrder = await nextSortOrder(place, newPath);
  const before = { parentId: location.parent?.id ?? null };
  const moved = await unlessNameCollides("parentId", () =>
    place.em.transactional(async (tx) => {
      tx.assign(location, { parent: parent?.id ?? null, path: newPath, sortOrder });
      const newPrefix = childPath(location);
      for (const descendant of descendants)
        descendant.path = newPrefix + descendant.path.slice(oldPrefix.length);
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: ENTITY_TYPE,
        entityId: location.id,
        action: "moved",
        before,
        after: { parentId: parent?.id ?? null },
      });
      return location;
    }),
  );
  if ("ok" in moved) return moved;
  return { ok: true, value: summary(moved) };
}

/**
 * Deletes a location that has no children and that no module's record uses. Success is shown with
 * `LOCATION_TOASTS.deleted` ("Location deleted").
 */
export async function deleteLocation(
  place: LocationPlace,
  input: unknown,
): Promise<LocationResult<{ id: string; name: string }>> {
  const parsed = parse(deleteLocationSchema, input);
  if (!parsed.ok) return parsed;
  const location = await locationById(place, parsed.value.id);
  if (!location) return notFound("id");
  const children = await place.em.count(Location, { project: place.projectId, parent: location.id });
  if (children > 0) return refuse({}, [message("locations:errors.hasChildren", { count: children })]);
  const usages = await countLocationUsages(place.em, [location.id]);
  const inUse = usages.reduce((sum, usage) => sum + usage.count, 0);
  if (inUse > 0) return refuse({}, [message("locations:errors.inUse", { count: inUse })]);
  try {
    await place.em.transactional(async (tx) => {
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: ENTITY_TYPE,
        entityId: location.id,
        action: "deleted",
        before: { name: location.name, parentId: location.parent?.id ?? null },
      });
      tx.remove(location);
    });
  } catch (error) {
    // A child or a record added since the checks: the database's restrict rule has the last word.
    if (error instanceof ForeignKeyConstraintViolationException)
      return refuse({}, [message("locations:errors.inUse", { count: 1 })]);
    throw error;
  }
  return { ok: true, value: { id: location.id, name: location.name } };
}
