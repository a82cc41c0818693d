import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ActivityLog,
  Group,
  type IProject,
  type IUser,
  OutboxMail,
  Project,
  ProjectMember,
  ProjectSetting,
  Role,
  Session,
  User,
} from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { registry } from "~/server/registry";
import { addMember, createCompany, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { backdateMailTo, linkIn, newestMailTo, pathOf } from "~/tests/setup/mail";
import { callAction, callLoader, cookieFrom, type RouteResult, signIn } from "~/tests/setup/requests";
import * as list from "../routes/members";
import * as detail from "../routes/members.detail";
import * as invite from "../routes/members.invite";

const db = setupTestDatabase();

// The set-password page belongs to the account module: reach it through the route table, as a browser would.
let setPassword: { loader: (args: any) => Promise<unknown> };
beforeAll(async () => {
  const route = registry().routes.find((entry) => entry.path === "/auth/set-password");
  if (!route) throw new Error("no /auth/set-password route");
  setPassword = await import(/* @vite-ignore */ resolve("app", route.file));
});

const LIST = "/project-settings/members";
const INVITE = "/project-settings/members/invite-member";
const ALL_MEMBER_KEYS = ["view", "invite", "edit", "delete"].map((a) => `project-settings.members.${a}`);

async function projectWithAdmin() {
  const project = await createProject(db.em, { name: "Northern Bridge" });
  const adminRole = await createRole(db.em, { name: "Member admin", grantedActions: ALL_MEMBER_KEYS });
  const admin = await createUser(db.em, { name: "Ada Admin", email: "ada@site.test" });
  const adminMember = await addMember(db.em, { project, user: admin, role: adminRole });
  const cookie = await signIn(db.em, admin, { projectId: project.id });
  return { project, admin, adminRole, adminMember, cookie };
}

async function memberWithKeys(project: IProject, keys: string[], name = "Vic Viewer") {
  const role = await createRole(db.em, { name: `${name} role`, grantedActions: keys });
  const user = await createUser(db.em, { name });
  const member = await addMember(db.em, { project, user, role });
  return { user, member, role, cookie: await signIn(db.em, user, { projectId: project.id }) };
}

async function toastOf(result: RouteResult) {
  const cookie = cookieFrom(result.headers.get("Set-Cookie"));
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

async function english(key: string, params: Record<string, unknown> = {}) {
  return (await serverT("en"))(key, params);
}

async function linkMailedTo(email: string) {
  const mail = await newestMailTo(db.em, email);
  return { mail, link: linkIn(mail) };
}

describe("project members list", () => {
  it("lists the current project's members with roles, company and status, searchable and paginated", async () => {
    const { project, cookie } = await projectWithAdmin();
    const company = await createCompany(db.em, { name: "Harbour Civil" });
    const accRole = await createRole(db.em, { name: "ACC Reviewer", kind: "acc" });
    const invited = await createUser(db.em, { name: "Ivy Invited", email: "ivy@site.test", password: null });
    const em = db.em;
    const ivy = await addMember(em, { project, user: invited, company });
    ivy.accRole = em.getReference(Role, accRole.id);
    await em.flush();
    const elsewhere = await createProject(db.em);
    await addMember(db.em, { project: elsewhere, user: await createUser(db.em, { name: "Otto Other" }) });
    for (let i = 0; i < 10; i++)
      await addMember(db.em, { project, user: await createUser(db.em, { name: `Zed ${i}` }) });

    const first = await callLoader(list, LIST, { cookie });
    expect(first.status).toBe(200);
    expect(first.data.total).toBe(12);
    expect(first.data.rows).toHaveLength(10);
    expect(first.data.canInvite).toBe(true);
    expect(first.data.rows.map((row: { name: string }) => row.name)).not.toContain("Otto Other");
    expect(first.data.rows[1]).toMatchObject({
      name: "Ivy Invited",
      email: "ivy@site.test",
      company: "Harbour Civil",
      accRole: "ACC Reviewer",
      status: "invited",
    });
    expect(first.data.rows[0]).toMatchObject({ name: "Ada Admin", role: "Member admin", status: "active" });

    const second = await callLoader(list, `${LIST}?page=2`, { cookie });
    expect(second.data.rows).toHaveLength(2);

    const byEmail = await callLoader(list, `${LIST}?q=IVY@`, { cookie });
    expect(byEmail.data.rows.map((row: { name: string }) => row.name)).toEqual(["Ivy Invited"]);
    const byName = await callLoader(list, `${LIST}?q=zed 1`, { cookie });
    expect(byName.data.total).toBe(1);
  });

  it("offers the invite button only to those who may invite", async () => {
    const { project } = await projectWithAdmin();
    const viewer = await memberWithKeys(project, ["project-settings.members.view"]);
    const result = await callLoader(list, LIST, { cookie: viewer.cookie });
    expect(result.data.canInvite).toBe(false);
  });
});

describe("inviting members", () => {
  async function submit(cookie: string, form: Record<string, string | string[]>) {
    return callAction(invite, INVITE, { cookie, form });
  }

  it("validates the addresses with the spec's messages and creates nothing", async () => {
    const { adminRole, cookie } = await projectWithAdmin();
    const users = await db.em.count(User, {});

    const empty = await submit(cookie, { emails: "", roleId: adminRole.id });
    expect(empty.status).toBe(400);
    expect(empty.data.error.emails).toEqual(["validation.required"]);
    expect(await english("validation.required")).toBe("This field is required");

    const invalid = await submit(cookie, {
      emails: ["good@site.test", "not-an-email"],
      roleId: adminRole.id,
    });
    expect(invalid.data.error.emails).toEqual(["validation.invalidEmail|not-an-email"]);
    expect(await english("validation.invalidEmail")).toBe("Invalid email");

    const many = Array.from({ length: 101 }, (_, i) => `p${i}@site.test`);
    const tooMany = await submit(cookie, { emails: many, roleId: adminRole.id });
    expect(tooMany.data.error.emails).toEqual(["members:invite.tooManyEmails"]);
    expect(await english("members:invite.tooManyEmails", { max: 100 })).toBe(
      "You can invite at most 100 email addresses at a time.",
    );

    const noRole = await submit(cookie, { emails: "good@site.test" });
    expect(noRole.data.error.roleId).toEqual(["validation.required"]);
    const accRoleAsProductRole = await createRole(db.em, { name: "ACC only", kind: "acc" });
    const wrongRole = await submit(cookie, { emails: "good@site.test", roleId: accRoleAsProductRole.id });
    expect(wrongRole.data.error.roleId).toEqual(["members:form.unknownOption"]);

    expect(await db.em.count(User, {})).toBe(users);
    expect(await db.em.count(OutboxMail, {})).toBe(0);
  });

  it("accepts exactly 100 addresses", async () => {
    const { project, adminRole, cookie } = await projectWithAdmin();
    const hundred = Array.from({ length: 100 }, (_, i) => `p${i}@site.test`);
    const result = await submit(cookie, { emails: hundred.join(", "), roleId: adminRole.id });
    expect(result.status).toBe(302);
    expect(await db.em.count(ProjectMember, { project })).toBe(101);
  });

  it("refuses a member without the invite permission and creates nothing", async () => {
    const { project, adminRole } = await projectWithAdmin();
    const viewer = await memberWithKeys(project, ["project-settings.members.view"]);
    const result = await submit(viewer.cookie, { emails: "new@site.test", roleId: adminRole.id });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
    expect(await db.em.count(User, { email: "new@site.test" })).toBe(0);
  });

  it("creates accounts with invitation links, adds existing people, and logs each member", async () => {
    const { project, admin, adminRole, cookie } = await projectWithAdmin();
    const company = await createCompany(db.em, { name: "Harbour Civil" });
    const em = db.em;
    const accRole = await createRole(em, { name: "ACC Editor", kind: "acc" });
    accRole.project = em.getReference(Project, project.id);
    await em.flush();
    const existing = await createUser(db.em, { name: "Eve Existing", email: "eve@site.test" });

    const result = await submit(cookie, {
      emails: ["Mary.Jones@Site.test", "eve@site.test", "sam@site.test"],
      roleId: adminRole.id,
      accRoleId: accRole.id,
      companyId: company.id,
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(LIST);
    expect(await toastOf(result)).toMatchObject({
      message: "members:toast.invitationsSent",
      params: { count: 3 },
    });
    expect(await english("members:toast.invitationsSent", { count: 3 })).toBe("3 invitations sent");
    expect(await english("members:toast.invitationsSent", { count: 1 })).toBe("1 invitation sent");

    const mary = await db.em.findOneOrFail(User, { email: "mary.jones@site.test" });
    expect(mary).toMatchObject({ name: "Mary Jones", passwordHash: null, isActive: true });
    const membership = await db.em.findOneOrFail(
      ProjectMember,
      { project, user: mary },
      { populate: ["role", "accRole", "company"] },
    );
    expect(membership.role?.id).toBe(adminRole.id);
    expect(membership.accRole?.id).toBe(accRole.id);
    expect(membership.company?.id).toBe(company.id);
    expect(await db.em.count(ProjectMember, { project, user: existing })).toBe(1);

    const { mail, link } = await linkMailedTo("mary.jones@site.test");
    expect(mail.subject).toBe("You are invited to Northern Bridge on SiteProof");
    expect(mail.text).toContain("Ada Admin invited you to join the project Northern Bridge");
    const page = await callLoader(setPassword, pathOf(link));
    expect(page.data.link).toEqual({ state: "valid", kind: "invite", email: "mary.jones@site.test" });

    const eveMail = await newestMailTo(db.em, "eve@site.test");
    expect(eveMail.subject).toBe("You have been added to Northern Bridge");
    expect(eveMail.text).not.toContain("set-password");

    const entries = await db.em.find(ActivityLog, { action: "invited", project });
    expect(entries).toHaveLength(3);
    expect(entries.every((entry) => entry.actor?.id === admin.id)).toBe(true);
    expect(entries.find((entry) => entry.after?.email === "sam@site.test")?.after).toMatchObject({
      role: "Member admin",
      accRole: "ACC Editor",
      company: "Harbour Civil",
      newAccount: true,
    });
  });

  it("skips people already in the project and says so", async () => {
    const { project, admin, adminRole, cookie } = await projectWithAdmin();
    const only = await submit(cookie, { emails: admin.email, roleId: adminRole.id });
    expect(only.status).toBe(400);
    expect(only.data.error[""]).toEqual(["members:invite.alreadyMembers|ada@site.test"]);

    const mixed = await submit(cookie, { emails: `ada@site.test, new@site.test`, roleId: adminRole.id });
    expect(mixed.status).toBe(302);
    expect(await toastOf(mixed)).toMatchObject({
      message: "members:toast.invitationsSentSkipped",
      params: { count: 1, skipped: "ada@site.test" },
    });
    expect(await db.em.count(ProjectMember, { project })).toBe(2);
    expect(await db.em.count(OutboxMail, { to: "ada@site.test" })).toBe(0);
  });

  it("does not mail existing people when the project switched member notifications off", async () => {
    const { project, adminRole, cookie } = await projectWithAdmin();
    const em = db.em;
    em.create(ProjectSetting, {
      project: project.id,
      moduleId: "project-settings",
      form: "notifications",
      values: { memberInvited: false },
      updatedBy: null,
    });
    await em.flush();
    await createUser(db.em, { email: "eve@site.test" });
    await submit(cookie, { emails: "eve@site.test, fresh@site.test", roleId: adminRole.id });
    expect(await db.em.count(OutboxMail, { to: "eve@site.test" })).toBe(0);
    expect(await db.em.count(OutboxMail, { to: "fresh@site.test" })).toBe(1);
  });
});

describe("member detail", () => {
  const pathFor = (id: string) => `${LIST}/${id}`;
  async function post(cookie: string, id: string, form: Record<string, string>) {
    return callAction(detail, pathFor(id), { cookie, form, params: { id } });
  }

  it("shows the member with their activity, and 404 for a member of another project", async () => {
    const { project, adminRole, cookie } = await projectWithAdmin();
    await callAction(invite, INVITE, { cookie, form: { emails: "new@site.test", roleId: adminRole.id } });
    const member = await db.em.findOneOrFail(ProjectMember, { project, user: { email: "new@site.test" } });
    const page = await callLoader(detail, pathFor(member.id), { cookie, params: { id: member.id } });
    expect(page.data.member).toMatchObject({
      email: "new@site.test",
      status: "invited",
      role: "Member admin",
    });
    expect(page.data.canResend).toBe(true);
    expect(page.data.activity.map((entry: { action: string }) => entry.action)).toEqual(["invited"]);

    const other = await addMember(db.em, {
      project: await createProject(db.em),
      user: await createUser(db.em),
    });
    const missing = await callLoader(detail, pathFor(other.id), { cookie, params: { id: other.id } });
    expect(missing.status).toBe(404);
  });

  it("resends an invitation: the new link works and the earlier one stops working", async () => {
    const { project, adminRole, cookie } = await projectWithAdmin();
    await callAction(invite, INVITE, { cookie, form: { emails: "late@site.test", roleId: adminRole.id } });
    const first = pathOf((await linkMailedTo("late@site.test")).link);
    const member = await db.em.findOneOrFail(ProjectMember, { project, user: { email: "late@site.test" } });
    await backdateMailTo(db.em, "late@site.test");

    const result = await post(cookie, member.id, { intent: "resend" });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ message: "members:toast.invitationResent" });
    const second = pathOf((await linkMailedTo("late@site.test")).link);
    expect(second).not.toBe(first);
    expect((await callLoader(setPassword, first)).data.link).toEqual({ state: "expired", kind: "invite" });
    expect((await callLoader(setPassword, second)).data.link.state).toBe("valid");
    expect(await db.em.count(ActivityLog, { entityId: member.id, action: "invitation-resent" })).toBe(1);
  });

  it("does not resend to someone who already accepted", async () => {
    const { adminMember, cookie } = await projectWithAdmin();
    const result = await post(cookie, adminMember.id, { intent: "resend" });
    expect(result.status).toBe(400);
    expect(result.data.result.error[""]).toEqual(["members:detail.notInvited"]);
  });

  it("edits roles and company with a before/after log entry", async () => {
    const { project, admin, cookie } = await projectWithAdmin();
    const { member } = await memberWithKeys(project, [], "Erin Engineer");
    const newRole = await createRole(db.em, { name: "Site Engineer" });
    const company = await createCompany(db.em, { name: "Harbour Civil" });

    const result = await post(cookie, member.id, {
      intent: "edit",
      roleId: newRole.id,
      accRoleId: "none",
      companyId: company.id,
    });
    expect(result.status).toBe(302);
    expect(await toastOf(result)).toMatchObject({ message: "members:toast.memberUpdated" });
    const saved = await db.em.findOneOrFail(
      ProjectMember,
      { id: member.id },
      { populate: ["role", "company"] },
    );
    expect(saved.role?.name).toBe("Site Engineer");
    expect(saved.company?.name).toBe("Harbour Civil");
    const [entry] = await db.em.find(ActivityLog, { entityId: member.id, action: "updated" });
    expect(entry).toMatchObject({
      before: { role: "Erin Engineer role", company: null },
      after: { role: "Site Engineer", company: "Harbour Civil" },
    });
    expect(entry.actor?.id).toBe(admin.id);
  });

  it("refuses an ACC role of another project", async () => {
    const { project, adminRole, adminMember, cookie } = await projectWithAdmin();
    const em = db.em;
    const foreign = await createRole(em, { name: "Foreign ACC", kind: "acc" });
    foreign.project = await createProject(em);
    await em.flush();
    const result = await post(cookie, adminMember.id, {
      intent: "edit",
      roleId: adminRole.id,
      accRoleId: foreign.id,
    });
    expect(result.status).toBe(400);
    expect(result.data.result.error.accRoleId).toEqual(["members:form.unknownOption"]);
    expect(await db.em.count(ActivityLog, { project, action: "updated" })).toBe(0);
  });

  it("refuses edits, resends and removals to members without those permissions (403, nothing changed)", async () => {
    const { project, adminMember } = await projectWithAdmin();
    const viewer = await memberWithKeys(project, ["project-settings.members.view"]);
    const other = await createRole(db.em, { name: "Other" });
    const forms: Record<string, string>[] = [
      { intent: "edit", roleId: other.id },
      { intent: "resend" },
      { intent: "remove" },
    ];
    for (const form of forms) {
      const result = await post(viewer.cookie, adminMember.id, form);
      expect(result.status).toBe(403);
    }
    expect(await db.em.count(ProjectMember, { id: adminMember.id, role: other.id })).toBe(0);
    expect(await db.em.count(ProjectMember, { id: adminMember.id })).toBe(1);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("removes a member from the project and its groups, keeping the account", async () => {
    const { project, admin, cookie } = await projectWithAdmin();
    const { user, member } = await memberWithKeys(project, [], "Rex Removed");
    const memberSession = await db.em.findOneOrFail(Session, { user });
    const em = db.em;
    const group = em.create(Group, {
      project: project.id,
      name: "Night crew",
      description: null,
      workers: [],
      externalUsers: [],
      createdBy: admin.id,
    });
    group.members.add(em.getReference(User, user.id), em.getReference(User, admin.id));
    await em.flush();

    const result = await post(cookie, member.id, { intent: "remove" });
    expect(result.status).toBe(302);
    expect(result.location).toBe(LIST);
    expect(await toastOf(result)).toMatchObject({
      message: "members:toast.memberRemoved",
      params: { name: "Rex Removed" },
    });
    expect(await db.em.count(ProjectMember, { id: member.id })).toBe(0);
    expect(await db.em.count(User, { id: user.id })).toBe(1);
    const scoped = scopeToProject(db.em, project.id);
    const saved = await scoped.findOneOrFail(Group, { id: group.id }, { populate: ["members"] });
    expect(saved.members.getItems().map((u: IUser) => u.id)).toEqual([admin.id]);
    const session = await db.em.findOneOrFail(Session, { id: memberSession.id });
    expect(session.currentProject).toBeNull();
    const [entry] = await db.em.find(ActivityLog, { entityId: member.id, action: "removed" });
    expect(entry.before).toMatchObject({ name: "Rex Removed", email: user.email });
    expect(
      await db.em.count(OutboxMail, {
        to: user.email,
        subject: "You have been removed from Northern Bridge",
      }),
    ).toBe(1);
  });

  it("does not let you remove yourself", async () => {
    const { adminMember, cookie } = await projectWithAdmin();
    const result = await post(cookie, adminMember.id, { intent: "remove" });
    expect(result.status).toBe(400);
    expect(result.data.result.error[""]).toEqual(["members:detail.cannotRemoveSelf"]);
    expect(await english("members:detail.cannotRemoveSelf")).toBe(
      "You cannot remove yourself from the project. Ask another administrator to do it.",
    );
    expect(await db.em.count(ProjectMember, { id: adminMember.id })).toBe(1);
  });

  it("has the spec's text for a failed removal", async () => {
    expect(await english("members:errors.deleteFailed")).toBe("Failed to delete member");
  });
});
