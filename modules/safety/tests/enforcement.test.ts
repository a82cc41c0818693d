import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { SafetyAction, SafetyEnforcementScan } from "../entities";
import * as actionCreate from "../routes/action-create";
import * as actionDetail from "../routes/action-detail";
import * as scanCreate from "../routes/enforcement-create";
import * as scanDetail from "../routes/enforcement-detail";
import * as scanRegister from "../routes/enforcement-register";
import { multipart } from "./fixtures";
import { makeScan, observationSite } from "./observation-fixtures";

const db = setupTestDatabase();
const REGISTER = "/safety/enforcement";

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

const record = (cookie: string, form: Record<string, string>) =>
  callAction(scanCreate, `${REGISTER}/create`, { cookie, form });

const scansOf = (projectId: string) =>
  scopeToProject(db.em.fork(), projectId).find(SafetyEnforcementScan, {}, { orderBy: { sequence: "asc" } });

const register = (cookie: string, search = "") =>
  callLoader(scanRegister, `${REGISTER}${search}`, { cookie });

describe("recording a scan", () => {
  it("refuses a bad form and writes nothing", async () => {
    const project = await createProject(db.em);
    const { engineer } = await observationSite(db.em, project);
    const empty = await record(engineer.cookie, { objectType: "WORKER", objectId: " " });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.objectId)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.objectName)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.status)).toEqual(["This field is required"]);
    const odd = await record(engineer.cookie, {
      objectType: "CRANE",
      objectId: "C-1",
      objectName: "Tower crane",
      status: "MAYBE",
    });
    expect(odd.status).toBe(400);
    expect(await scansOf(project.id)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "safety-enforcement-scan" })).toBe(0);
  });

  it("numbers it ENF-0001, folds the tag, and shows the object's history newest first", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer } = await observationSite(db.em, project);
    const first = await record(engineer.cookie, {
      objectType: "PLANT_AND_MACHINERY",
      objectId: " pm-0042 ",
      objectName: "Komatsu PC210 excavator",
      activity: "Bulk excavation zone B",
      status: "PASS",
    });
    expect(first.status).toBe(302);
    const second = await record(engineer.cookie, {
      objectType: "PLANT_AND_MACHINERY",
      objectId: "PM-0042",
      objectName: "Komatsu PC210 excavator",
      comment: "Reversing alarm not working",
      ncrRaised: "on",
      status: "FAIL",
    });
    // Another object with the same tag but another type is another history.
    await record(engineer.cookie, {
      objectType: "WORKER",
      objectId: "PM-0042",
      objectName: "Pat Miller",
      status: "PASS",
    });
    const [a, b, c] = await scansOf(project.id);
    expect([a.number, b.number, c.number]).toEqual(["ENF-0001", "ENF-0002", "ENF-0003"]);
    expect(a.objectId).toBe("PM-0042");
    expect(b).toMatchObject({ status: "FAIL", ncrRaised: true, comment: "Reversing alarm not working" });
    expect(second.location).toBe(`${REGISTER}/${b.id}`);

    const page = await callLoader(scanDetail, `${REGISTER}/${b.id}`, {
      cookie: viewer.cookie,
      params: { id: b.id },
    });
    expect(page.data.scan.history.map((row: { number: string }) => row.number)).toEqual([
      "ENF-0002",
      "ENF-0001",
    ]);
    expect(page.data.scan.historyTotal).toBe(2);
    expect(page.data.canRaiseAction).toBe(false);

    const history = await register(viewer.cookie, "?type=PLANT_AND_MACHINERY&object=pm-0042");
    expect(history.data.register.rows.map((row: { number: string }) => row.number)).toEqual([
      "ENF-0002",
      "ENF-0001",
    ]);
  });

  it("needs the create permission to record and the view permission to see", async () => {
    const project = await createProject(db.em);
    const { viewer } = await observationSite(db.em, project);
    const nobody = await signedInMember(db.em, project, []);
    const refused = await record(viewer.cookie, {
      objectType: "WORKER",
      objectId: "W-1",
      objectName: "Sam Lee",
      status: "PASS",
    });
    expect(refused.location).toBe("/forbidden");
    expect((await register(nobody.cookie)).location).toBe("/forbidden");
    expect(await scansOf(project.id)).toEqual([]);
  });
});

describe("the enforcement register", () => {
  it("filters by object type, status, day and text, and pages in the URL", async () => {
    const project = await createProject(db.em);
    const { viewer } = await observationSite(db.em, project);
    for (let n = 1; n <= 14; n += 1)
      await makeScan(db.em, project, {
        number: `ENF-${String(n).padStart(4, "0")}`,
        objectType: n % 2 ? "WORKER" : "TEMPORARY_WORKS",
        objectId: n % 2 ? `W-${n}` : `TW-${n}`,
        objectName: n % 2 ? `Worker ${n}` : `Scaffold ${n}`,
        status: n % 3 ? "PASS" : "FAIL",
        createdAt: new Date(`2026-11-${String(n).padStart(2, "0")}T09:00:00Z`),
      });
    const numbers = async (search: string) =>
      (await register(viewer.cookie, search)).data.register.rows.map((row: { number: string }) => row.number);
    const all = await register(viewer.cookie);
    expect(all.data.register.total).toBe(14);
    expect(all.data.register.rows).toHaveLength(10);
    expect(await numbers("?page=2")).toEqual(["ENF-0004", "ENF-0003", "ENF-0002", "ENF-0001"]);
    expect(await numbers("?status=FAIL")).toEqual(["ENF-0012", "ENF-0009", "ENF-0006", "ENF-0003"]);
    expect(await numbers("?type=TEMPORARY_WORKS&status=FAIL")).toEqual(["ENF-0012", "ENF-0006"]);
    expect(await numbers("?from=2026-11-03&to=2026-11-05")).toEqual(["ENF-0005", "ENF-0004", "ENF-0003"]);
    expect(await numbers("?q=scaffold%201")).toEqual(["ENF-0014", "ENF-0012", "ENF-0010"]);
    expect(await numbers("?q=ENF-0007")).toEqual(["ENF-0007"]);
  });
});

describe("raising an action from a failed scan", () => {
  it("offers it on a FAIL, creates it with the scan as its source, and lists it on the scan", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    const passed = await makeScan(db.em, project, { number: "ENF-0001" });
    const failed = await makeScan(db.em, project, {
      number: "ENF-0002",
      status: "FAIL",
      comment: "Reversing alarm not working",
    });
    const open = (id: string) =>
      callLoader(scanDetail, `${REGISTER}/${id}`, { cookie: engineer.cookie, params: { id } });
    expect((await open(passed.id)).data.canRaiseAction).toBe(true);
    const created = await callAction(actionCreate, "/safety/actions/create", {
      cookie: engineer.cookie,
      multipart: multipart({
        title: "Fix the excavator's reversing alarm",
        riskRanking: "high",
        assigneeId: worker.user.id,
        sourceType: "enforcement",
        sourceId: failed.id,
      }),
    });
    expect(created.status).toBe(302);
    const [action] = await scopeToProject(db.em.fork(), project.id).find(SafetyAction, {});
    const actionPage = await callLoader(actionDetail, `/safety/actions/${action.id}`, {
      cookie: engineer.cookie,
      params: { id: action.id },
    });
    expect(actionPage.data.action.source).toMatchObject({
      type: "enforcement",
      label: "ENF-0002 PM-0042 Komatsu PC210 excavator",
      href: `${REGISTER}/${failed.id}`,
    });
    expect((await open(failed.id)).data.scan.actions).toEqual([
      expect.objectContaining({ number: "ACT-0001", title: "Fix the excavator's reversing alarm" }),
    ]);
  });
});
