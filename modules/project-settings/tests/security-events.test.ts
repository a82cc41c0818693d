import { describe, expect, it } from "vitest";
import { ProjectMember, SecurityEvent, User } from "~/server/db/entities";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signIn } from "~/tests/setup/requests";
import * as detail from "../routes/members.detail";
import * as invite from "../routes/members.invite";
import * as roleNew from "../routes/roles.new";

const db = setupTestDatabase();

const MEMBER_KEYS = ["view", "invite", "edit", "delete"].map((a) => `project-settings.members.${a}`);
const ROLE_KEYS = ["view", "create", "edit", "delete"].map((a) => `project-settings.roles.${a}`);

describe("project administration leaves security events", () => {
  it("for an invitation, a change of roles and a removal, in the project, from the admin's address", async () => {
    const project = await createProject(db.em, { name: "Northern Bridge" });
    const adminRole = await createRole(db.em, { name: "Member admin", grantedActions: MEMBER_KEYS });
    const admin = await createUser(db.em, { email: "ada@site.test" });
    await addMember(db.em, { project, user: admin, role: adminRole });
    const cookie = await signIn(db.em, admin, { projectId: project.id });
    const engineer = await createRole(db.em, { name: "Site Engineer" });
    const from = { cookie, clientAddress: "198.51.100.30" };

    await callAction(invite, "/project-settings/members/invite-member", {
      ...from,
      form: { emails: "new@site.test", roleId: engineer.id },
    });
    const newcomer = await db.em.findOneOrFail(User, { email: "new@site.test" });
    const member = await db.em.findOneOrFail(ProjectMember, { user: newcomer.id });
    const post = (form: Record<string, string>) =>
      callAction(detail, `/project-settings/members/${member.id}`, {
        ...from,
        params: { id: member.id },
        form,
      });
    await post({ intent: "edit", roleId: adminRole.id, accRoleId: "none", companyId: "none" });
    await post({ intent: "remove" });

    const events = await db.em.find(
      SecurityEvent,
      { subjectEmail: "new@site.test" },
      { orderBy: { occurredAt: "asc" }, populate: ["actor", "project", "subjectUser"] },
    );
    expect(
      events.map((event) => ({
        kind: event.kind,
        actor: event.actor?.email,
        subject: event.subjectUser?.id,
        project: event.project?.name,
        address: event.clientAddress,
      })),
    ).toEqual(
      ["member.invited", "member.roles-changed", "member.removed"].map((kind) => ({
        kind,
        actor: "ada@site.test",
        subject: newcomer.id,
        project: "Northern Bridge",
        address: "198.51.100.30",
      })),
    );
    expect(events[1].details).toMatchObject({
      before: { role: "Site Engineer" },
      after: { role: "Member admin" },
    });
    expect(events[2].details).toMatchObject({ before: { role: "Member admin" } });
  });

  it("for an ACC role made in the project", async () => {
    const project = await createProject(db.em);
    const role = await createRole(db.em, { name: "Role admin", grantedActions: ROLE_KEYS });
    const admin = await createUser(db.em);
    await addMember(db.em, { project, user: admin, role });
    const cookie = await signIn(db.em, admin, { projectId: project.id });
    const result = await callAction(roleNew, "/project-settings/roles-in-accs/new", {
      cookie,
      form: { name: "ACC reviewer", actions: "quality.itp.view" },
    });
    expect(result.status).toBe(302);
    const [event] = await db.em.find(SecurityEvent, { kind: "role.created" });
    expect(event).toMatchObject({
      project: { id: project.id },
      details: { role: "ACC reviewer", roleKind: "acc" },
    });
  });
});
