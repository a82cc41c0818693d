import { describe, expect, it } from "vitest";
import { ProjectMember, Session } from "~/server/db/entities";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, projectPageOutcome, signIn } from "~/tests/setup/requests";
import * as accessControl from "../routes/access-control";

const db = setupTestDatabase();

describe("project selection", () => {
  it("sends a signed-in user without a project from a project page to /access-control", async () => {
    const user = await createUser(db.em);
    const cookie = await signIn(db.em, user);
    expect(await projectPageOutcome("/?tab=1", cookie)).toEqual({
      allowed: false,
      location: "/access-control?redirectTo=%2F%3Ftab%3D1",
    });
  });

  it("needs a signed-in user", async () => {
    const result = await callLoader(accessControl, "/access-control");
    expect(result.location).toBe("/auth/login?redirectTo=%2Faccess-control");
  });

  it("lists the user's projects 10 a page with search", async () => {
    const user = await createUser(db.em);
    for (let i = 1; i <= 12; i++) {
      const project = await createProject(db.em, {
        name: `Bridge ${String(i).padStart(2, "0")}`,
        number: `BR-${i}`,
      });
      await addMember(db.em, { project, user });
    }
    await createProject(db.em, { name: "Bridge of someone else", number: "OTHER-1" });
    const cookie = await signIn(db.em, user);
    const first = await callLoader(accessControl, "/access-control", { cookie });
    expect(first.data.total).toBe(12);
    expect(first.data.projects).toHaveLength(10);
    expect(first.data.projects[0].name).toBe("Bridge 01");
    const second = await callLoader(accessControl, "/access-control?page=2", { cookie });
    expect(second.data.projects.map((p: { name: string }) => p.name)).toEqual(["Bridge 11", "Bridge 12"]);
    const search = await callLoader(accessControl, "/access-control?q=br-1", { cookie });
    expect(search.data.projects.map((p: { number: string }) => p.number).sort()).toEqual([
      "BR-1",
      "BR-10",
      "BR-11",
      "BR-12",
    ]);
    const wildcard = await callLoader(accessControl, "/access-control?q=%25", { cookie });
    expect(wildcard.data.total).toBe(0);
  });

  it("shows a super admin every project", async () => {
    const admin = await createUser(db.em, { isSuperAdmin: true });
    await createProject(db.em);
    await createProject(db.em);
    const cookie = await signIn(db.em, admin);
    expect((await callLoader(accessControl, "/access-control", { cookie })).data.total).toBe(2);
  });

  it("stores the chosen project on the session and goes to /", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    await addMember(db.em, { project, user });
    const cookie = await signIn(db.em, user);
    const result = await callAction(accessControl, "/access-control", {
      cookie,
      form: { projectId: project.id },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    const session = await db.em.findOneOrFail(Session, { user: user.id }, { populate: ["currentProject"] });
    expect(session.currentProject?.name).toBe("Harbour Tunnel");
    expect(await projectPageOutcome("/", cookie)).toEqual({ allowed: true, projectName: "Harbour Tunnel" });
  });

  it.each(["/\t/evil.example/phish", "//evil.example", "/quality?q=\u0100", "/x\nSet-Cookie: a=b"])(
    "goes to / instead of %j, never off-site, never failing after the switch",
    async (redirectTo) => {
      const user = await createUser(db.em);
      const project = await createProject(db.em, { name: "Harbour Tunnel" });
      await addMember(db.em, { project, user });
      const cookie = await signIn(db.em, user);
      const result = await callAction(accessControl, "/access-control", {
        cookie,
        form: { projectId: project.id, redirectTo },
      });
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
    },
  );

  it("goes back to the page asked for", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    await addMember(db.em, { project, user });
    const cookie = await signIn(db.em, user);
    const result = await callAction(accessControl, "/access-control", {
      cookie,
      form: { projectId: project.id, redirectTo: "/quality/lot?status=open" },
    });
    expect(result.location).toBe("/quality/lot?status=open");
  });

  it("refuses a project the user is not a member of and changes nothing", async () => {
    const user = await createUser(db.em);
    const foreign = await createProject(db.em);
    const cookie = await signIn(db.em, user);
    const result = await callAction(accessControl, "/access-control", {
      cookie,
      form: { projectId: foreign.id },
    });
    expect(result.status).toBe(403);
    expect(result.data.error[""]).toEqual(["accessControl.notMember"]);
    const session = await db.em.findOneOrFail(Session, { user: user.id });
    expect(session.currentProject).toBeNull();
  });

  it("drops a project the user was removed from", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    const member = await addMember(db.em, { project, user });
    const cookie = await signIn(db.em, user, { projectId: project.id });
    expect((await projectPageOutcome("/", cookie)).allowed).toBe(true);
    await db.em.nativeDelete(ProjectMember, { id: member.id });
    expect(await projectPageOutcome("/", cookie)).toEqual({ allowed: false, location: "/access-control" });
  });
});
