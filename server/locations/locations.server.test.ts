import { describe, expect, it } from "vitest";
import { ActivityLog, Location, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  createLocation,
  deleteLocation,
  type LocationPlace,
  type LocationResult,
  listLocationTree,
  moveLocation,
  registerLocationUsage,
  renameLocation,
} from "./locations.server";
import { flattenLocationTree } from "./tree";

const db = setupTestDatabase();

async function place(projectId?: string): Promise<LocationPlace> {
  const id = projectId ?? (await createProject(db.em)).id;
  const actor = await createUser(db.em);
  return { em: scopeToProject(db.em, id), projectId: id, actorId: actor.id };
}

function created<T>(result: LocationResult<T>): T {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.value;
}

/** Bridge › Span 2 › Deck, and Bridge › Span 3. */
async function bridge(at: LocationPlace) {
  const root = created(await createLocation(at, { name: "Bridge" }));
  const span2 = created(await createLocation(at, { name: "Span 2", parentId: root.id }));
  const span3 = created(await createLocation(at, { name: "Span 3", parentId: root.id }));
  const deck = created(await createLocation(at, { name: "Deck", parentId: span2.id }));
  return { root, span2, span3, deck };
}

async function fullNames(at: LocationPlace) {
  return flattenLocationTree(await listLocationTree(at.em, at.projectId)).map((node) => node.ancestorsName);
}

describe("location tree", () => {
  it("creates nested locations and lists them as a tree with full names", async () => {
    const at = await place();
    await bridge(at);
    expect(await fullNames(at)).toEqual([
      "Bridge",
      "Bridge › Span 2",
      "Bridge › Span 2 › Deck",
      "Bridge › Span 3",
    ]);
    const log = await db.em.find(ActivityLog, { entityType: "location", action: "created" });
    expect(log).toHaveLength(4);
    expect(log.find((entry) => entry.after?.name === "Deck")?.actor?.id).toBe(at.actorId);
  });

  it("refuses a blank or long name and a name a sibling has, case and spacing aside", async () => {
    const at = await place();
    const { root } = await bridge(at);
    expect(await createLocation(at, { name: "  " })).toMatchObject({
      ok: false,
      fieldErrors: { name: ["common:validation.required"] },
    });
    expect(await createLocation(at, { name: "x".repeat(201) })).toMatchObject({
      ok: false,
      fieldErrors: { name: ["common:validation.maxLength?length=200"] },
    });
    expect(await createLocation(at, { name: "span  2", parentId: root.id })).toMatchObject({
      ok: false,
      fieldErrors: { name: ["locations:errors.nameTaken"] },
    });
    expect(await createLocation(at, { name: "BRIDGE" })).toMatchObject({
      ok: false,
      fieldErrors: { name: ["locations:errors.nameTaken"] },
    });
    // The same name under another parent is another place.
    expect((await createLocation(at, { name: "Deck", parentId: root.id })).ok).toBe(true);
  });

  it("keeps each project's tree to itself", async () => {
    const mine = await place();
    const theirs = await place();
    const { root } = await bridge(theirs);
    expect(await fullNames(mine)).toEqual([]);
    expect(await createLocation(mine, { name: "Pier", parentId: root.id })).toMatchObject({
      ok: false,
      fieldErrors: { parentId: ["locations:errors.notFound"] },
    });
    expect(await renameLocation(mine, { id: root.id, name: "Mine now" })).toMatchObject({
      ok: false,
      fieldErrors: { id: ["locations:errors.notFound"] },
    });
    // The same name in another project is allowed.
    expect((await createLocation(mine, { name: "Bridge" })).ok).toBe(true);
  });

  it("renames a location and logs the change", async () => {
    const at = await place();
    const { span2 } = await bridge(at);
    created(await renameLocation(at, { id: span2.id, name: " Span  Two " }));
    expect(await fullNames(at)).toContain("Bridge › Span Two › Deck");
    const entry = await db.em.findOneOrFail(ActivityLog, { entityId: span2.id, action: "renamed" });
    expect(entry.before).toEqual({ name: "Span 2" });
    expect(entry.after).toEqual({ name: "Span Two" });
    expect(await renameLocation(at, { id: span2.id, name: "span 3" })).toMatchObject({
      fieldErrors: { name: ["locations:errors.nameTaken"] },
    });
  });

  it("moves a location with its subtree, and to the root", async () => {
    const at = await place();
    const { span2, span3, deck } = await bridge(at);
    created(await moveLocation(at, { id: span2.id, parentId: span3.id }));
    expect(await fullNames(at)).toEqual([
      "Bridge",
      "Bridge › Span 3",
      "Bridge › Span 3 › Span 2",
      "Bridge › Span 3 › Span 2 › Deck",
    ]);
    const movedDeck = await db.em.findOneOrFail(Location, deck.id, { filters: false });
    expect(movedDeck.path.split("/").filter(Boolean)).toHaveLength(3);
    created(await moveLocation(at, { id: span2.id, parentId: "" }));
    expect(await fullNames(at)).toEqual(["Bridge", "Bridge › Span 3", "Span 2", "Span 2 › Deck"]);
    const log = await db.em.find(ActivityLog, { entityId: span2.id, action: "moved" });
    expect(log).toHaveLength(2);
  });

  it("refuses to move a location under itself or one of its descendants", async () => {
    const at = await place();
    const { root, deck } = await bridge(at);
    for (const parentId of [root.id, deck.id])
      expect(await moveLocation(at, { id: root.id, parentId })).toMatchObject({
        ok: false,
        fieldErrors: { parentId: ["locations:errors.moveIntoItself"] },
      });
    expect(await fullNames(at)).toHaveLength(4);
  });

  it("refuses a move where the new siblings already have the name", async () => {
    const at = await place();
    const { span2 } = await bridge(at);
    const other = created(await createLocation(at, { name: "Deck" }));
    expect(await moveLocation(at, { id: other.id, parentId: span2.id })).toMatchObject({
      fieldErrors: { parentId: ["locations:errors.nameTakenAtParent"] },
    });
  });

  it("deletes a leaf location, says so, and logs it", async () => {
    const at = await place();
    const { deck } = await bridge(at);
    expect(await deleteLocation(at, { id: deck.id })).toEqual({
      ok: true,
      value: { id: deck.id, name: "Deck" },
    });
    expect(await fullNames(at)).not.toContain("Bridge › Span 2 › Deck");
    const entry = await db.em.findOneOrFail(ActivityLog, { entityId: deck.id, action: "deleted" });
    expect(entry.before).toMatchObject({ name: "Deck" });
  });

  it("refuses to delete a location that has children", async () => {
    const at = await place();
    const { span2 } = await bridge(at);
    expect(await deleteLocation(at, { id: span2.id })).toMatchObject({
      ok: false,
      formErrors: ["locations:errors.hasChildren?count=1"],
    });
  });

  it("refuses to delete a location a module's record uses", async () => {
    const at = await place();
    const { deck, span3 } = await bridge(at);
    const unregister = registerLocationUsage("test-lots", async (_em, ids) =>
      ids.includes(deck.id) ? 2 : 0,
    );
    try {
      expect(await deleteLocation(at, { id: deck.id })).toMatchObject({
        ok: false,
        formErrors: ["locations:errors.inUse?count=2"],
      });
      expect((await deleteLocation(at, { id: span3.id })).ok).toBe(true);
    } finally {
      unregister();
    }
    expect((await deleteLocation(at, { id: deck.id })).ok).toBe(true);
  });

  it("goes away with its project", async () => {
    const at = await place();
    await bridge(at);
    const em = db.em;
    await em.nativeDelete(Project, { id: at.projectId });
    expect(await db.em.count(Location, {}, { filters: false })).toBe(0);
  });
});
