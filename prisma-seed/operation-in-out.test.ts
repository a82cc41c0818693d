import { describe, expect, it } from "vitest";
import { OperationInOutRecord } from "~/modules/operation/in-out-entities";
import { inOutWorkLog } from "~/modules/operation/server/in-out-work-log.server";
import { Project } from "~/server/db/entities";
import { defaultTimeZoneFor, zonedDay, zonedTimeToUtc } from "~/server/projects/time-zone";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";
import { seedInOutDemo } from "./operation-in-out";

const db = setupTestDatabase();

describe("In/Out demo data", () => {
  it("has two weeks of stays on each demo project, visitors, one person on site now, and work log rows", async () => {
    await seedDemoData(db.em);
    for (const project of await db.em.find(Project, {}, { filters: false })) {
      const stays = await db.em.find(OperationInOutRecord, { project: project.id }, { filters: false });
      const days = new Set(stays.map((stay) => String(stay.siteDay).slice(0, 10)));
      expect(days.size).toBeGreaterThanOrEqual(11);
      expect(stays.some((stay) => stay.kind === "visitor" && !stay.inducted)).toBe(true);
      expect(stays.filter((stay) => stay.signedOutAt === null).map((stay) => stay.name)).toEqual([
        "Sione Taufa",
      ]);
      const day = [...days].sort()[0];
      const rows = await inOutWorkLog(db.em, project.id, day);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      expect(rows.every((row) => /^\d+\.\d\d$/.test(row.hours) && row.workers > 0)).toBe(true);
    }
  });

  it("puts the person on site now in today's list even in the project's first hours of the day", async () => {
    const project = await createProject(db.em);
    const office = await createUser(db.em);
    const zone = defaultTimeZoneFor(project.language);
    // Half past midnight on the project's clock: two hours ago was yesterday.
    const now = new Date(zonedTimeToUtc("2026-11-27", 0, 30, zone).getTime());
    await seedInOutDemo(db.em, { projects: [project], office, now });
    const open = await db.em.find(
      OperationInOutRecord,
      { project: project.id, signedOutAt: null },
      { filters: false },
    );
    expect(open.map((stay) => String(stay.siteDay).slice(0, 10))).toEqual([zonedDay(now, zone)]);
    expect(zonedDay(now, zone)).toBe("2026-11-27");
  });
});
