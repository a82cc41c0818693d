import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { runQueuedJobs, startJobs } from "~/server/jobs/jobs.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Lot, LotDtiAudit } from "../entities";
import * as itpPdf from "../routes/itp-export-pdf";
import * as itpXlsx from "../routes/itp-export-xlsx";
import * as lotDetail from "../routes/lot-detail";
import * as lotItpTab from "../routes/lot-itp";
import * as itrNew from "../routes/lot-itr-new";
import * as registerExport from "../routes/lot-register-export";
import * as lotReport from "../routes/lot-report";
import * as lotReportFile from "../routes/lot-report-file";
import { readItpWorkbook } from "../server/itp-import.server";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
setupTestFileStorage("siteproof-reports-");
afterEach(async () => {
  await startJobs({ mode: "inline" });
});

const PNG_SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

async function pdfText(response: Response) {
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  const flat = (text as string).replace(/\s+/g, " ");
  return flat;
}

/** Loader responses come back as-is (files); guard redirects and 404s are thrown Responses. */
async function download(
  module: { loader: (args: any) => Promise<Response> },
  path: string,
  cookie: string,
  params: Record<string, string>,
) {
  try {
    return await module.loader({
      request: new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } }),
      params,
      context: {},
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A lot with an ITP, a recorded check, a subcontractor signature, an ITR and a signed DTI audit. */
async function documentedLot() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const { user, cookie } = await memberWith(db.em, project, LOT_ALL, "Rita Reporter");
  const lot = await makeLot(db.em, project, { title: "Deck pour span 2", createdBy: user });
  const { itp, items } = await makeItp(db.em, project, {
    title: "Bridge deck",
    items: [
      { activity: "Check formwork levels", kind: "C" },
      { activity: "Hold before concrete pour", kind: "H", subcontractor: true },
    ],
  });
  const post = (form: Record<string, string>) =>
    callAction(lotItpTab, `/quality/lot/${lot.id}/itp`, { cookie, params: { id: lot.id }, form });
  await post({ intent: "assign", itpId: itp.id });
  const started = await callAction(lotDetail, `/quality/lot/${lot.id}`, {
    cookie,
    params: { id: lot.id },
    form: { intent: "transition", action: "mark_records_complete" },
  });
  expect(started.status).toBe(302);
  await post({ intent: "check", itemId: items[0].id, state: "conforming", comment: "Levels within 5 mm" });
  await post({ intent: "sign", itemId: items[1].id });
  const form = new FormData();
  form.append("title", "Concrete delivery dockets");
  form.append("files", new File(["%PDF-1.7 dockets"], "dockets.pdf", { type: "application/pdf" }));
  await callAction(itrNew, `/quality/lot/${lot.id}/itr/new`, {
    cookie,
    multipart: form,
    params: { lotId: lot.id },
  });
  const em = scopeToProject(db.em, project.id);
  em.create(LotDtiAudit, {
    project,
    lot,
    auditorName: "Dana Auditor",
    auditedOn: "2026-03-04",
    processCompleted: true,
    signature: PNG_SIGNATURE,
    signedBy: user,
    signedAt: new Date("2026-03-04T02:00:00Z"),
  } as never);
  await em.flush();
  return { project, lot, itp, items, user, cookie };
}

describe("the lot report (Download Lot)", () => {
  it("goes generate → generating (refreshing) → regenerate, and its PDF holds the lot's records", async () => {
    await startJobs({ mode: "manual" });
    const { lot, itp, cookie } = await documentedLot();
    const page = `/quality/lot/${lot.id}/report`;
    const params = { id: lot.id };
    const before = await callLoader(lotReport, page, { cookie, params });
    expect(before.data.report.state).toBe("generate");

    const asked = await callAction(lotReport, page, { cookie, params });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe(page);
    const generating = await callLoader(lotReport, page, { cookie, params });
    expect(generating.data.report).toMatchObject({ state: "generating", progress: 0 });
    const meta = lotReport.meta({ data: generating.data } as never);
    expect(meta).toContainEqual({ httpEquiv: "refresh", content: "2" });
    // Asking again while it generates does not queue a second run.
    await callAction(lotReport, page, { cookie, params });
    expect(await db.em.count(JobRun, { kind: "quality.lot-report" }, { filters: false })).toBe(1);
    expect((await download(lotReportFile, `${page}/file`, cookie, params)).status).toBe(404);

    expect(await runQueuedJobs()).toBe(1);
    const ready = await callLoader(lotReport, page, { cookie, params });
    expect(ready.data.report).toMatchObject({ state: "regenerate", progress: 100 });
    expect(lotReport.meta({ data: ready.data } as never)).not.toContainEqual(
      expect.objectContaining({ httpEquiv: "refresh" }),
    );

    const file = await download(lotReportFile, `${page}/file`, cookie, params);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toContain(`${lot.number}-dossier.pdf`);
    const text = await pdfText(file);
    for (const expected of [
      lot.number,
      "Deck pour span 2",
      itp.number,
      "Check formwork levels",
      "Hold before concrete pour",
      "Conforming: Levels within 5 mm",
      "Concrete delivery dockets",
      "Dana Auditor",
      "Rita Reporter",
      "ITP assigned",
      "Item checked",
      "Signed by subcontractor",
      "ITR uploaded",
      // A workflow step reads as the states it went between.
      "Active · Work started → Active · Records complete",
      "Page 1 of",
      // The activity log names its fields in words, and a check's state as the screen does.
      `ITP: ${itp.number}`,
      "Check: Conforming",
      "File: dockets.pdf",
    ])
      expect(text).toContain(expected);
    for (const key of [
      "itpNumber",
      "itpTitle",
      "fileName",
      "position:",
      "non_conforming",
      "processCompleted",
    ])
      expect(text).not.toContain(key);
  });

  it("ends the run as failed when the lot is gone before the worker gets to it", async () => {
    const { lot, cookie, project } = await documentedLot();
    const page = `/quality/lot/${lot.id}/report`;
    await startJobs({ mode: "manual" });
    await callAction(lotReport, page, { cookie, params: { id: lot.id } });
    // The lot disappears before the worker gets to it.
    await scopeToProject(db.em, project.id).nativeDelete(Lot, { id: lot.id });
    await runQueuedJobs();
    const run = await db.em.findOneOrFail(JobRun, { kind: "quality.lot-report" }, { filters: false });
    expect(run.status).toBe("failed");
  });

  it("shows the error state and retries", async () => {
    const { lot, cookie } = await documentedLot();
    const page = `/quality/lot/${lot.id}/report`;
    const em = db.em;
    em.create(JobRun, {
      project: lot.project,
      kind: "quality.lot-report",
      subjectType: "lot",
      subjectId: lot.id,
      status: "failed",
      progress: 40,
      error: "boom",
    } as never);
    await em.flush();
    const failed = await callLoader(lotReport, page, { cookie, params: { id: lot.id } });
    expect(failed.data.report.state).toBe("error");
    const t = await serverT("en", "quality");
    expect(t("report.linkGenerationFailed")).toBe("Link generation failed. Please try again.");
    const retried = await callAction(lotReport, page, { cookie, params: { id: lot.id } });
    expect(retried.status).toBe(303);
    const after = await callLoader(lotReport, page, { cookie, params: { id: lot.id } });
    expect(after.data.report.state).toBe("regenerate");
  });

  it("is for holders of quality.lot.download, in the lot's project only", async () => {
    const { lot, project } = await documentedLot();
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const page = `/quality/lot/${lot.id}/report`;
    expect(
      (await callLoader(lotReport, page, { cookie: viewer.cookie, params: { id: lot.id } })).location,
    ).toBe("/forbidden");
    expect(
      (await callAction(lotReport, page, { cookie: viewer.cookie, params: { id: lot.id } })).location,
    ).toBe("/forbidden");
    const other = await createProject(db.em);
    const outsider = await memberWith(db.em, other, LOT_ALL);
    expect(
      (await callLoader(lotReport, page, { cookie: outsider.cookie, params: { id: lot.id } })).status,
    ).toBe(404);
    expect(
      (await callAction(lotReport, page, { cookie: outsider.cookie, params: { id: lot.id } })).status,
    ).toBe(404);
    expect(await db.em.count(JobRun, {}, { filters: false })).toBe(0);
  });
});

describe("the lot register export", () => {
  it("writes the filtered register with the spec's columns and file name", async () => {
    const project = await createProject(db.em, { number: "P-7001" });
    const { cookie } = await memberWith(db.em, project, LOT_ALL);
    const first = await makeLot(db.em, project, { title: "Pier 1 footing" });
    const second = await makeLot(db.em, project, { title: "Pier 2 footing" });
    await makeLot(db.em, project, { title: "Closed lot", status: "closed" });
    const { itp } = await makeItp(db.em, project);
    await assign(db.em, project, first, itp);
    const response = await download(registerExport, "/quality/lot/export?status=active", cookie, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toContain(
      `filename="lot-register-P-7001-${today}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.getWorksheet("Lots")!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Lot number",
      "Title",
      "Location",
      "Lot type",
      "Status",
      "Sub-status",
      "ITPs",
      "Work pack",
      "Area",
      "Activity",
      "Discipline",
      "Zone",
      "Chainage start",
      "Chainage end",
      "Subcontractor",
      "Lot opened on",
      "Close target",
      "Updated",
    ]);
    expect(sheet.rowCount).toBe(3);
    const rows = [2, 3].map((row) => sheet.getRow(row));
    expect(rows.map((row) => row.getCell(1).value)).toEqual([second.number, first.number]);
    const firstRow = rows[1];
    expect(firstRow.getCell(2).value).toBe("Pier 1 footing");
    expect(firstRow.getCell(5).value).toBe("Active");
    expect(firstRow.getCell(6).value).toBe("Work started");
    expect(firstRow.getCell(7).value).toBe(itp.number);
    expect(firstRow.getCell(13).value).toBe(120.5);
    expect(firstRow.getCell(16).value).toEqual(new Date("2026-02-01T00:00:00Z"));
    expect(firstRow.getCell(18).value).toBeInstanceOf(Date);
  });

  it("is refused without quality.lot.download", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.lot.view"]);
    const response = await download(registerExport, "/quality/lot/export", cookie, {});
    expect(response.headers.get("Location")).toBe("/forbidden");
  });
});

describe("the ITP exports", () => {
  async function reviewedItp() {
    const project = await createProject(db.em, { name: "Metro Line" });
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.download"]);
    const { itp } = await makeItp(db.em, project, {
      title: "Tunnel lining",
      items: [
        { activity: "Inspect segment joints", kind: "H", subcontractor: true },
        { activity: "Survey ring alignment", kind: "D" },
      ],
    });
    const em = scopeToProject(db.em, project.id);
    const { ItpReview } = await import("../entities");
    em.create(ItpReview, {
      project,
      itp,
      scope: "INTERNAL",
      decision: "approved",
      revision: 0,
      reviewerName: "Quentin Quality",
      comment: "Fine for use",
      signature: PNG_SIGNATURE,
    } as never);
    await em.flush();
    return { project, itp, cookie };
  }

  it("prints the header, the items with their kinds and the review history as PDF", async () => {
    const { itp, cookie } = await reviewedItp();
    const response = await download(itpPdf, `/quality/itp/${itp.id}/export/pdf`, cookie, { id: itp.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(`${itp.number} Tunnel lining.pdf`);
    const text = await pdfText(response);
    for (const expected of [
      itp.number,
      "Tunnel lining",
      "Harbour Authority",
      "Metro Line",
      "Inspect segment joints",
      "H Hold point",
      "D Dimension inspection",
      "Subcontractor",
      "Approved by Quentin Quality",
      "Fine for use",
    ])
      expect(text).toContain(expected);
  });

  it("writes the import template's layout, which reads back as the same plan", async () => {
    const { itp, cookie } = await reviewedItp();
    const response = await download(itpXlsx, `/quality/itp/${itp.id}/export/xlsx`, cookie, { id: itp.id });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["ITP", "Items"]);
    const items = workbook.getWorksheet("Items")!;
    expect(items.getCell("A2").value).toBe("Inspect segment joints");
    expect(items.getCell("B2").value).toBe("H");
    const imported = await readItpWorkbook(bytes);
    expect(imported.ok).toBe(true);
    if (imported.ok) {
      expect(imported.header.title).toBe("Tunnel lining");
      expect(
        imported.items.map((item) => [item.activity, item.inspectionPoint, item.subcontractorSignature]),
      ).toEqual([
        ["Inspect segment joints", "H", true],
        ["Survey ring alignment", "D", false],
      ]);
    }
  });

  it("needs quality.itp.download and answers 404 for another project's ITP", async () => {
    const { project, itp } = await reviewedItp();
    const viewer = await memberWith(db.em, project, ["quality.itp.view"]);
    const refused = await download(itpXlsx, `/quality/itp/${itp.id}/export/xlsx`, viewer.cookie, {
      id: itp.id,
    });
    expect(refused.headers.get("Location")).toBe("/forbidden");
    const other = await createProject(db.em);
    const outsider = await memberWith(db.em, other, ["quality.itp.view", "quality.itp.download"]);
    const foreign = await download(itpPdf, `/quality/itp/${itp.id}/export/pdf`, outsider.cookie, {
      id: itp.id,
    });
    expect(foreign.status).toBe(404);
  });
});
