import { describe, expect, it } from "vitest";
import { SiteDiary, SiteDiaryRow } from "~/modules/operation/diary-entities";
import { Project } from "~/server/db/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("site diary demo data", () => {
  it("gives each demo project two weeks of diaries in every state, with their sections", async () => {
    await seedDemoData(db.em);
    const em = db.em;
    for (const project of await em.find(Project, {}, { orderBy: { name: "asc" } })) {
      const diaries = await em.find(SiteDiary, { project }, { filters: false, orderBy: { formDate: "asc" } });
      expect(diaries).toHaveLength(14);
      expect(new Set(diaries.map((diary) => diary.status))).toEqual(
        new Set(["in_progress", "in_review", "closed", "archived"]),
      );
      expect(diaries.every((diary) => diary.sky && diary.temperatureStart)).toBe(true);
      const rows = await em.find(
        SiteDiaryRow,
        { diary: { $in: diaries.map((diary) => diary.id) } },
        { filters: false },
      );
      expect(new Set(rows.map((row) => row.section))).toEqual(
        new Set(["work_log", "plant", "delay", "meeting"]),
      );
      expect(diaries.map((diary) => diary.number).at(-1)).toBe("SD-0014");
    }
  });
});
