import { describe, expect, it } from "vitest";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { ProjectMember, Role, User } from "~/server/db/entities";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as memberDetail from "../routes/members.detail";
import * as invite from "../routes/members.invite";
import * as roleDetail from "../routes/roles.detail";
import * as roleEdit from "../routes/roles.edit";
import * as roleNew from "../routes/roles.new";
import * as securityEvents from "../routes/security-events";

const db = setupTestDatabase();

const PAGE = "/globalSettings/security-events";
const VIEW = "global-settings.security-events.view";
const ROLE_KEYS = ["view", "create", "edit", "delete"].map((a) => `global-settings.roles.${a}-global`);
const MEMBER_KEYS = ["view", "create", "edit", "delete"].map((a) => `global-settings.members.${a}-global`);

/** Someone whose global role grants these keys, signed in. */
async function administrator(keys: string[], overrides: Parameters<typeof createUser>[1] = {}) {
  const role = await createRole(db.em, {
    name: `Global ${keys.join(" ")}`.slice(0, 120),
    grantedActions: keys,
  });
  const user = await createUser(db.em, overrides);
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  return { user, cookie: await signIn(db.em, user) };
}

/** What the register shows, newest first: kind, who it concerns, by whom, from where, the summary's facts. */
async function register(cookie: string, query = "") {
  const page = await callLoader(securityEvents, `${PAGE}${query}`, { cookie });
  expect(page.status).toBe(200);
  return page.data as {
    total: number;
    rows: {
      kind: string;
      subjectEmail: string | null;
      actor: { email: string } | null;
      project: string | null;
      clientAddress: string | null;
      details: Record<string, unknown>;
    }[];
  };
}

describe("the security events page", () => {
  it("needs its own permission of the global role", async () => {
    const { cookie } = await administrator(MEMBER_KEYS);
    expect((await callLoader(securityEvents, PAGE, { cookie })).location).toBe("/forbidden");
    expect((await callLoader(securityEvents, PAGE)).location).toBe(
      "/auth/login?redirectTo=%2FglobalSettings%2Fsecurity-events",
    );
  });

  it("lists the events newest first, ten a page, filtered by kind, day and email", async () => {
    const { cookie } = await administrator([VIEW]);
    const em = db.em;
    for (let i = 0; i < 12; i++) {
      const event = recordSecurityEvent(em, {
        kind: i % 2 ? "sign-in.failed" : "sign-in.succeeded",
        subjectEmail: `person${i}@site.test`,
        origin: { address: `203.0.113.${i}`, userAgent: null },
      });
      event.occurredAt = new Date(Date.UTC(2026, 2, 1 + i, 9));
    }
    await em.flush();
    const all = await register(cookie);
    expect(all.total).toBe(12);
    expect(all.rows).toHaveLength(10);
    expect(all.rows[0]).toMatchObject({ subjectEmail: "person11@site.test", clientAddress: "203.0.113.11" });
    expect((await register(cookie, "?page=2")).rows.map((row) => row.subjectEmail)).toEqual([
      "person1@site.test",
      "person0@site.test",
    ]);
    const failed = await register(cookie, "?kind=sign-in.failed&from=2026-03-03&to=2026-03-06");
    expect(failed.rows.map((row) => row.subjectEmail)).toEqual(["person5@site.test", "person3@site.test"]);
    expect((await register(cookie, "?email=person7")).rows.map((row) => row.kind)).toEqual([
      "sign-in.failed",
    ]);
  });
});

describe("administration leaves security events", () => {
  it("for role changes: created, permissions changed, deleted", async () => {
    const { user: admin, cookie } = await administrator([...ROLE_KEYS, VIEW], { email: "ada@site.test" });
    await callAction(roleNew, "/globalSettings/roles/new", {
      cookie,
      form: { name: "Document controller", actions: "project-settings.members.view" },
      clientAddress: "198.51.100.20",
    });
    const role = await db.em.findOneOrFail(Role, { name: "Document controller" });
    await callAction(roleEdit, `/globalSettings/roles/${role.id}/edit`, {
      cookie,
      params: { id: role.id },
      form: {
        name: "Document controller",
        actions: ["project-settings.members.view", "project-settings.members.invite"],
      },
    });
    await callAction(roleDetail, `/globalSettings/roles/detail/${role.id}`, {
      cookie,
      params: { id: role.id },
      form: { intent: "delete" },
    });
    const { rows } = await register(cookie, "?email=ada@site.test");
    expect(rows.map((row) => [row.kind, row.details.role])).toEqual([
      ["role.deleted", "Document controller"],
      ["role.updated", "Document controller"],
      ["role.created", "Document controller"],
    ]);
    expect(rows[1].details).toMatchObject({
      before: { grantedActions: ["project-settings.members.view"] },
      after: { grantedActions: ["project-settings.members.invite", "project-settings.members.view"] },
    });
    expect(rows[2]).toMatchObject({ actor: { email: admin.email }, clientAddress: "198.51.100.20" });
  });

  it("not for a change that did not happen (a role still in use is not deleted)", async () => {
    const { cookie } = await administrator([...ROLE_KEYS, VIEW]);
    const role = await createRole(db.em, { name: "Engineer" });
    await addMember(db.em, { project: await createProject(db.em), user: await createUser(db.em), role });
    await callAction(roleDetail, `/globalSettings/roles/detail/${role.id}`, {
      cookie,
      params: { id: role.id },
      form: { intent: "delete" },
    });
    expect(await db.em.count(ProjectMember, { role: role.id })).toBe(1);
    expect((await register(cookie, "?kind=role.deleted")).total).toBe(0);
  });

  it("for invitations, global roles, deactivation and reactivation", async () => {
    const { cookie } = await administrator([...MEMBER_KEYS, VIEW], { email: "ada@site.test" });
    const auditor = await createRole(db.em, { name: "Auditor" });
    await callAction(invite, "/globalSettings/membersGlobal/invite-member", {
      cookie,
      form: { emails: "new.person@site.test", globalRoleId: auditor.id },
    });
    const newcomer = await db.em.findOneOrFail(User, { email: "new.person@site.test" });
    const post = (form: Record<string, string>) =>
      callAction(memberDetail, `/globalSettings/membersGlobal/${newcomer.id}`, {
        cookie,
        params: { id: newcomer.id },
        form,
      });
    await post({ intent: "resend" });
    await post({ intent: "global-role", globalRoleId: "none" });
    await post({ intent: "deactivate" });
    await post({ intent: "reactivate" });
    const { rows } = await register(cookie, "?email=new.person");
    expect(rows.map((row) => [row.kind, row.subjectEmail, row.actor?.email])).toEqual([
      ["user.reactivated", "new.person@site.test", "ada@site.test"],
      ["user.deactivated", "new.person@site.test", "ada@site.test"],
      ["user.global-role-changed", "new.person@site.test", "ada@site.test"],
      ["member.invitation-resent", "new.person@site.test", "ada@site.test"],
      ["member.invited", "new.person@site.test", "ada@site.test"],
    ]);
    expect(rows[2].details).toEqual({ before: { globalRole: "Auditor" }, after: { globalRole: null } });
    expect(rows[4].details).toEqual({ newAccount: true, globalRole: "Auditor" });
  });
});
