import { describe, expect, it } from "vitest";
import { OperationInOutRecord } from "~/modules/operation/in-out-entities";
import { SafetyHoursWorked } from "~/modules/safety/entities";
import { frequencyRatesFor } from "~/modules/safety/server/frequency-rates.server";
import { hoursWorked } from "~/modules/safety/server/hours-worked.server";
import { scopeToProject } from "~/server/db/project-scope";
import { setModuleEnabled } from "~/server/settings/project-modules.server";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";

/**
 * Safety's LTIFR and TRIFR take a month's hours from Operation's In/Out when the month has any stay, and the
 * hand-entered figure otherwise (decision 040, addendum to 032). Cross-module: the modules meet only through
 * the core's hours-worked point; this test looks at both sides.
 */

const db = setupTestDatabase();

async function projectWith(entered: Record<string, number>, stays: [string, string][]) {
  const project = await createProject(db.em);
  const em = db.em;
  for (const [month, hours] of Object.entries(entered))
    em.create(SafetyHoursWorked, { project, month: `${month}-01`, hours: String(hours) } as never);
  for (const [index, [from, to]] of stays.entries())
    em.create(OperationInOutRecord, {
      project,
      personKey: `p${index}|co`,
      name: `P${index}`,
      company: "Co",
      role: null,
      kind: "worker",
      inducted: true,
      siteDay: from.slice(0, 10),
      signedInAt: new Date(from),
      signedOutAt: new Date(to),
      signOutKind: "manual",
      signedInVia: "app",
    } as never);
  await em.flush();
  return { project, scope: { em: scopeToProject(db.em, project.id), projectId: project.id } };
}

describe("hours worked from In/Out for Safety's rates", () => {
  it("use In/Out's hours for a month with stays and the entered figure for the others", async () => {
    const { scope } = await projectWith({ "2026-09": 1000, "2026-10": 5000.5 }, [
      ["2026-10-01T07:00:00Z", "2026-10-01T15:30:00Z"],
      ["2026-10-02T07:00:00Z", "2026-10-02T07:20:00Z"],
    ]);
    // September entered (1,000) + October from In/Out (8.83), never both for October.
    expect(await hoursWorked(scope, "2026-09-01", "2026-10-31")).toEqual({
      hours: 1008.83,
      source: "in-out+entered",
    });
    expect(await hoursWorked(scope, "2026-10-05", "2026-10-20")).toEqual({ hours: 8.83, source: "in-out" });
    expect(await hoursWorked(scope, "2026-09-01", "2026-09-30")).toEqual({ hours: 1000, source: "entered" });
    const rates = await frequencyRatesFor(scope, "2026-09-01", "2026-10-31", {
      countInjuries: async () => ({ lti: 1 }),
    });
    expect(rates).toMatchObject({ hours: 1008.83, hoursSource: "in-out+entered", ltifr: 991.25 });
  });

  it("keep the entered figures when Operation is off for the project", async () => {
    const { project, scope } = await projectWith({ "2026-10": 5000 }, [
      ["2026-10-01T07:00:00Z", "2026-10-01T15:00:00Z"],
    ]);
    const admin = await createUser(db.em);
    await setModuleEnabled(db.em, {
      projectId: project.id,
      moduleId: "operation",
      enabled: false,
      actorId: admin.id,
    });
    expect(await hoursWorked(scope, "2026-10-01", "2026-10-31")).toEqual({ hours: 5000, source: "entered" });
  });
});
