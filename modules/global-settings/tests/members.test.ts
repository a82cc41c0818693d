import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ActivityLog, AuthToken, type IUser, Role, Session, User } from "~/server/db/entities";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { registry } from "~/server/registry";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { backdateMailTo, linkIn, newestMailTo, pathOf } from "~/tests/setup/mail";
import {
  callAction,
  callLoader,
  cookieFrom,
  projectPageOutcome,
  type RouteResult,
  signIn,
} from "~/tests/setup/requests";
import * as list from "../routes/members";
import * as detail from "../routes/members.detail";
import * as invite from "../routes/members.invite";

const db = setupTestDatabase();

const LIST = "/globalSettings/membersGlobal";
const INVITE = "/globalSettings/membersGlobal/invite-member";
const ALL_KEYS = ["view", "create", "edit", "delete"].map((a) => `global-settings.members.${a}-global`);

// The set-password page belongs to the account module: reach it through the route table, as a browser would.
let setPassword: { loader: (args: any) => Promise<unknown> };
beforeAll(async () => {
  const route = registry().routes.find((entry) => entry.path === "/auth/set-password");
  if (!route) throw new Error("no /auth/set-password route");
  setPassword = await import(/* @vite-ignore */ resolve("app", route.file));
});

/** A user whose global role grants the given global-settings keys. */
async function userWithGlobalKeys(keys: string[], overrides: Parameters<typeof createUser>[1] = {}) {
  const em = db.em;
  const role = await createRole(em, { name: `Global ${keys.length}`, grantedActions: keys });
  const user = await createUser(em, overrides);
  user.globalRole = em.getReference(Role, role.id);
  await em.flush();
  return { user, role, cookie: await signIn(db.em, user) };
}

async function toastOf(result: RouteResult) {
  const cookie = cookieFrom(result.headers.get("Set-Cookie"));
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

const english = async (key: string, params: Record<string, unknown> = {}) =>
  (await serverT("en"))(key, params);

async function linkMailedTo(email: string) {
  const mail = await newestMailTo(db.em, email);
  return { mail, path: pathOf(linkIn(mail)) };
}

describe("global members list", () => {
  it("lists every user with status, number of projects and global role; searchable and paginated", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS, { name: "Ada Admin" });
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const busy = await createUser(db.em, { name: "Bea Busy", email: "bea@site.test" });
    await addMember(db.em, { project, user: busy });
    await addMember(db.em, { project: other, user: busy });
    await createUser(db.em, { name: "Ivy Invited", password: null });
    await createUser(db.em, { name: "Dan Deactivated", isActive: false });
    for (let i = 0; i < 8; i++) await createUser(db.em, { name: `Zed ${i}` });

    const first = await callLoader(list, LIST, { cookie });
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(12);
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.canInvite).toBe(true);
    const byName = Object.fromEntries(first.data.rows.map((row: { name: string }) => [row.name, row]));
    expect(byName["Ada Admin"]).toMatchObject({ status: "active", projects: 0, globalRole: "Global 4" });
    expect(byName["Bea Busy"]).toMatchObject({ projects: 2, globalRole: null });
    expect(byName["Ivy Invited"].status).toBe("invited");
    expect(byName["Dan Deactivated"].status).toBe("deactivated");
    expect((await callLoader(list, `${LIST}?page=2`, { cookie })).data.rows).toHaveLength(2);
    const search = await callLoader(list, `${LIST}?q=BEA@site`, { cookie });
    expect(search.data.rows.map((row: { name: string }) => row.name)).toEqual(["Bea Busy"]);
  });

  it("needs the view permission of the global role", async () => {
    const { cookie } = await userWithGlobalKeys([]);
    const result = await callLoader(list, LIST, { cookie });
    expect(result.location).toBe("/forbidden");
    const viewer = await userWithGlobalKeys(["global-settings.members.view-global"]);
    expect((await callLoader(list, LIST, { cookie: viewer.cookie })).data.canInvite).toBe(false);
  });
});

describe("inviting people to the product", () => {
  it("validates the addresses and creates nothing on error", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    const before = await db.em.count(User, {});
    const empty = await callAction(invite, INVITE, { cookie, form: { emails: "" } });
    expect(empty.status).toBe(400);
    expect(empty.data.error.emails).toEqual(["validation.required"]);
    const invalid = await callAction(invite, INVITE, { cookie, form: { emails: "ok@site.test, bad" } });
    expect(invalid.data.error.emails).toEqual(["validation.invalidEmail|bad"]);
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@site.test`);
    const tooMany = await callAction(invite, INVITE, { cookie, form: { emails: many } });
    expect(tooMany.data.error.emails).toEqual(["members:invite.tooManyEmails"]);
    expect(await db.em.count(User, {})).toBe(before);
  });

  it("refuses someone whose global role does not grant inviting", async () => {
    const { cookie } = await userWithGlobalKeys(["global-settings.members.view-global"]);
    const result = await callAction(invite, INVITE, { cookie, form: { emails: "new@site.test" } });
    expect(result.location).toBe("/forbidden");
    expect(await db.em.count(User, { email: "new@site.test" })).toBe(0);
  });

  it("creates accounts without a project, with the global role and a working invitation link", async () => {
    const { user: admin, cookie } = await userWithGlobalKeys(ALL_KEYS, { name: "Ada Admin" });
    const globalRole = await createRole(db.em, { name: "Auditor" });
    await createUser(db.em, { email: "known@site.test" });

    const result = await callAction(invite, INVITE, {
      cookie,
      form: { emails: ["new.person@site.test", "known@site.test"], globalRoleId: globalRole.id },
    });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({
      message: "members:toast.invitationsSentSkipped",
      params: { count: 1, skipped: "known@site.test" },
    });
    const created = await db.em.findOneOrFail(
      User,
      { email: "new.person@site.test" },
      { populate: ["globalRole"] },
    );
    expect(created).toMatchObject({ name: "New Person", passwordHash: null });
    expect(created.globalRole?.name).toBe("Auditor");
    const { mail, path } = await linkMailedTo("new.person@site.test");
    expect(mail.subject).toBe("You are invited to SiteProof");
    expect((await callLoader(setPassword, path)).data.link).toEqual({
      state: "valid",
      kind: "invite",
      email: "new.person@site.test",
    });
    const [entry] = await db.em.find(ActivityLog, { entityType: "user", entityId: created.id });
    expect(entry).toMatchObject({
      action: "invited",
      after: { email: "new.person@site.test", globalRole: "Auditor" },
    });
    expect(entry.actor?.id).toBe(admin.id);
  });
});

describe("a user's page", () => {
  const pathFor = (id: string) => `${LIST}/${id}`;
  const post = (cookie: string, id: string, form: Record<string, string>) =>
    callAction(detail, pathFor(id), { cookie, form, params: { id } });

  it("shows the projects the user belongs to, with roles", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    const target = await createUser(db.em, { name: "Pat Projects" });
    const project = await createProject(db.em, { name: "Western Rail" });
    await addMember(db.em, {
      project,
      user: target,
      role: await createRole(db.em, { name: "Site Engineer" }),
    });
    const page = await callLoader(detail, pathFor(target.id), { cookie, params: { id: target.id } });
    expect(page.data.member).toMatchObject({ name: "Pat Projects", status: "active" });
    expect(page.data.projects).toEqual([
      expect.objectContaining({ project: "Western Rail", role: "Site Engineer", accRole: null }),
    ]);
    const missing = await callLoader(detail, pathFor("00000000-0000-4000-8000-000000000000"), {
      cookie,
      params: { id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.status).toBe(404);
  });

  it("sets the global role with a log entry, and refuses without edit-global", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    const target = await createUser(db.em);
    const auditor = await createRole(db.em, { name: "Auditor" });
    const viewer = await userWithGlobalKeys(["global-settings.members.view-global"]);
    const refused = await post(viewer.cookie, target.id, { intent: "global-role", globalRoleId: auditor.id });
    expect(refused.status).toBe(403);

    const result = await post(cookie, target.id, { intent: "global-role", globalRoleId: auditor.id });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ message: "members:toast.globalRoleUpdated" });
    const saved = await db.em.findOneOrFail(User, { id: target.id }, { populate: ["globalRole"] });
    expect(saved.globalRole?.name).toBe("Auditor");
    const [entry] = await db.em.find(ActivityLog, { entityId: target.id, action: "global-role-changed" });
    expect(entry).toMatchObject({ before: { globalRole: null }, after: { globalRole: "Auditor" } });

    await post(cookie, target.id, { intent: "global-role", globalRoleId: "none" });
    const cleared = await db.em.findOneOrFail(User, { id: target.id });
    expect(cleared.globalRole).toBeNull();
  });

  it("deactivates an account: its sessions end, it cannot sign in, and it can be reactivated", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    const target = await createUser(db.em, { name: "Tom Target" });
    const project = await createProject(db.em);
    await addMember(db.em, { project, user: target });
    const targetCookie = await signIn(db.em, target, { projectId: project.id });
    expect((await projectPageOutcome("/", targetCookie)).allowed).toBe(true);

    const result = await post(cookie, target.id, { intent: "deactivate" });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ message: "members:toast.userDeactivated" });
    expect((await db.em.findOneOrFail(User, { id: target.id })).isActive).toBe(false);
    expect(await db.em.count(Session, { user: target.id })).toBe(0);
    const outcome = await projectPageOutcome("/", targetCookie);
    expect(outcome.allowed).toBe(false);
    expect(outcome.allowed === false && outcome.location).toMatch(/^\/auth\/login/);

    await post(cookie, target.id, { intent: "reactivate" });
    expect((await db.em.findOneOrFail(User, { id: target.id })).isActive).toBe(true);
    const actions = (
      await db.em.find(ActivityLog, { entityId: target.id }, { orderBy: { createdAt: "asc" } })
    ).map((entry) => entry.action);
    expect(actions).toEqual(["deactivated", "reactivated"]);
  });

  it("voids an unused invitation link when the account is deactivated", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    await callAction(invite, INVITE, { cookie, form: { emails: "gone@site.test" } });
    const target = await db.em.findOneOrFail(User, { email: "gone@site.test" });
    const { path } = await linkMailedTo("gone@site.test");
    await post(cookie, target.id, { intent: "deactivate" });
    expect((await callLoader(setPassword, path)).data.link.state).toBe("expired");
    expect(await db.em.count(AuthToken, { user: target.id, usedAt: null })).toBe(0);
  });

  it("lets nobody deactivate themselves, and only a super admin deactivate a super admin", async () => {
    const { user: admin, cookie } = await userWithGlobalKeys(ALL_KEYS);
    const self = await post(cookie, admin.id, { intent: "deactivate" });
    expect(self.status).toBe(400);
    expect(self.data.result.error[""]).toEqual(["members:detail.cannotDeactivateSelf"]);

    const chief = await createUser(db.em, { name: "Sue Super", isSuperAdmin: true });
    const refused = await post(cookie, chief.id, { intent: "deactivate" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual(["members:detail.cannotDeactivateSuperAdmin"]);
    expect(await english("members:detail.cannotDeactivateSuperAdmin")).toBe(
      "Only a super admin can deactivate a super admin.",
    );
    expect((await db.em.findOneOrFail(User, { id: chief.id })).isActive).toBe(true);

    const superCookie = await signIn(db.em, await createUser(db.em, { isSuperAdmin: true }));
    const allowed = await post(superCookie, chief.id, { intent: "deactivate" });
    expect(allowed.status).toBe(302);
    expect((await db.em.findOneOrFail(User, { id: chief.id })).isActive).toBe(false);
  });

  it("refuses deactivation without delete-global (403, nothing changed)", async () => {
    const { cookie } = await userWithGlobalKeys([
      "global-settings.members.view-global",
      "global-settings.members.edit-global",
    ]);
    const target = await createUser(db.em);
    const result = await post(cookie, target.id, { intent: "deactivate" });
    expect(result.status).toBe(403);
    expect((await db.em.findOneOrFail(User, { id: target.id })).isActive).toBe(true);
  });

  it("resends an invitation to someone who has not accepted, and only to them", async () => {
    const { cookie } = await userWithGlobalKeys(ALL_KEYS);
    await callAction(invite, INVITE, { cookie, form: { emails: "slow@site.test" } });
    const target = await db.em.findOneOrFail(User, { email: "slow@site.test" });
    const first = (await linkMailedTo("slow@site.test")).path;
    await backdateMailTo(db.em, "slow@site.test");
    const result = await post(cookie, target.id, { intent: "resend" });
    expect(result.status).toBe(302);
    const second = (await linkMailedTo("slow@site.test")).path;
    expect((await callLoader(setPassword, first)).data.link.state).toBe("expired");
    expect((await callLoader(setPassword, second)).data.link.state).toBe("valid");

    const active: IUser = await createUser(db.em);
    const refused = await post(cookie, active.id, { intent: "resend" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error[""]).toEqual(["members:detail.notInvited"]);
  });
});
