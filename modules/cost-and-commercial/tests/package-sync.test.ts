import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setAccCostForTests } from "~/plugins/acc/index.server";
import { type FakeAccCost, startFakeAccCost } from "~/plugins/acc/testing/fake-acc-cost-server";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { CostPackage } from "../entities";
import * as upstream from "../routes/upstream";
import { connectAccCost, makeHeadContract, upstreamTeam } from "./upstream-fixtures";

const db = setupTestDatabase();

let fake: FakeAccCost;
beforeEach(async () => {
  fake = await startFakeAccCost();
  fake.budgets.push(
    { id: "b-1", code: "01-100", name: "Earthworks", originalAmount: "125000.0000", revised: "130000.5000" },
    { id: "b-2", code: "02-200", name: "Concrete", originalAmount: "98000.1250" },
  );
  fake.contracts.push({
    id: "c-1",
    code: "SC-01",
    name: "Piling subcontract",
    status: "executed",
    awarded: "45000.5",
  });
});
afterEach(async () => {
  setAccCostForTests();
  await fake.close();
});

const packagesOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(CostPackage, {}, { orderBy: { code: "asc" } });

const sync = (cookie: string) =>
  callAction(upstream, "/cost-and-commercial/upstream", { cookie, form: { intent: "package-sync" } });

describe("package sync with the project's ACC Cost connection", () => {
  it("reads budgets and contracts through a job and keeps them as packages, in cents, with when", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    await connectAccCost(db.em, project, fake);

    expect((await sync(viewer.cookie)).status).toBe(403);
    expect(await packagesOf(project)).toEqual([]);

    const before = Date.now();
    const queued = await sync(manager.cookie);
    expect(queued.status).toBe(302);
    const runs = await db.em.fork().find(JobRun, { project: project.id });
    expect(runs.map((run) => [run.kind, run.status])).toEqual([
      ["cost-and-commercial.package-sync", "completed"],
    ]);
    const packages = await packagesOf(project);
    expect(packages.map((row) => [row.packageType, row.externalId, row.code, row.amountCents])).toEqual([
      ["budget", "b-1", "01-100", 13_000_050],
      ["budget", "b-2", "02-200", 9_800_013],
      ["contract", "c-1", "SC-01", 4_500_050],
    ]);
    expect(packages.every((row) => row.syncedAt.getTime() >= before - 1000)).toBe(true);

    const page = await callLoader(upstream, "/cost-and-commercial/upstream?tab=packages", {
      cookie: manager.cookie,
    });
    expect(page.data.packages).toMatchObject({ connected: true, canSync: true });
    expect(page.data.packages.syncedAt).not.toBeNull();
    expect(page.data.packages.packages).toHaveLength(3);
  });

  it("replaces the reading on the next sync: renamed packages updated, ones ACC dropped removed", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    await connectAccCost(db.em, project, fake);
    await sync(manager.cookie);
    const firstIds = new Map((await packagesOf(project)).map((row) => [row.externalId, row.id]));

    fake.budgets.splice(1, 1);
    fake.budgets[0].name = "Bulk earthworks";
    await sync(manager.cookie);
    const packages = await packagesOf(project);
    expect(packages.map((row) => [row.externalId, row.name])).toEqual([
      ["b-1", "Bulk earthworks"],
      ["c-1", "Piling subcontract"],
    ]);
    expect(packages[0].id).toBe(firstIds.get("b-1"));
  });

  it("keeps the last reading whole when ACC fails: the run fails and no package changes", async () => {
    const project = await createProject(db.em);
    const { manager } = await upstreamTeam(db.em, project);
    await makeHeadContract(db.em, project);
    await connectAccCost(db.em, project, fake);
    await sync(manager.cookie);
    fake.contracts.push({ id: "c-2", code: "SC-02", name: "Never kept" });
    fake.failNext("contracts", { status: 500 });
    await sync(manager.cookie);
    const runs = await db.em.fork().find(JobRun, { project: project.id }, { orderBy: { createdAt: "asc" } });
    expect(runs.map((run) => run.status)).toEqual(["completed", "failed"]);
    expect((await packagesOf(project)).map((row) => row.externalId)).toEqual(["b-1", "b-2", "c-1"]);
  });
});
