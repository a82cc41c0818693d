import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it, vi } from "vitest";
import enCommon from "~/app/locales/en/common.json";
import enRoles from "~/app/locales/en/roles.json";
import { parseMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject, type IRole, ProjectMember, Role } from "~/server/db/entities";
import { readToast } from "~/server/http/toast.server";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, cookieFrom, signIn } from "~/tests/setup/requests";
import * as rolesList from "../routes/roles";
import * as roleDetail from "../routes/roles.detail";
import * as roleEdit from "../routes/roles.edit";
import * as roleNew from "../routes/roles.new";

// A safety module with pre-start talks (non-AU) and PTT (AU) actions, to see the region filter at work.
vi.mock("~/server/registry", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/server/registry")>();
  const { buildRegistry } = await import("~/server/registry/registry");
  const base = actual.registry();
  const meetings = (key: string) => ({ key, displayName: key, status: "modifiable" as const });
  const safety = {
    id: "safety-test",
    title: "safety-test:title",
    basePath: "/safety-test",
    routes: [],
    permissions: {
      displayName: "Safety",
      subModules: [
        {
          name: "meetings",
          displayName: "Meetings",
          actions: [meetings("ptt-view"), meetings("pre-start-talk-view"), meetings("toolbox-talk-view")],
        },
      ],
    },
  };
  const built = buildRegistry(
    [...base.modules, safety],
    base.routes.filter((route) => route.moduleId === null),
  );
  return { ...actual, registry: () => built };
});

const db = setupTestDatabase();

const BASE = "/project-settings/roles-in-accs";
const ALL_ROLE_KEYS = ["view", "create", "edit", "delete"].map((a) => `project-settings.roles.${a}`);
const VIEW_KEYS = [
  "project-settings.company.view",
  "project-settings.documentService.view",
  "project-settings.group.view",
  "project-settings.members.view",
  "project-settings.modules.view",
  "project-settings.notificationSetting.view-notification-settings",
  "project-settings.roles.view",
  "project-settings.settings.view-settings",
];

/** The English text of a message key ('roles:validation.nameTaken', 'common:validation.maxLength?length=120'). */
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

async function memberWith(em: EntityManager, project: IProject, grantedActions: string[]) {
  const user = await createUser(em);
  const role = await createRole(em, { name: `Keys ${grantedActions.length} ${user.id}`, grantedActions });
  await addMember(em, { project, user, role });
  return { user, cookie: await signIn(em, user, { projectId: project.id }) };
}

async function adminOf(em: EntityManager, language = "EN") {
  const project = await createProject(em, { name: "Harbour Tunnel", language });
  const { user, cookie } = await memberWith(em, project, ALL_ROLE_KEYS);
  return { project, user, cookie };
}

function accRole(em: EntityManager, project: IProject, overrides: Partial<IRole> = {}) {
  const role = em.create(Role, {
    name: "Site Supervisor",
    kind: "acc",
    project,
    fullAccess: false,
    grantedActions: ["project-settings.members.view"],
    ...overrides,
  } as any);
  return em.flush().then(() => role);
}

const createForm = (name: string, extra: Record<string, string | string[]> = {}) => ({ name, ...extra });

describe("the ACC roles list", () => {
  it("lists this project's ACC roles only, with access, members and paging by 10", async () => {
    const em = db.em;
    const { project, cookie } = await adminOf(em);
    const other = await createProject(em);
    for (let i = 1; i <= 11; i++) await accRole(em, project, { name: `Role ${String(i).padStart(2, "0")}` });
    const supervisor = await accRole(em, project, { name: "Zone supervisor", fullAccess: true });
    await accRole(em, other, { name: "Role of another project" });
    const member = await addMember(em, { project, user: await createUser(em) });
    member.accRole = supervisor;
    await em.flush();

    const first = await callLoader(rolesList, BASE, { cookie });
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(12);
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.rows[0]).toMatchObject({
      name: "Role 01",
      fullAccess: false,
      grantedCount: 1,
      memberCount: 0,
    });
    expect(first.data.canCreate).toBe(true);
    const second = await callLoader(rolesList, `${BASE}?page=2`, { cookie });
    expect(second.data.rows.map((row: { name: string }) => row.name)).toEqual(["Role 11", "Zone supervisor"]);
    expect(second.data.rows[1]).toMatchObject({ fullAccess: true, memberCount: 1 });
    const search = await callLoader(rolesList, `${BASE}?q=ZONE`, { cookie });
    expect(search.data.rows.map((row: { name: string }) => row.name)).toEqual(["Zone supervisor"]);
  });

  it("offers Create only to a member who may create roles", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["project-settings.roles.view"]);
    const page = await callLoader(rolesList, BASE, { cookie });
    expect(page.data).toMatchObject({ canCreate: false, total: 0, rows: [] });
  });
});

describe("creating an ACC role", () => {
  it("stores a role for this project from the access levels (without JavaScript) and logs it", async () => {
    const { project, user, cookie } = await adminOf(db.em);
    const result = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("  Site Supervisor ", {
        "level.project-settings": "view",
        "initialLevel.project-settings": "none",
        actions: ["project-settings.roles.delete"],
      }),
    });
    expect(result.status).toBe(302);
    const role = await db.em.findOneOrFail(Role, { name: "Site Supervisor" });
    expect(result.location).toBe(`${BASE}/detail/${role.id}`);
    expect(role).toMatchObject({
      kind: "acc",
      fullAccess: false,
      grantedActions: VIEW_KEYS,
    });
    expect(role.project?.id).toBe(project.id);
    const toast = await readToast(
      new Request("http://x", { headers: { Cookie: cookieFrom(result.headers.get("Set-Cookie")) } }),
    );
    expect(toast.toast).toMatchObject({
      message: "roles:toast.created",
      params: { name: "Site Supervisor" },
    });
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({ action: "created", before: null });
    expect(entry.after).toEqual({ name: "Site Supervisor", fullAccess: false, grantedActions: VIEW_KEYS });
    expect(entry.project?.id).toBe(project.id);
    expect(entry.actor?.id).toBe(user.id);
  });

  it("reports each validation message and creates nothing", async () => {
    const { project, cookie } = await adminOf(db.em);
    await accRole(db.em, project, { name: "Site Supervisor" });
    const post = (form: Record<string, string | string[]>) =>
      callAction(roleNew, `${BASE}/new`, { cookie, form });

    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.data)).toEqual({
      name: ["This field is required"],
      actions: ["Please select a permission to create role"],
    });
    const long = await post(createForm("x".repeat(121), { actions: "project-settings.members.view" }));
    expect(errorsOf(long.data)).toEqual({ name: ["Maximum 120 characters"] });
    const taken = await post(createForm("site supervisor", { actions: "project-settings.members.view" }));
    expect(errorsOf(taken.data)).toEqual({ name: ["A role with this name already exists."] });
    const unknownOnly = await post(
      createForm("Inspector", { actions: ["made.up.key", "global-settings.roles.view-global"] }),
    );
    expect(errorsOf(unknownOnly.data)).toEqual({ actions: ["Please select a permission to create role"] });
    expect(await db.em.count(Role, { kind: "acc" })).toBe(1);
  });

  it("allows the same name in another project and as a product role", async () => {
    const { cookie } = await adminOf(db.em);
    await accRole(db.em, await createProject(db.em), { name: "Inspector" });
    await createRole(db.em, { name: "Inspector" });
    const result = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("Inspector", { actions: "project-settings.members.view" }),
    });
    expect(result.status).toBe(302);
  });

  it("needs full access confirmed, then grants it", async () => {
    const { cookie } = await adminOf(db.em);
    const unconfirmed = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("Project lead", { fullAccess: "on" }),
    });
    expect(unconfirmed.status).toBe(400);
    expect(errorsOf(unconfirmed.data)).toEqual({
      confirmFullAccess: ["Please confirm that this role gets full access."],
    });
    expect(await db.em.count(Role, { kind: "acc" })).toBe(0);
    const confirmed = await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("Project lead", { fullAccess: "on", confirmFullAccess: "on" }),
    });
    expect(confirmed.status).toBe(302);
    expect(await db.em.findOneOrFail(Role, { name: "Project lead" })).toMatchObject({
      fullAccess: true,
      grantedActions: [],
    });
  });

  it("refuses a member who may not create roles, and creates nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["project-settings.roles.view"]);
    const form = createForm("Sneaky", { actions: "project-settings.members.view" });
    const result = await callAction(roleNew, `${BASE}/new`, { cookie, form });
    expect(result.location).toBe("/forbidden");
    expect(await db.em.count(Role, { kind: "acc" })).toBe(0);
  });
});

describe("the region of the project (spec 6)", () => {
  it("leaves PTT actions out of an AU project's editor and stored roles", async () => {
    const { cookie } = await adminOf(db.em, "AU");
    const editor = await callLoader(roleNew, `${BASE}/new`, { cookie });
    const keys = editor.data.modules.flatMap((module: { groups: { actions: { key: string }[] }[] }) =>
      module.groups.flatMap((group) => group.actions.map((action) => action.key)),
    );
    expect(keys).toContain("safety-test.meetings.pre-start-talk-view");
    expect(keys).not.toContain("safety-test.meetings.ptt-view");
    expect(keys.some((key: string) => key.startsWith("global-settings."))).toBe(false);

    await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("Safety lead", {
        "level.safety-test": "full",
        "initialLevel.safety-test": "none",
        actions: "safety-test.meetings.ptt-view",
      }),
    });
    const role = await db.em.findOneOrFail(Role, { name: "Safety lead" });
    expect(role.grantedActions).toEqual([
      "safety-test.meetings.pre-start-talk-view",
      "safety-test.meetings.toolbox-talk-view",
    ]);
  });

  it("leaves pre-start talk actions out elsewhere", async () => {
    const { cookie } = await adminOf(db.em, "EN");
    await callAction(roleNew, `${BASE}/new`, {
      cookie,
      form: createForm("Safety lead", {
        actions: ["safety-test.meetings.ptt-view", "safety-test.meetings.pre-start-talk-view"],
      }),
    });
    const role = await db.em.findOneOrFail(Role, { name: "Safety lead" });
    expect(role.grantedActions).toEqual(["safety-test.meetings.ptt-view"]);
  });
});

describe("editing an ACC role", () => {
  it("saves the changes and logs only the fields that changed", async () => {
    const { project, cookie } = await adminOf(db.em);
    const role = await accRole(db.em, project);
    const editor = await callLoader(roleEdit, `${BASE}/${role.id}/edit`, { cookie, params: { id: role.id } });
    expect(editor.data.role).toMatchObject({
      name: "Site Supervisor",
      levels: { "project-settings": "limited" },
    });
    const result = await callAction(roleEdit, `${BASE}/${role.id}/edit`, {
      cookie,
      params: { id: role.id },
      form: createForm("Site Supervisor", {
        actions: ["project-settings.members.view", "project-settings.members.invite"],
      }),
    });
    expect(result.location).toBe(`${BASE}/detail/${role.id}`);
    const saved = await db.em.findOneOrFail(Role, role.id);
    expect(saved.grantedActions).toEqual([
      "project-settings.members.invite",
      "project-settings.members.view",
    ]);
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({
      action: "updated",
      before: { grantedActions: ["project-settings.members.view"] },
      after: { grantedActions: ["project-settings.members.invite", "project-settings.members.view"] },
    });
  });

  it("keeps full access without asking again, and answers 404 for another project's role", async () => {
    const { project, cookie } = await adminOf(db.em);
    const lead = await accRole(db.em, project, { name: "Lead", fullAccess: true, grantedActions: [] });
    const renamed = await callAction(roleEdit, `${BASE}/${lead.id}/edit`, {
      cookie,
      params: { id: lead.id },
      form: createForm("Project lead", { fullAccess: "on" }),
    });
    expect(renamed.status).toBe(302);
    expect(await db.em.findOneOrFail(Role, lead.id)).toMatchObject({
      name: "Project lead",
      fullAccess: true,
    });
    const foreign = await accRole(db.em, await createProject(db.em), { name: "Elsewhere" });
    const params = { id: foreign.id };
    expect((await callLoader(roleEdit, `${BASE}/${foreign.id}/edit`, { cookie, params })).status).toBe(404);
    expect(
      (await callLoader(roleEdit, `${BASE}/not-a-uuid/edit`, { cookie, params: { id: "x" } })).status,
    ).toBe(404);
  });
});

describe("an ACC role's page and deletion", () => {
  it("shows the role, its members and its activity", async () => {
    const { project, cookie } = await adminOf(db.em);
    const role = await accRole(db.em, project);
    const member = await addMember(db.em, { project, user: await createUser(db.em, { name: "Mia Member" }) });
    await db.em.nativeUpdate(ProjectMember, { id: member.id }, { accRole: role.id });
    await callAction(roleEdit, `${BASE}/${role.id}/edit`, {
      cookie,
      params: { id: role.id },
      form: createForm("Site lead", { actions: "project-settings.members.view" }),
    });
    const page = await callLoader(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params: { id: role.id },
    });
    expect(page.data.role).toMatchObject({
      name: "Site lead",
      grantedActions: ["project-settings.members.view"],
    });
    expect(page.data.members.rows).toEqual([
      expect.objectContaining({ name: "Mia Member", project: "Harbour Tunnel" }),
    ]);
    expect(page.data.globalUsers).toBeNull();
    expect(page.data.activity[0]).toMatchObject({
      action: "updated",
      changes: [{ field: "name", before: "Site Supervisor", after: "Site lead" }],
    });
    expect(page.data.can).toEqual({ edit: true, delete: true });
  });

  it("refuses to delete a role assigned to members ('Unable to Delete Role')", async () => {
    const { project, cookie } = await adminOf(db.em);
    const role = await accRole(db.em, project);
    for (const name of ["Ann", "Ben"]) {
      const member = await addMember(db.em, { project, user: await createUser(db.em, { name }) });
      await db.em.nativeUpdate(ProjectMember, { id: member.id }, { accRole: role.id });
    }
    const params = { id: role.id };
    const result = await callAction(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(result.status).toBe(409);
    expect(result.data).toEqual({ deleteError: { reason: "assigned", count: 2 } });
    expect(enRoles.delete.unable).toBe("Unable to Delete Role");
    expect(enRoles.delete.failed).toBe("Failed to delete role");
    expect(await db.em.count(Role, { id: role.id })).toBe(1);
  });

  it("refuses a member who may not delete roles", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["project-settings.roles.view"]);
    const role = await accRole(db.em, project);
    const params = { id: role.id };
    const result = await callAction(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(result.status).toBe(403);
    expect(await db.em.count(Role, { id: role.id })).toBe(1);
  });

  it("deletes an unused role, logs it and goes back to the list", async () => {
    const { project, cookie } = await adminOf(db.em);
    const role = await accRole(db.em, project);
    const params = { id: role.id };
    const result = await callAction(roleDetail, `${BASE}/detail/${role.id}`, {
      cookie,
      params,
      form: { intent: "delete" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(BASE);
    expect(await db.em.count(Role, { id: role.id })).toBe(0);
    const [entry] = await db.em.find(ActivityLog, { entityType: "role", entityId: role.id });
    expect(entry).toMatchObject({ action: "deleted", after: null, before: { name: "Site Supervisor" } });
    expect(entry.project?.id).toBe(project.id);
  });
});
