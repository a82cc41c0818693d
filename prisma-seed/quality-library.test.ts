import { describe, expect, it } from "vitest";
import { Itp, Lot } from "~/modules/quality/entities";
import { Location } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedQualityLibrary } from "./quality";

const db = setupTestDatabase();

describe("the quality library a project starts from", () => {
  it("has the bridge's locations and its three ITPs, and no lots", async () => {
    const project = await createProject(db.em);
    const engineer = await createUser(db.em, { name: "Erin Engineer" });
    await seedQualityLibrary(db.em, project, engineer);

    const em = scopeToProject(db.em, project.id);
    const itps = await em.find(Itp, {}, { orderBy: { number: "asc" } });
    expect(itps.map((itp) => [itp.number, itp.status, itp.preparedBy])).toEqual([
      ["ITP-0001", "active", "Erin Engineer"],
      ["ITP-0002", "internal_review", "Erin Engineer"],
      ["ITP-0003", "draft", "Erin Engineer"],
    ]);
    const pileCap = await em.findOneOrFail(Location, { name: "Pile cap", parent: { name: "Pier 1" } });
    expect(pileCap.project.id).toBe(project.id);
    expect(await em.count(Lot, {})).toBe(0);
  });
});
