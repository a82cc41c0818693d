import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import enCommon from "~/app/locales/en/common.json";
import enRoles from "~/app/locales/en/roles.json";
import { parseMessage } from "~/app/utils/message-key";
import { ActivityLog, ProjectMember, Role, User } from "~/server/db/entities";
import { registry } from "~/server/registry";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as rolesList from "../routes/roles";
import * as roleDetail from "../routes/roles.detail";
import * as roleEdit from "../routes/roles.edit";
import * as roleNew from "../routes/roles.new";

const db = setupTestDatabase();

const BASE = "/globalSettings/roles";
const ROLE_KEYS = ["view", "create", "edit", "delete"].map((a) => `global-settings.roles.${a}-global`);

function english(message: string): string {
  const { key, params } = parseMessage(message);
  const [namespace, path] = key.split(":");
  const bundle = { common: enCommon, roles: enRoles }[namespace] as Record<string, unknown>;
  const text = path.split(".").reduce<any>((node, part) => node?.[part], bundle);
  return String(text).replace("{{length}}", params.length ?? "");
}
const errorsOf = (data: { error?: Record<string, string[] | null> }) =>
  Object.fromEntries(
    Object.entries(data.error ?? {}).map(([field, list]) => [field, (list ?? []).map(english)]),
  );

/** A user whose global role grants these keys; global settings pages need no current project. */
async function userWith(em: EntityManager, grantedActions: string[]) {
  const role = await createRole(em, { name: "Global administrator", grantedActions });
  const user = await createUser(em, { name: "Gail Global" });
  user.globalRole = role;
  await em.flush();
  return { user, role, cookie: await signIn(em, user) };
}

const form = (name: string, extra: Record<string, string | string[]> = {}) => ({ name, ...extra });

describe("the product roles list", () => {
  it("lists product roles only, with members in projects and global-role holders", async () => {
    const em = db.em;
    const { cookie } = await userWith(em, ROLE_KEYS);
    const engineer = await createRole(em, {
      name: "Site Engineer",
      grantedActions: ["project-settings.members.view"],
    });
    const project = await createProject(em);
    await addMember(em, { project, user: await createUser(em), role: engineer });
    em.create(Role, { name: "ACC only", kind: "acc", project, grantedActions: [] } as any);
    await em.flush();

    const page = await callLoader(rolesList, BASE, { cookie });
    expect(page.status).toBe(200);
    expect(page.data.rows.map((row: { name: string }) => row.name)).toEqual([
      "Global administrator",
      "Site Engineer",
    ]);
    expect(page.data.rows[0]).toMatchObject({ memberCount: 1, grantedCount: 4 });
    expect(page.data.rows[1]).toMatchObject({ memberCount: 1, grantedCount: 1 });
    expect(page.data.canCreate).toBe(true);
    const sorted = await callLoader(rolesList, `${BASE}?sort=name&dir=desc&q=I`, { cookie });
    expect(sorted.data.rows.map((row: { name: string }) => row.name)).toEqual([
      "Site Engineer",
      "Global administrator",
    ]);
  });

  it("sends a user whose global role lacks the permission to /forbidden", async () => {
    const { cookie } = await userWith(db.em, ["global-settings.members.view-global"]);
    expect((await callLoader(rolesList, BASE, { cookie })).location).toBe("/forbidden");
  });
});

describe("creating a product role", () => {
  it("offers the whole permission tree, project and global modules, without region filtering", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const editor = await callLoader(roleNew, `${BASE}/new`, { cookie });
    expect(editor.data.modules.map((module: { name: string }) => module.name)).toEqual(
      registry().permissionTree.map((module) => module.name),
    );
  });

  it("stores a product role usable as a global role, and logs it outside any project", async () => {
    const { cookie, user } = await userWith(db.em, ROLE_KEYS);
    const result = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: form("Document controller", {
        "level.global-settings": "view",
        "initialLevel.global-settings": "none",
        actions: ["project-settings.members.view", "not.a.key"],
      }),
    });
    expect(result.status).toBe(302);
    const role = await db.em.findOneOrFail(Role, { name: "Document controller" });
    expect(result.location).toBe(`${BASE}/detail/${role.id}`);
    expect(role).toMatchObject({ kind: "product", project: null, fullAccess: false });
    expect(role.grantedActions).toEqual([
      "global-settings.company.view-global",
      "global-settings.members.view-global",
      "global-settings.resources.view-resources",
      "global-settings.roles.view-global",
      "global-settings.security-events.view",
      "global-settings.settings.view-global",
      "project-settings.members.view",
    ]);
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({ action: "created", project: null, after: { name: "Document controller" } });
    expect(entry.actor?.id).toBe(user.id);
  });

  it("reports the validation messages and creates nothing", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    await createRole(db.em, { name: "Viewer", grantedActions: ["project-settings.members.view"] });
    const post = (fields: Record<string, string | string[]>) =>
      callAction(roleNew, `${BASE}/new`, { cookie, form: fields });
    expect(errorsOf((await post({ name: " " })).data)).toEqual({
      name: ["This field is required"],
      actions: ["Please select a permission to create role"],
    });
    const long = await post(form("y".repeat(121), { actions: "project-settings.members.view" }));
    expect(errorsOf(long.data)).toEqual({ name: ["Maximum 120 characters"] });
    const taken = await post(form(" VIEWER ", { actions: "project-settings.members.view" }));
    expect(taken.status).toBe(400);
    expect(errorsOf(taken.data)).toEqual({ name: ["A role with this name already exists."] });
    const unconfirmed = await post(form("Administrator", { fullAccess: "on" }));
    expect(errorsOf(unconfirmed.data)).toEqual({
      confirmFullAccess: ["Please confirm that this role gets full access."],
    });
    expect(await db.em.count(Role, { kind: "product" })).toBe(2);
  });

  it("grants full access once confirmed", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const result = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: form("Administrator", { fullAccess: "on", confirmFullAccess: "on" }),
    });
    expect(result.status).toBe(302);
    expect(await db.em.findOneOrFail(Role, { name: "Administrator" })).toMatchObject({ fullAccess: true });
  });

  it("refuses a user whose global role may not create roles", async () => {
    const { cookie } = await userWith(db.em, ["global-settings.roles.view-global"]);
    const result = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: form("Sneaky", { actions: "project-settings.members.view" }),
    });
    expect(result.location).toBe("/forbidden");
    expect(await db.em.count(Role, { name: "Sneaky" })).toBe(0);
  });
});

describe("editing a product role", () => {
  it("updates the role and logs what changed", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const role = await createRole(db.em, {
      name: "Viewer",
      grantedActions: ["project-settings.members.view"],
    });
    const params = { id: role.id };
    const result = await callAction(roleEdit, `${BASE}/${role.id}/edit`, {
      cookie,
      params,
      form: form("Viewer", { fullAccess: "on", confirmFullAccess: "on" }),
    });
    expect(result.location).toBe(`${BASE}/detail/${role.id}`);
    expect(await db.em.findOneOrFail(Role, role.id)).toMatchObject({ fullAccess: true });
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({
      action: "updated",
      before: { fullAccess: false, grantedActions: ["project-settings.members.view"] },
      after: { fullAccess: true, grantedActions: [] },
    });
  });

  it("does not edit an ACC role through the product pages", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const project = await createProject(db.em);
    // One fork: db.em is a new one at each use.
    const em = db.em;
    const acc = em.create(Role, { name: "ACC", kind: "acc", project, grantedActions: [] } as any);
    await em.flush();
    expect(await db.em.count(Role, { id: acc.id })).toBe(1);
    const result = await callLoader(roleEdit, `${BASE}/${acc.id}/edit`, { cookie, params: { id: acc.id } });
    expect(result.status).toBe(404);
  });
});

describe("a product role's page and deletion", () => {
  it("shows members with their project, global-role holders and the activity", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const role = await createRole(db.em, {
      name: "Engineer",
      grantedActions: ["project-settings.members.view"],
    });
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    await addMember(db.em, { project, user: await createUser(db.em, { name: "Pat Project" }), role });
    const holder = await createUser(db.em, { name: "Hal Holder" });
    await db.em.nativeUpdate(User, { id: holder.id }, { globalRole: role.id });
    const params = { id: role.id };
    const page = await callLoader(roleDetail, `${BASE}/detail/${role.id}`, { cookie, params });
    expect(page.data.members.rows).toEqual([
      expect.objectContaining({ name: "Pat Project", project: "Harbour Tunnel" }),
    ]);
    expect(page.data.globalUsers.rows).toEqual([expect.objectContaining({ name: "Hal Holder" })]);
    expect(page.data.role.levels["project-settings"]).toBe("limited");
    expect(page.data.activity).toEqual([]);
  });

  it("refuses to delete a role held by members or as a global role", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const role = await createRole(db.em, {
      name: "Engineer",
      grantedActions: ["project-settings.members.view"],
    });
    await addMember(db.em, { project: await createProject(db.em), user: await createUser(db.em), role });
    const holder = await createUser(db.em);
    await db.em.nativeUpdate(User, { id: holder.id }, { globalRole: role.id });
    const params = { id: role.id };
    const post = () =>
      callAction(roleDetail, `${BASE}/detail/${role.id}`, { cookie, params, form: { intent: "delete" } });
    expect((await post()).data).toEqual({ deleteError: { reason: "assigned", count: 2 } });
    await db.em.nativeDelete(ProjectMember, { role: role.id });
    expect((await post()).data).toEqual({ deleteError: { reason: "assigned", count: 1 } });
    expect(await db.em.count(Role, { id: role.id })).toBe(1);
  });

  it("refuses a user whose global role may not delete roles", async () => {
    const { cookie } = await userWith(db.em, ["global-settings.roles.view-global"]);
    const role = await createRole(db.em, { name: "Unused" });
    const params = { id: role.id };
    const result = await callAction(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(result.status).toBe(403);
    expect(await db.em.count(Role, { id: role.id })).toBe(1);
  });

  it("deletes an unused role and logs it", async () => {
    const { cookie } = await userWith(db.em, ROLE_KEYS);
    const role = await createRole(db.em, { name: "Unused" });
    const params = { id: role.id };
    const result = await callAction(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(result.location).toBe(BASE);
    expect(await db.em.count(Role, { id: role.id })).toBe(0);
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({ action: "deleted", project: null, before: { name: "Unused" } });
  });
});
