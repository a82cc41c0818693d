import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { Lot, Ncr } from "../entities";
import * as lotDetail from "../routes/lot-detail";
import * as ncrCreate from "../routes/ncr-create";
import * as ncrDetail from "../routes/ncr-detail";
import * as ncrPdf from "../routes/ncr-export-pdf";
import * as ncrXlsx from "../routes/ncr-export-xlsx";
import * as ncrList from "../routes/ncr-list";
import { memberWith } from "./itp-fixtures";
import { completeRecords } from "./lot-gate-fixtures";
import { assign, makeItp, makeLot } from "./reports-fixtures";

const db = setupTestDatabase();
const LIST = "/quality/ncr";
const CREATE = "/quality/ncr/create";
const NCR_ALL = [
  "quality.ncr.view",
  "quality.ncr.create",
  "quality.ncr.edit",
  "quality.ncr.review",
  "quality.ncr.close",
  "quality.ncr.archive",
];

const ncrsOf = (projectId: string) =>
  scopeToProject(db.em, projectId).find(
    Ncr,
    {},
    { orderBy: { number: "asc" }, populate: ["lot", "itpItem"] },
  );

const systemNcr = (title: string) => ({
  type: "system",
  title,
  description: "Inspection records were signed before the test results came back.",
  raisedOn: "2026-11-20",
});

async function raise(cookie: string, form: Record<string, string>) {
  return callAction(ncrCreate, CREATE, { cookie, form });
}

describe("raising an NCR", () => {
  it("raises a product NCR on a lot and an ITP item, numbered NCR-0001 per project, with its activity", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, NCR_ALL);
    const lot = await makeLot(db.em, project, { title: "Deck pour" });
    const { itp, items } = await makeItp(db.em, project, { status: "active" });
    await assign(db.em, project, lot, itp);

    const page = await callLoader(ncrCreate, `${CREATE}?lot=${lot.id}`, { cookie });
    expect(page.data.lot).toMatchObject({ id: lot.id, number: lot.number });
    expect(page.data.itpItems.map((choice: any) => choice.value)).toEqual(items.map((item) => item.id));

    const result = await raise(cookie, {
      type: "product",
      lotNumber: lot.number.toLowerCase(),
      itpItemId: items[0].id,
      title: "Honeycombing on the deck soffit",
      description: "Voids over 1 m² at the east end.",
      raisedOn: "2026-11-21",
      containment: "Area taped off, no loading",
      clientToBeInformed: "on",
    });
    expect(result.status).toBe(302);
    const [ncr] = await ncrsOf(project.id);
    expect(result.location).toBe(`/quality/ncr/${ncr.id}`);
    expect(ncr).toMatchObject({
      number: "NCR-0001",
      type: "product",
      status: "in_progress",
      clientToBeInformed: true,
      containment: "Area taped off, no loading",
    });
    expect(ncr.lot?.id).toBe(lot.id);
    expect(ncr.itpItem?.id).toBe(items[0].id);
    const entries = await db.em.find(ActivityLog, { entityType: "ncr", entityId: ncr.id });
    expect(entries.map((entry) => entry.action)).toEqual(["created"]);

    await raise(cookie, systemNcr("Records signed early"));
    const other = await createProject(db.em);
    const { cookie: otherCookie } = await memberWith(db.em, other, NCR_ALL);
    await raise(otherCookie, systemNcr("Another project's first"));
    expect((await ncrsOf(project.id)).map((row) => row.number)).toEqual(["NCR-0001", "NCR-0002"]);
    expect((await ncrsOf(other.id)).map((row) => row.number)).toEqual(["NCR-0001"]);
  });

  it("refuses a product NCR without its lot, with a lot of another project or an item not of the lot", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, NCR_ALL);
    const foreignLot = await makeLot(db.em, other);
    const lot = await makeLot(db.em, project);
    const { items: unassigned } = await makeItp(db.em, project, { status: "active" });
    const base = { ...systemNcr("Cracks"), type: "product" };

    const noLot = await raise(cookie, base);
    expect(noLot.status).toBe(400);
    expect(noLot.data.error.lotNumber).toEqual(["quality:ncr.errors.lotRequired"]);
    const foreign = await raise(cookie, { ...base, lotNumber: foreignLot.number });
    // Numbers repeat across projects: the other project's lot is simply not found here.
    if (foreignLot.number !== lot.number)
      expect(foreign.data.error.lotNumber).toEqual(["quality:ncr.errors.lotNotFound"]);
    const wrongItem = await raise(cookie, { ...base, lotNumber: lot.number, itpItemId: unassigned[0].id });
    expect(wrongItem.status).toBe(400);
    expect(wrongItem.data.error.itpItemId).toEqual(["quality:ncr.errors.choiceNotFound"]);
    const blank = await raise(cookie, {
      type: "system",
      title: " ",
      description: "",
      raisedOn: "2026-02-30",
    });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.data.error).sort()).toEqual(["description", "raisedOn", "title"]);
    expect(await ncrsOf(project.id)).toEqual([]);
  });

  it("sends a member without quality.ncr.create to the forbidden page", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.ncr.view"]);
    const result = await raise(cookie, systemNcr("No right"));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
    expect(await ncrsOf(project.id)).toEqual([]);
  });
});

describe("NCR register", () => {
  it("lists the project's NCRs with the tabs All, Product and System, search, status filter, order and pages", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, NCR_ALL);
    const lot = await makeLot(db.em, project);
    for (let i = 1; i <= 11; i++) await raise(cookie, systemNcr(`Procedure gap ${i}`));
    await raise(cookie, { ...systemNcr("Concrete cover"), type: "product", lotNumber: lot.number });

    const all = await callLoader(ncrList, LIST, { cookie });
    expect(all.data.canCreate).toBe(true);
    expect(all.data.list.total).toBe(12);
    expect(all.data.list.rows).toHaveLength(10);
    expect(all.data.list.rows[0]).toMatchObject({
      number: "NCR-0012",
      lotNumber: lot.number,
      type: "product",
    });
    expect((await callLoader(ncrList, `${LIST}?page=2`, { cookie })).data.list.rows).toHaveLength(2);
    const product = await callLoader(ncrList, `${LIST}?tab=product`, { cookie });
    expect(product.data.list.rows.map((row: any) => row.title)).toEqual(["Concrete cover"]);
    expect((await callLoader(ncrList, `${LIST}?tab=system`, { cookie })).data.list.total).toBe(11);
    expect((await callLoader(ncrList, `${LIST}?q=cover`, { cookie })).data.list.total).toBe(1);
    expect((await callLoader(ncrList, `${LIST}?q=ncr-0003`, { cookie })).data.list.total).toBe(1);
    expect((await callLoader(ncrList, `${LIST}?status=closed`, { cookie })).data.list.total).toBe(0);
    const byTitle = await callLoader(ncrList, `${LIST}?sort=title&dir=asc`, { cookie });
    expect(byTitle.data.list.rows[0].title).toBe("Concrete cover");
    // Nonsense in the URL is the default list, not an error.
    const odd = await callLoader(ncrList, `${LIST}?tab=x&status=y&sort=z`, { cookie });
    expect(odd.data.list.total).toBe(12);
  });
});

describe("NCR detail and workflow", () => {
  async function raised(grants = NCR_ALL) {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, grants);
    const { cookie: author } = await memberWith(db.em, project, NCR_ALL, { email: `a-${project.id}@x.test` });
    await raise(author, systemNcr("Records signed early"));
    const [ncr] = await ncrsOf(project.id);
    const path = `/quality/ncr/${ncr.id}`;
    const post = (form: Record<string, string>, who = cookie) =>
      callAction(ncrDetail, path, { cookie: who, form, params: { id: ncr.id } });
    const reload = async () => (await ncrsOf(project.id))[0];
    return { project, cookie, author, ncr, path, post, reload };
  }

  const closeOut = {
    intent: "save",
    title: "Records signed early",
    description: "Inspection records were signed before the test results came back.",
    disposition: "use_as_is",
    concessionAuthorisedBy: "",
    rootCause: "No hold on the sign-off until results arrive",
    correctiveAction: "Sign-off waits for the laboratory's report",
    correctiveActionOwner: "QA manager",
    correctiveActionDue: "2026-12-01",
    effectivenessCheck: "",
  };

  it("edits the ISO sections in progress, then walks review → return → review → close → archive", async () => {
    const { cookie, path, post, reload, ncr } = await raised();
    const page = await callLoader(ncrDetail, path, { cookie, params: { id: ncr.id } });
    expect(page.data.ncr.editable).toBe(true);
    expect(page.data.actions.map((row: any) => row.action)).toEqual(["submit_for_review"]);

    expect((await post(closeOut)).status).toBe(302);
    expect(await reload()).toMatchObject({ disposition: "use_as_is", correctiveActionOwner: "QA manager" });

    expect((await post({ intent: "transition", action: "submit_for_review" })).status).toBe(302);
    expect((await reload()).status).toBe("in_review");
    // In review the sections are read-only.
    const readOnly = await post({ ...closeOut, correctiveActionOwner: "Someone else" });
    expect(readOnly.status).toBe(302);
    expect((await reload()).correctiveActionOwner).toBe("QA manager");

    // Close is refused while the close-out is incomplete: the concession's authoriser and the effectiveness check.
    // (a guard of the table, refused like every guard: 409, the record not ready for the step)
    const early = await post({ intent: "transition", action: "close", confirmed: "true" });
    expect(early.status).toBe(409);
    expect(early.data.error[""]).toEqual([
      "quality:ncr.closeOut.concession-authoriser-missing",
      "quality:ncr.closeOut.effectiveness-missing",
    ]);
    expect((await reload()).status).toBe("in_review");

    const noReason = await post({ intent: "transition", action: "return" });
    expect(noReason.status).toBe(400);
    expect((await post({ intent: "transition", action: "return", comment: "Record the check" })).status).toBe(
      302,
    );
    expect(await reload()).toMatchObject({ status: "in_progress", lastReturnComment: "Record the check" });

    await post({
      ...closeOut,
      concessionAuthorisedBy: "J. Nguyen (client)",
      effectivenessCheck: "Next 3 lots OK",
    });
    await post({ intent: "transition", action: "submit_for_review" });
    const unconfirmed = await post({ intent: "transition", action: "close" });
    expect(unconfirmed.status).toBe(400);
    expect((await post({ intent: "transition", action: "close", confirmed: "true" })).status).toBe(302);
    const closed = await reload();
    expect(closed.status).toBe("closed");
    expect(closed.closedOn).toBeTruthy();
    expect((await post({ intent: "transition", action: "archive", confirmed: "true" })).status).toBe(302);
    expect((await reload()).status).toBe("archived");

    const entries = await db.em.find(
      ActivityLog,
      { entityType: "ncr", entityId: ncr.id },
      { orderBy: { createdAt: "asc" } },
    );
    expect(
      entries
        .filter((entry) => entry.action === "status-changed")
        .map((entry) => (entry.after as any).action),
    ).toEqual(["submit_for_review", "return", "submit_for_review", "close", "archive"]);
  });

  it("refuses steps the member's permissions do not allow, and hides their buttons", async () => {
    const { cookie, path, post, reload, ncr, author } = await raised(["quality.ncr.view"]);
    const page = await callLoader(ncrDetail, path, { cookie, params: { id: ncr.id } });
    expect(page.data.actions).toEqual([]);
    expect(page.data.canEdit).toBe(false);
    expect((await post({ intent: "transition", action: "submit_for_review" })).status).toBe(403);
    expect((await post(closeOut)).status).toBe(403);
    await post({ intent: "transition", action: "submit_for_review" }, author);
    expect((await post({ intent: "transition", action: "close", confirmed: "true" })).status).toBe(403);
    expect((await reload()).status).toBe("in_review");
  });

  it("answers 404 for an NCR of another project", async () => {
    const { ncr } = await raised();
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, NCR_ALL);
    const result = await callLoader(ncrDetail, `/quality/ncr/${ncr.id}`, { cookie, params: { id: ncr.id } });
    expect(result.status).toBe(404);
  });
});

describe("a lot's NCRs", () => {
  it("the lot shows its NCRs, each linking to the NCR, and a way to raise one; the NCR links back", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.lot.view", ...NCR_ALL]);
    const lot = await makeLot(db.em, project, { title: "Deck pour" });
    const lotPage = () => callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } });
    expect((await lotPage()).data.ncrs).toEqual({ rows: [], canRaise: true });

    await raise(cookie, { ...systemNcr("Honeycombing"), type: "product", lotNumber: lot.number });
    await raise(cookie, systemNcr("Not about this lot"));
    const [ncr] = await ncrsOf(project.id);
    expect((await lotPage()).data.ncrs.rows).toEqual([
      { id: ncr.id, number: "NCR-0001", title: "Honeycombing", status: "in_progress" },
    ]);
    const page = await callLoader(ncrDetail, `/quality/ncr/${ncr.id}`, { cookie, params: { id: ncr.id } });
    expect(page.data.ncr.lot).toEqual({ id: lot.id, number: lot.number, title: "Deck pour" });

    // Without quality.ncr.view the lot page has no NCR section; a cancelled lot takes no new NCR.
    const { cookie: lotOnly } = await memberWith(db.em, project, ["quality.lot.view"], {
      email: "lot@x.test",
    });
    const withoutNcr = await callLoader(lotDetail, `/quality/lot/${lot.id}`, {
      cookie: lotOnly,
      params: { id: lot.id },
    });
    expect(withoutNcr.data.ncrs).toBeNull();
    await scopeToProject(db.em, project.id).nativeUpdate(
      Lot,
      { id: lot.id },
      { status: "cancelled", subStatus: null },
    );
    expect((await lotPage()).data.ncrs.canRaise).toBe(false);
    const refused = await raise(cookie, { ...systemNcr("Late"), type: "product", lotNumber: lot.number });
    expect(refused.data.error.lotNumber).toEqual(["quality:ncr.errors.lotCancelled"]);
  });

  it("a lot with an NCR is not deleted: the NCR keeps its lot and the user gets the delete-failed toast", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, [
      "quality.lot.view",
      "quality.lot.delete",
      ...NCR_ALL,
    ]);
    const lot = await makeLot(db.em, project);
    await raise(cookie, { ...systemNcr("Cracks"), type: "product", lotNumber: lot.number });
    await scopeToProject(db.em, project.id).nativeUpdate(
      Lot,
      { id: lot.id },
      { status: "cancelled", subStatus: null },
    );
    const result = await callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "transition", action: "delete", confirmed: "true" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/quality/lot/${lot.id}`);
    expect(await scopeToProject(db.em, project.id).count(Lot, { id: lot.id })).toBe(1);
    expect((await ncrsOf(project.id))[0].lot?.id).toBe(lot.id);
  });
});

describe("the lot of a product NCR", () => {
  it("raising it makes the lot non-conforming; the lot is resubmitted only once its last open NCR is closed", async () => {
    const project = await createProject(db.em);
    const grants = ["quality.lot.view", "quality.lot.update-status", ...NCR_ALL];
    const { cookie } = await memberWith(db.em, project, grants);
    const lot = await makeLot(db.em, project);
    const lotState = async () => {
      const row = await scopeToProject(db.em.fork(), project.id).findOneOrFail(Lot, { id: lot.id });
      return `${row.status}/${row.subStatus}`;
    };
    const lotPost = (form: Record<string, string>) =>
      callAction(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id }, form });
    expect(await lotState()).toBe("active/work_started");

    // The step is not a button of the lot page, and the lot page refuses it.
    const page = await callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } });
    expect(page.data.frame.actions.map((row: any) => row.action)).not.toContain("raise_ncr");
    expect((await lotPost({ intent: "transition", action: "raise_ncr" })).status).toBe(409);
    expect(await lotState()).toBe("active/work_started");

    await raise(cookie, { ...systemNcr("Honeycombing"), type: "product", lotNumber: lot.number });
    await raise(cookie, { ...systemNcr("Cover too thin"), type: "product", lotNumber: lot.number });
    expect(await lotState()).toBe("non_conforming/ncr_raised");
    const lotEntries = await db.em.find(ActivityLog, {
      entityType: "lot",
      entityId: lot.id,
      action: "status-changed",
    });
    // The second NCR finds the lot already non-conforming: one step only.
    expect(lotEntries.map((entry) => entry.after)).toEqual([
      { status: "non_conforming", subStatus: "ncr_raised", action: "raise_ncr", comment: "NCR-0001" },
    ]);

    const resubmit = () => lotPost({ intent: "transition", action: "submit_to_engineer" });
    const refused = await resubmit();
    expect(refused.status).toBe(409);
    expect(refused.data.error[""]).toEqual(["quality:lot.errors.openNcrs"]);

    const ncrs = await ncrsOf(project.id);
    const closeNcr = async (id: string) => {
      const post = (form: Record<string, string>) =>
        callAction(ncrDetail, `/quality/ncr/${id}`, { cookie, params: { id }, form });
      await post({
        intent: "save",
        title: "Fixed",
        description: "Fixed",
        disposition: "repair",
        correctiveAction: "Patch and cure",
        effectivenessCheck: "Cores passed",
      });
      await post({ intent: "transition", action: "submit_for_review" });
      expect((await post({ intent: "transition", action: "close", confirmed: "true" })).status).toBe(302);
    };
    await closeNcr(ncrs[0].id);
    expect((await resubmit()).status).toBe(409);
    await closeNcr(ncrs[1].id);
    // The last NCR closed, the records gate remains: the fixed lot's records are complete.
    expect((await resubmit()).data.error[""]).toEqual(["quality:lot.gate.noItp"]);
    await completeRecords(db.em, project, lot);
    expect((await resubmit()).status).toBe(302);
    expect(await lotState()).toBe("active/engineer_review");
  });
});

describe("NCR downloads", () => {
  it("the NCR as a PDF and the register's current tab and search as a workbook, for quality.ncr.download", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, [...NCR_ALL, "quality.ncr.download"]);
    const lot = await makeLot(db.em, project);
    await raise(cookie, { ...systemNcr("Honeycombing"), type: "product", lotNumber: lot.number });
    await raise(cookie, systemNcr("Records signed early"));
    await raise(cookie, systemNcr("Calibration out of date"));
    const [ncr] = await ncrsOf(project.id);

    const detail = await callLoader(ncrDetail, `/quality/ncr/${ncr.id}`, { cookie, params: { id: ncr.id } });
    expect(detail.data.canDownload).toBe(true);
    const pdf = await ncrPdf.loader({
      request: new Request(`http://localhost/quality/ncr/${ncr.id}/pdf`, { headers: { Cookie: cookie } }),
      params: { id: ncr.id },
      context: {},
    } as never);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain("NCR-0001 Honeycombing.pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

    const xlsx = (await ncrXlsx.loader({
      request: new Request("http://localhost/quality/ncr/export?tab=system&sort=title&dir=asc", {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0][1]).toBe("NCR number");
    expect(rows.slice(1).map((row) => [row[1], row[2], row[3]])).toEqual([
      ["NCR-0003", "Calibration out of date", "System"],
      ["NCR-0002", "Records signed early", "System"],
    ]);
  });

  it("sends a member without quality.ncr.download to the forbidden page", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, NCR_ALL);
    await raise(cookie, systemNcr("Records signed early"));
    const [ncr] = await ncrsOf(project.id);
    const result = await callLoader(ncrPdf, `/quality/ncr/${ncr.id}/pdf`, { cookie, params: { id: ncr.id } });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
    expect((await callLoader(ncrXlsx, "/quality/ncr/export", { cookie })).location).toBe("/forbidden");
  });
});
