import { beforeAll, describe, expect, it } from "vitest";
import { ActivityLog, type IProject, Location } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signedInMember } from "~/tests/setup/requests";
import { Lot } from "../entities";
import { moduleServer } from "../module.server";
import * as lotRegister from "../routes/lot-register";

const db = setupTestDatabase();
// The module's boot setup registers the lots' use of locations, as the server does at start.
beforeAll(() => moduleServer.setup?.());
const REGISTER = "/quality/lot";

const memberWith = (project: IProject, grantedActions: string[]) =>
  signedInMember(db.em, project, grantedActions);

const manage = (cookie: string, form: Record<string, string>) =>
  callAction(lotRegister, `${REGISTER}?view=locations`, { cookie, form });
const locationsOf = (project: IProject) =>
  scopeToProject(db.em, project.id).find(Location, {}, { orderBy: { name: "asc" } });

describe("location manager on the lot register", () => {
  it("creates, renames, moves and deletes locations, landing on the location with a toast", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);

    const created = await manage(cookie, { intent: "location-create", name: "Bridge", parentId: "" });
    expect(created.status).toBe(302);
    const [bridge] = await locationsOf(project);
    expect(created.location).toBe(`${REGISTER}?view=locations&location=${bridge.id}`);
    expect(created.headers.get("Set-Cookie")).toBeTruthy();
    await manage(cookie, { intent: "location-create", name: "Span 2", parentId: bridge.id });
    await manage(cookie, { intent: "location-create", name: "Road", parentId: "" });
    const span = (await locationsOf(project)).find((location) => location.name === "Span 2")!;
    expect(span.parent?.id).toBe(bridge.id);

    await manage(cookie, { intent: "location-rename", id: span.id, name: "Span 3" });
    const road = (await locationsOf(project)).find((location) => location.name === "Road")!;
    await manage(cookie, { intent: "location-move", id: span.id, parentId: road.id });
    const moved = (await locationsOf(project)).find((location) => location.id === span.id)!;
    expect(moved).toMatchObject({ name: "Span 3" });
    expect(moved.parent?.id).toBe(road.id);

    const deleted = await manage(cookie, { intent: "location-delete", id: span.id });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(`${REGISTER}?view=locations&location=${road.id}`);
    expect((await locationsOf(project)).map((location) => location.name)).toEqual(["Bridge", "Road"]);
    const actions = (
      await scopeToProject(db.em, project.id).find(
        ActivityLog,
        { entityType: "location" },
        { orderBy: { createdAt: "asc" } },
      )
    ).map((entry) => entry.action);
    expect(actions).toEqual(["created", "created", "created", "renamed", "moved", "deleted"]);
  });

  it("refuses to delete a location lots use, and duplicate names, with messages and nothing changed", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    await manage(cookie, { intent: "location-create", name: "Bridge", parentId: "" });
    const [bridge] = await locationsOf(project);
    const em = scopeToProject(db.em, project.id);
    em.create(Lot, { project, number: "LOT-0001", title: "Deck", location: bridge.id } as never);
    await em.flush();

    const inUse = await manage(cookie, { intent: "location-delete", id: bridge.id });
    expect(inUse.status).toBe(400);
    expect(inUse.data.locationError).toEqual({
      intent: "location-delete",
      fieldErrors: {},
      formErrors: ["locations:errors.inUse?count=1"],
    });
    const twice = await manage(cookie, { intent: "location-create", name: " bridge ", parentId: "" });
    expect(twice.status).toBe(400);
    expect(twice.data.locationError.fieldErrors.name).toEqual(["locations:errors.nameTaken"]);
    expect(await locationsOf(project)).toHaveLength(1);
  });

  it("refuses members without quality.lot.edit (403) and another project's location (not found)", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const viewer = await memberWith(project, ["quality.lot.view"]);
    const editor = await memberWith(project, ["quality.lot.view", "quality.lot.edit"]);
    const foreignEditor = await memberWith(other, ["quality.lot.view", "quality.lot.edit"]);
    await manage(foreignEditor.cookie, { intent: "location-create", name: "Elsewhere", parentId: "" });
    const [foreign] = await locationsOf(other);

    const refused = await manage(viewer.cookie, { intent: "location-create", name: "Bridge", parentId: "" });
    expect(refused.status).toBe(403);
    expect(await locationsOf(project)).toEqual([]);
    const notFound = await manage(editor.cookie, { intent: "location-delete", id: foreign.id });
    expect(notFound.status).toBe(400);
    expect(notFound.data.locationError.fieldErrors.id).toEqual(["locations:errors.notFound"]);
    expect(await locationsOf(other)).toHaveLength(1);
  });
});
