import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { ActivityLog, type IResource, Resource, User } from "~/server/db/entities";
import { toastText } from "~/server/settings/test-support";
import { createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as resources from "../routes/resources";

const db = setupTestDatabase();
const PAGE = "/globalSettings/resources";
const KEYS = {
  view: "global-settings.resources.view-resources",
  create: "global-settings.resources.create-resources",
  edit: "global-settings.resources.edit-resources",
  delete: "global-settings.resources.delete-resources",
};
const ALL = Object.values(KEYS);

async function userWithGlobalRole(grantedActions: string[]) {
  const role = await createRole(db.em, { grantedActions });
  const user = await createUser(db.em);
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  return { user, cookie: await signIn(db.em, user) };
}

async function createResources(rows: Partial<IResource>[]) {
  const em: EntityManager = db.em;
  const created = rows.map((row, index) =>
    em.create(Resource, {
      code: `R-${index}`,
      name: `Resource ${index}`,
      category: "labour",
      unit: "hr",
      description: null,
      active: true,
      ...row,
    } as IResource),
  );
  await em.flush();
  return created;
}

const valid = {
  intent: "create",
  code: "LAB-CARP",
  name: "Carpenter",
  category: "labour",
  unit: "hr",
  active: "on",
};

describe("resource catalogue list", () => {
  it("searches by code or name, filters by category and state, and sorts", async () => {
    await createResources([
      { code: "LAB-CARP", name: "Carpenter" },
      { code: "PLT-EXC20", name: "Excavator 20 t", category: "plant", unit: "day" },
      { code: "MAT-CONC", name: "Concrete 32 MPa", category: "material", unit: "m3", active: false },
      { code: "LBR_OLD", name: "Labourer (old rate)", active: false },
    ]);
    const { cookie } = await userWithGlobalRole([KEYS.view]);
    const codes = async (query: string) =>
      (await callLoader(resources, `${PAGE}${query}`, { cookie })).data.rows.map(
        (row: IResource) => row.code,
      );

    expect(await codes("")).toEqual(["LAB-CARP", "LBR_OLD", "MAT-CONC", "PLT-EXC20"]);
    expect(await codes("?q=exc")).toEqual(["PLT-EXC20"]);
    expect(await codes("?q=carpenter")).toEqual(["LAB-CARP"]);
    // An underscore is a character to find, not a wildcard.
    expect(await codes("?q=_")).toEqual(["LBR_OLD"]);
    expect(await codes("?category=labour")).toEqual(["LAB-CARP", "LBR_OLD"]);
    expect(await codes("?status=inactive")).toEqual(["LBR_OLD", "MAT-CONC"]);
    expect(await codes("?category=labour&status=active")).toEqual(["LAB-CARP"]);
    expect(await codes("?sort=name&dir=desc")).toEqual(["LBR_OLD", "PLT-EXC20", "MAT-CONC", "LAB-CARP"]);

    const page = await callLoader(resources, PAGE, { cookie });
    expect(page.data.can).toEqual({ create: false, edit: false, delete: false });
  });

  it("pages the list", async () => {
    await createResources(
      Array.from({ length: 12 }, (_, i) => ({ code: `C-${String(i).padStart(2, "0")}` })),
    );
    const { cookie } = await userWithGlobalRole([KEYS.view]);
    const second = await callLoader(resources, `${PAGE}?page=2`, { cookie });
    expect(second.data).toMatchObject({ page: 2, pageSize: 10, total: 12 });
    expect(second.data.rows.map((row: IResource) => row.code)).toEqual(["C-10", "C-11"]);
  });

  it("sends a user whose global role lacks the view permission to /forbidden", async () => {
    const { cookie } = await userWithGlobalRole([]);
    expect((await callLoader(resources, PAGE, { cookie })).location).toBe("/forbidden");
  });
});

describe("creating, editing and deleting resources", () => {
  it("creates a resource, logs it and says so", async () => {
    const { user, cookie } = await userWithGlobalRole(ALL);
    const result = await callAction(resources, `${PAGE}?resource=new&q=car`, {
      cookie,
      form: { ...valid, description: "Formwork and framing" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${PAGE}?q=car`);
    expect(await toastText(result)).toBe("Resource LAB-CARP created");
    const saved = await db.em.findOneOrFail(Resource, { code: "LAB-CARP" });
    expect(saved).toMatchObject({ name: "Carpenter", category: "labour", unit: "hr", active: true });
    expect(await db.em.findOneOrFail(ActivityLog, { entityType: "Resource" })).toMatchObject({
      project: null,
      actor: { id: user.id },
      entityId: saved.id,
      action: "created",
      after: { code: "LAB-CARP", name: "Carpenter", description: "Formwork and framing", active: true },
    });
  });

  it("refuses missing, too long and duplicate values with the spec's messages", async () => {
    await createResources([{ code: "LAB-CARP" }]);
    const { cookie } = await userWithGlobalRole(ALL);
    const missing = await callAction(resources, PAGE, { cookie, form: { intent: "create", code: "  " } });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toEqual({
      code: ["This field is required"],
      name: ["This field is required"],
      category: ["This field is required"],
      unit: ["This field is required"],
    });
    const tooLong = await callAction(resources, PAGE, {
      cookie,
      form: { ...valid, code: "C".repeat(41), name: "N".repeat(201), unit: "U".repeat(21) },
    });
    expect(tooLong.data.error).toEqual({
      code: ["Maximum 40 characters"],
      name: ["Maximum 200 characters"],
      unit: ["Maximum 20 characters"],
    });
    const duplicate = await callAction(resources, PAGE, { cookie, form: { ...valid, code: "lab-carp" } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.data.error).toEqual({ code: ["A resource with this code already exists"] });
    expect(await db.em.count(Resource, {})).toBe(1);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("edits a resource and logs only what changed", async () => {
    const [carpenter] = await createResources([{ code: "LAB-CARP", name: "Carpenter" }]);
    await createResources([{ code: "LAB-LAB", name: "Labourer" }]);
    const { cookie } = await userWithGlobalRole(ALL);

    const panel = await callLoader(resources, `${PAGE}?resource=${carpenter.id}`, { cookie });
    expect(panel.data).toMatchObject({ panel: "edit", editing: { code: "LAB-CARP" } });

    const clash = await callAction(resources, PAGE, {
      cookie,
      form: { ...valid, intent: "update", id: carpenter.id, code: "LAB-LAB" },
    });
    expect(clash.data.error).toEqual({ code: ["A resource with this code already exists"] });

    // The Active box left unticked: the resource is retired.
    const result = await callAction(resources, `${PAGE}?resource=${carpenter.id}&page=1`, {
      cookie,
      form: {
        intent: "update",
        id: carpenter.id,
        code: "LAB-CARP",
        name: "Carpenter (leading hand)",
        category: "labour",
        unit: "hr",
      },
    });
    expect(result.location).toBe(`${PAGE}?page=1`);
    expect(await toastText(result)).toBe("Resource LAB-CARP updated");
    expect(await db.em.findOneOrFail(Resource, { id: carpenter.id })).toMatchObject({
      name: "Carpenter (leading hand)",
      active: false,
    });
    expect(await db.em.findOneOrFail(ActivityLog, { action: "updated" })).toMatchObject({
      entityId: carpenter.id,
      before: { name: "Carpenter", active: true },
      after: { name: "Carpenter (leading hand)", active: false },
    });
  });

  it("deletes a resource after confirmation and logs what it was", async () => {
    const [excavator] = await createResources([
      { code: "PLT-EXC20", name: "Excavator 20 t", category: "plant" },
    ]);
    const { cookie } = await userWithGlobalRole(ALL);
    const result = await callAction(resources, PAGE, {
      cookie,
      form: { intent: "delete", id: excavator.id },
    });
    expect(await toastText(result)).toBe("Resource PLT-EXC20 deleted");
    expect(await db.em.count(Resource, {})).toBe(0);
    expect(await db.em.findOneOrFail(ActivityLog, { action: "deleted" })).toMatchObject({
      entityId: excavator.id,
      before: { code: "PLT-EXC20", category: "plant" },
    });
    const again = await callAction(resources, PAGE, { cookie, form: { intent: "delete", id: excavator.id } });
    expect(again.status).toBe(404);
  });

  it("refuses each change to a global role without its permission, and changes nothing", async () => {
    const [resource] = await createResources([{ code: "LAB-CARP" }]);
    const viewer = await userWithGlobalRole([KEYS.view]);
    const create = await callAction(resources, PAGE, {
      cookie: viewer.cookie,
      form: { ...valid, code: "NEW" },
    });
    const update = await callAction(resources, PAGE, {
      cookie: viewer.cookie,
      form: { ...valid, intent: "update", id: resource.id, name: "Changed" },
    });
    const remove = await callAction(resources, PAGE, {
      cookie: viewer.cookie,
      form: { intent: "delete", id: resource.id },
    });
    expect([create.status, update.status, remove.status]).toEqual([403, 403, 403]);

    // Each right is separate: editing does not allow deleting.
    const editor = await userWithGlobalRole([KEYS.view, KEYS.edit]);
    const editorDelete = await callAction(resources, PAGE, {
      cookie: editor.cookie,
      form: { intent: "delete", id: resource.id },
    });
    expect(editorDelete.status).toBe(403);

    expect(await db.em.findOneOrFail(Resource, { id: resource.id })).toMatchObject({ name: "Resource 0" });
    expect(await db.em.count(Resource, {})).toBe(1);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });
});
