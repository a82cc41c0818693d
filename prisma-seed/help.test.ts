import { describe, expect, it } from "vitest";
import { HELP_SECTIONS } from "~/modules/help/domain/help-sections";
import { HelpArticle } from "~/modules/help/entities";
import { createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedHelpDemo } from "./help";

const db = setupTestDatabase();

describe("the demo help articles", () => {
  it("cover every section, in order, several also in Vietnamese", async () => {
    const admin = await createUser(db.em, { isSuperAdmin: true });
    const added = await seedHelpDemo(db.em, { by: admin });
    const articles = await db.em
      .fork()
      .find(HelpArticle, {}, { orderBy: { section: "asc", position: "asc" } });
    expect(articles).toHaveLength(added);
    for (const section of HELP_SECTIONS)
      expect(articles.filter((article) => article.section === section).length, section).toBeGreaterThan(0);
    const translated = articles.filter((article) => article.titleVi && article.bodyVi);
    expect(translated.length).toBeGreaterThanOrEqual(5);
    expect(translated.length).toBeLessThan(articles.length);
    const plant = articles.filter((article) => article.section === "plant-and-machinery");
    expect(plant.map((article) => article.position)).toEqual([1, 2, 3]);
  });
});
