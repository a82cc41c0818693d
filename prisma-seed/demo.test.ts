import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password.server";
import { ProjectMember, User } from "~/server/db/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("demo data", () => {
  it("loads the demo sign-ins and two projects once", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const users = await db.em.find(User, {}, { orderBy: { email: "asc" } });
    expect(users.map((u) => u.email)).toEqual([
      "admin@siteproof.test",
      "client@siteproof.test",
      "engineer@siteproof.test",
      "hsse@siteproof.test",
      "nomember@siteproof.test",
      "projectengineer@siteproof.test",
      "qa@siteproof.test",
      // The second subcontractor's supervisor, who signs its dockets (prisma-seed/dockets.ts).
      "ridgeline@siteproof.test",
      "viewer@siteproof.test",
    ]);
    expect(await verifyPassword("SiteProof#2026", users[2].passwordHash)).toBe(true);
    expect(users[0].isSuperAdmin).toBe(true);
    const memberships = await db.em.find(ProjectMember, {}, { populate: ["project", "user"] });
    const byUser = (email: string) =>
      memberships
        .filter((m) => m.user.email === email)
        .map((m) => m.project.language)
        .sort();
    expect(byUser("admin@siteproof.test")).toEqual(["AU", "EN"]);
    expect(byUser("engineer@siteproof.test")).toEqual(["EN"]);
    expect(byUser("nomember@siteproof.test")).toEqual([]);
    for (const reviewer of ["projectengineer", "qa", "client", "hsse"])
      expect(byUser(`${reviewer}@siteproof.test`)).toEqual(["EN"]);
    expect(await seedDemoData(db.em)).toBe(false);
  });
});
