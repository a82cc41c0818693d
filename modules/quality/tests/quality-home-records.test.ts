import type { EntityManager } from "@mikro-orm/postgresql";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { IProject, IUser } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import type { DefectStatus } from "../domain/defect-workflow";
import type { PointState } from "../domain/inspection-point-workflow";
import type { NcrStatus } from "../domain/ncr-workflow";
import { Defect, type IItpItem, type ILot, LotInspectionPoint, Ncr } from "../entities";
import * as defectRegister from "../routes/defect-register";
import * as hpWpRegister from "../routes/hp-wp-register";
import * as conformanceExport from "../routes/lot-conformance-export";
import * as ncrList from "../routes/ncr-list";
import * as home from "../routes/quality-home";
import { today } from "../server/today";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();

const dayFromToday = (days: number) => {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function point(
  em: EntityManager,
  project: IProject,
  lot: ILot,
  item: IItpItem,
  state: PointState,
  dueOn: string | null = null,
) {
  const scoped = scopeToProject(em, project.id);
  scoped.create(LotInspectionPoint, { project, lot, item, state, dueOn } as never);
  await scoped.flush();
}

let serial = 0;
async function ncr(em: EntityManager, project: IProject, status: NcrStatus, lot: ILot | null = null) {
  serial += 1;
  const scoped = scopeToProject(em, project.id);
  scoped.create(Ncr, {
    project,
    number: `NCR-${String(serial).padStart(4, "0")}`,
    type: lot ? "product" : "system",
    lot,
    title: `Nonconformity ${serial}`,
    description: "Found on site",
    raisedOn: "2026-11-01",
    status,
  } as never);
  await scoped.flush();
}

async function defect(em: EntityManager, project: IProject, status: DefectStatus, createdBy: IUser | null) {
  serial += 1;
  const scoped = scopeToProject(em, project.id);
  scoped.create(Defect, {
    project,
    number: `DEF-${String(serial).padStart(4, "0")}`,
    title: `Defect ${serial}`,
    status,
    createdBy,
  } as never);
  await scoped.flush();
}

/**
 * Deck: hold points "Inspect reinforcement" notified and overdue, "Final survey" released; an NCR in
 * progress. Pier: its hold points not started, "Final survey" notified for later; an NCR closed.
 * Kerb: no ITP.
 */
async function site() {
  const project = await createProject(db.em, { number: "P-8001" });
  const deck = await makeLot(db.em, project, { title: "Deck pour" });
  const pier = await makeLot(db.em, project, { title: "Pier cap" });
  const kerb = await makeLot(db.em, project, { title: "Kerb" });
  const { itp, items } = await makeItp(db.em, project, {
    items: [
      { activity: "Inspect reinforcement", kind: "H" },
      { activity: "Slump test", kind: "W" },
      { activity: "Final survey", kind: "H" },
    ],
  });
  await assign(db.em, project, deck, itp);
  await assign(db.em, project, pier, itp);
  const [reinforcement, , survey] = items;
  await point(db.em, project, deck, reinforcement, "notified", dayFromToday(-3));
  await point(db.em, project, deck, survey, "released", dayFromToday(-10));
  await point(db.em, project, pier, survey, "notified", dayFromToday(2));
  await ncr(db.em, project, "in_progress", deck);
  await ncr(db.em, project, "closed", pier);
  await ncr(db.em, project, "in_review", null);
  return { project, itp, deck, pier, kerb };
}

describe("the quality home's hold points, NCRs and punch list", () => {
  it("lists the open hold points, overdue first, each linking to its lot's HP/WP tab, with counts the register lists", async () => {
    const { project, deck, pier } = await site();
    const { cookie } = await memberWith(db.em, project, ["quality.lot.view"]);
    const page = await callLoader(home, "/quality/home", { cookie });
    expect(page.status).toBe(200);
    const holdPoints = page.data.records.holdPoints;
    expect(holdPoints.open).toBe(3);
    expect(holdPoints.overdue).toBe(1);
    expect(
      holdPoints.listed.map((p: { lotNumber: string; activity: string; overdue: boolean }) => [
        p.lotNumber,
        p.activity,
        p.overdue,
      ]),
    ).toEqual([
      [deck.number, "Inspect reinforcement", true],
      [pier.number, "Inspect reinforcement", false],
      [pier.number, "Final survey", false],
    ]);
    // Not allowed NCRs or the punch list: those counts are not read.
    expect(page.data.records.ncrs).toBeNull();
    expect(page.data.records.defects).toBeNull();

    // The counts' links list exactly what they count.
    const open = await callLoader(
      hpWpRegister,
      "/quality/hp-wp?tab=hold&state=not_started&state=notified&state=rejected",
      {
        cookie,
      },
    );
    expect(open.data.register.total).toBe(3);
    const overdue = await callLoader(hpWpRegister, "/quality/hp-wp?tab=hold&state=notified&due=overdue", {
      cookie,
    });
    expect(overdue.data.register.total).toBe(1);
  });

  it("counts open NCRs and defects by state, each count what its register's link lists", async () => {
    const { project } = await site();
    const { user, cookie } = await memberWith(db.em, project, [
      "quality.lot.view",
      "quality.ncr.view",
      "quality.defects.view",
    ]);
    const { user: someoneElse } = await memberWith(db.em, project, ["quality.defects.view"]);
    await defect(db.em, project, "pending", someoneElse);
    await defect(db.em, project, "pending", someoneElse);
    await defect(db.em, project, "closed", someoneElse);
    // A draft is its raiser's alone: mine counts, someone else's does not.
    await defect(db.em, project, "draft", user);
    await defect(db.em, project, "draft", someoneElse);
    const page = await callLoader(home, "/quality/home", { cookie });
    const { ncrs, defects } = page.data.records;
    expect(ncrs).toEqual([
      { status: "in_progress", count: 1 },
      { status: "in_review", count: 1 },
    ]);
    const defectCounts = Object.fromEntries(
      defects.map((row: { status: string; count: number }) => [row.status, row.count]),
    );
    expect(defectCounts).toMatchObject({ draft: 1, pending: 2, closed: 1, in_progress: 0 });
    for (const row of ncrs) {
      const listed = await callLoader(ncrList, `/quality/ncr?status=${row.status}`, { cookie });
      expect(listed.data.list.total).toBe(row.count);
    }
    for (const row of defects) {
      const listed = await callLoader(defectRegister, `/quality/defects?status=${row.status}`, { cookie });
      expect(listed.data.register.total).toBe(row.count);
    }
  });
});

describe("the conformance register", () => {
  it("is every lot with its open hold points and open NCRs, as a workbook", async () => {
    const { project, itp, deck, pier, kerb } = await site();
    const other = await createProject(db.em);
    await makeLot(db.em, other, { title: "Another project's lot" });
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const response = await conformanceExport.loader({
      request: new Request("http://localhost:3000/quality/lot/conformance.xlsx", {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(
      `filename="conformance-register-P-8001-${today()}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.getWorksheet("Conformance")!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Lot number",
      "Title",
      "Status",
      "Location",
      "Open hold points",
      "Overdue hold points",
      "Hold points waiting",
      "Open NCRs",
      "NCRs open",
    ]);
    expect(sheet.rowCount).toBe(4);
    const rows = [2, 3, 4].map((index) => sheet.getRow(index).values as unknown[]);
    expect(rows.map((values) => values[1])).toEqual([deck.number, pier.number, kerb.number]);
    const [deckRow, pierRow, kerbRow] = rows;
    expect(deckRow.slice(5)).toEqual([
      1,
      1,
      `${itp.number} #1 Inspect reinforcement — Notified (${dayFromToday(-3)}, Overdue)`,
      1,
      expect.stringMatching(/^NCR-\d{4}$/),
    ]);
    expect(pierRow.slice(5, 8)).toEqual([
      2,
      0,
      `${itp.number} #1 Inspect reinforcement — Not started\n${itp.number} #3 Final survey — Notified (${dayFromToday(2)})`,
    ]);
    // The closed NCR is not open.
    expect(pierRow[8]).toBe(0);
    expect(kerbRow[5]).toBe(0);
    expect(kerbRow[8]).toBe(0);
  });

  it("is for members who may download lots", async () => {
    const { project } = await site();
    const { cookie } = await memberWith(db.em, project, ["quality.lot.view"]);
    const page = await callLoader(conformanceExport, "/quality/lot/conformance.xlsx", { cookie });
    expect(page.status).toBe(302);
    expect(page.location).toContain("/forbidden");
  });
});
