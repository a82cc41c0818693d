import { describe, expect, it } from "vitest";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signIn } from "~/tests/setup/requests";
import * as home from "../routes/home";

const db = setupTestDatabase();

describe("home page", () => {
  it("greets the member with the current project and their role", async () => {
    const user = await createUser(db.em, { name: "Sam Site" });
    const project = await createProject(db.em, { name: "Harbour Tunnel", number: "HT-1" });
    const role = await createRole(db.em, { name: "Site Engineer" });
    await addMember(db.em, { project, user, role });
    const cookie = await signIn(db.em, user, { projectId: project.id });
    const page = await callLoader(home, "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      userName: "Sam Site",
      project: { name: "Harbour Tunnel", number: "HT-1" },
      roleName: "Site Engineer",
    });
  });

  it("sends a visitor to sign in", async () => {
    const page = await callLoader(home, "/");
    expect(page.location).toBe("/auth/login");
  });
});
