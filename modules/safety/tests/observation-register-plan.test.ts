/**
 * The observations' and the enforcement scans' registers as PostgreSQL plans them: each page's order and
 * filter comes from an index (no sort of the project's rows), so both stay cheap on a project of 100,000
 * records. Full scans and sorts are priced out, so a plan that still needs one shows it.
 */
import { describe, expect, it } from "vitest";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { loadScanRegister } from "../server/enforcement-register.server";
import { loadObservationRegister } from "../server/observation-register.server";
import { makeObservation, makeScan, observationSite } from "./observation-fixtures";
import { FULL_SORT, pageStatement as pageOf, plan as planOf, type Statement } from "./register-plan";

const db = setupTestDatabase();

const pageStatement = (context: ProjectContext, load: Parameters<typeof pageOf>[2], url: string) =>
  pageOf(db, context, load, url);
const plan = (statement: Statement) => planOf(db, statement);

describe("the observations and enforcement registers' plans", () => {
  it("order every observations page from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    for (let n = 1; n <= 30; n += 1)
      await makeObservation(db.em, project, {
        number: `OBS-${String(n).padStart(4, "0")}`,
        assignee: worker.user,
        createdBy: engineer.user,
        status: n % 2 ? "open" : "closed",
        kind: n % 2 ? "unsafe_act" : "positive",
      });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    for (const search of [
      "",
      "?sort=number&dir=asc",
      "?status=open",
      "?kind=positive",
      "?sort=observedOn&dir=desc",
      "?from=2026-11-01&sort=observedOn",
    ])
      expect(
        await plan(await pageStatement(context, loadObservationRegister, `/safety/observation${search}`)),
        search,
      ).not.toMatch(FULL_SORT);
  });

  it("order every enforcement page, and one object's history, from an index", async () => {
    const project = await createProject(db.em);
    const { engineer } = await observationSite(db.em, project);
    for (let n = 1; n <= 30; n += 1)
      await makeScan(db.em, project, {
        number: `ENF-${String(n).padStart(4, "0")}`,
        objectId: `PM-${n % 5}`,
        status: n % 2 ? "PASS" : "FAIL",
        objectType: n % 2 ? "WORKER" : "PLANT_AND_MACHINERY",
      });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    for (const search of [
      "",
      "?sort=number&dir=asc",
      "?status=FAIL",
      "?type=WORKER",
      "?type=PLANT_AND_MACHINERY&object=PM-2",
      "?sort=objectId&dir=asc",
    ])
      expect(
        await plan(await pageStatement(context, loadScanRegister, `/safety/enforcement${search}`)),
        search,
      ).not.toMatch(FULL_SORT);
  });
});
