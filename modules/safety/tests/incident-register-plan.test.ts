/**
 * The incident register's pages as PostgreSQL plans them: each order and filter comes from an index (no
 * sort of the project's incidents for a page), so the register stays cheap on a project of 100,000 incidents. Full
 * scans and sorts are priced out, so a plan that still needs one shows it. (Whether a search takes the
 * trigram index depends on the table's statistics at scale: a handful of rows cannot show it.)
 */
import { describe, expect, it } from "vitest";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { SafetyIncident } from "../entities";
import { loadIncidentRegister } from "../server/incident-register.server";
import { incidentSite } from "./incident-fixtures";
import { FULL_SORT, pageStatement, plan } from "./register-plan";

const db = setupTestDatabase();

describe("the incident register's plans", () => {
  it("orders every page from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const { reporter, she } = await incidentSite(db.em, project);
    // One fork: db.em is a new one at each use.
    const em = db.em;
    for (let n = 1; n <= 30; n += 1)
      em.create(SafetyIncident, {
        project,
        number: `INC-${String(n).padStart(4, "0")}`,
        title: `Incident ${n}`,
        status: n % 2 ? "RAISED" : "CLOSED",
        occurredAt: new Date(Date.now() - n * 3_600_000),
        impactAreas: n % 3 ? ["People"] : ["Environments"],
        reporter: reporter.user,
        shePerson: she.user,
      } as never);
    await em.flush();
    expect(await db.em.count(SafetyIncident, { project }, { filters: false })).toBe(30);
    const context = { em: db.em, project, user: reporter.user } as unknown as ProjectContext;
    const pageOf = (search: string) =>
      pageStatement(db, context, loadIncidentRegister, `/safety/ims${search}`);

    for (const search of [
      "?view=ALL_INCIDENTS",
      "?view=MY_INCIDENTS",
      "?view=ALL_INCIDENTS&sort=number&dir=asc",
      "?view=ALL_INCIDENTS&status=RAISED",
      "?view=ALL_INCIDENTS&sort=occurredAt&dir=desc",
      "?view=ALL_INCIDENTS&impact=People",
    ])
      expect(await plan(db, await pageOf(search)), search).not.toMatch(FULL_SORT);
  });
});
