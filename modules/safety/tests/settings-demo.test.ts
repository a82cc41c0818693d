import { describe, expect, it } from "vitest";
import { seedDemoData } from "~/prisma-seed/demo";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { setupTestDatabase } from "~/tests/setup/database";
import { addMonths, monthOf } from "../domain/hours-months";
import { SafetyHoursWorked } from "../entities";
import { dayText, enteredHoursSource, hoursWorked } from "../server/hours-worked.server";

const db = setupTestDatabase();

describe("the demo's hours worked", () => {
  it("fill the twelve months before this one on both projects: 20 to 60 people × about 200 hours", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const thisMonth = monthOf(new Date());
    for (const project of await db.em.find(Project, {})) {
      const em = scopeToProject(db.em.fork(), project.id);
      const rows = await em.find(
        SafetyHoursWorked,
        {},
        { orderBy: { month: "asc" }, populate: ["enteredBy"] },
      );
      expect(rows.map((row) => monthOf(dayText(row.month)))).toEqual(
        Array.from({ length: 12 }, (_, i) => addMonths(thisMonth, i - 12)),
      );
      for (const row of rows) {
        expect(Number(row.hours)).toBeGreaterThanOrEqual(20 * 190);
        expect(Number(row.hours)).toBeLessThanOrEqual(60 * 212);
        expect(row.enteredBy?.email).toBe("hsse@siteproof.test");
      }
      const year = await hoursWorked(
        { em, projectId: project.id },
        `${addMonths(thisMonth, -12)}-01`,
        `${addMonths(thisMonth, -1)}-01`,
        // The figures entered: months with In/Out's demo stays take those instead (decision 040).
        enteredHoursSource,
      );
      expect(year.hours).toBe(rows.reduce((sum, row) => sum + Number(row.hours), 0));
    }
  });
});
