import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import { INSPECTION_POINTS } from "../domain/inspection-points";
import { Itp, ItpItem, ItpTemplate } from "../entities";
import * as itpCreate from "../routes/itp-create";
import * as itpDetail from "../routes/itp-detail";
import * as itpList from "../routes/itp-list";
import * as itpTemplate from "../routes/itp-template";
import { english, ITP_ALL, makeItp, memberWith, translated } from "./itp-fixtures";

const db = setupTestDatabase();
const LIST = "/quality/itp";
const CREATE = "/quality/itp/create";

const itpsOf = (projectId: string) =>
  scopeToProject(db.em, projectId).find(Itp, {}, { orderBy: { number: "asc" } });
const itemsOf = (projectId: string, itpId: string) =>
  scopeToProject(db.em, projectId).find(ItpItem, { itp: itpId }, { orderBy: { position: "asc" } });

describe("ITP list", () => {
  it("lists this project's ITPs 10 a page, searchable by number or title and filtered by status", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view"]);
    for (let i = 1; i <= 11; i++) await makeItp(db.em, project, { title: `Earthworks ${i}` });
    const pour = await makeItp(db.em, project, { title: "Concrete pour", status: "active" });
    await makeItp(db.em, other, { title: "Concrete of another project" });

    const first = await callLoader(itpList, LIST, { cookie });
    expect(first.data.canCreate).toBe(false);
    expect(first.data.list.total).toBe(12);
    expect(first.data.list.rows).toHaveLength(10);
    expect(first.data.list.rows[0]).toMatchObject({ number: pour.number, itemsCount: 2, status: "active" });
    const second = await callLoader(itpList, `${LIST}?page=2`, { cookie });
    expect(second.data.list.rows).toHaveLength(2);

    const byTitle = await callLoader(itpList, `${LIST}?q=concrete`, { cookie });
    expect(byTitle.data.list.rows.map((row: any) => row.title)).toEqual(["Concrete pour"]);
    const byNumber = await callLoader(itpList, `${LIST}?q=${pour.number.toLowerCase()}`, { cookie });
    expect(byNumber.data.list.rows.map((row: any) => row.id)).toEqual([pour.id]);
    const active = await callLoader(itpList, `${LIST}?status=active`, { cookie });
    expect(active.data.list.total).toBe(1);
    const sorted = await callLoader(itpList, `${LIST}?sort=title&dir=asc`, { cookie });
    expect(sorted.data.list.rows[0].title).toBe("Concrete pour");
  });

  it("sends a member without quality.itp.view to the forbidden page", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, []);
    const result = await callLoader(itpList, LIST, { cookie });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/forbidden");
  });
});

describe("creating a blank ITP", () => {
  it("creates a draft numbered ITP-0001 dated today, and logs it", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const result = await callAction(itpCreate, `${CREATE}?source=blank`, {
      cookie,
      form: {
        intent: "blank",
        title: "  Bridge deck pour ",
        customer: "Roads Authority",
        discipline: "Civil",
      },
    });
    const [itp] = await itpsOf(project.id);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${LIST}/${itp.id}`);
    expect(itp).toMatchObject({
      number: "ITP-0001",
      title: "Bridge deck pour",
      customer: "Roads Authority",
      contractNumber: null,
      status: "draft",
      revision: 0,
      createdBy: { id: user.id },
    });
    expect(String(itp.creationDate)).toBe(new Date().toISOString().slice(0, 10));
    const [entry] = await db.em.find(ActivityLog, { entityType: "itp", entityId: itp.id });
    expect(entry).toMatchObject({ action: "created", actor: { id: user.id } });
    expect(entry.after).toMatchObject({ number: "ITP-0001", source: "blank", items: 0 });

    await callAction(itpCreate, CREATE, { cookie, form: { intent: "blank", title: "Second" } });
    expect((await itpsOf(project.id)).map((row) => row.number)).toEqual(["ITP-0001", "ITP-0002"]);
  });

  it("refuses a missing title and too long fields with the spec's messages, writing nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const result = await callAction(itpCreate, CREATE, {
      cookie,
      form: { intent: "blank", title: " ", lotNumber: "L".repeat(101) },
    });
    expect(result.status).toBe(400);
    expect(result.data.reply.error).toMatchObject({
      title: ["This field is required"],
      lotNumber: ["Maximum 100 characters"],
    });
    expect(await itpsOf(project.id)).toEqual([]);
  });

  it("sends a member without quality.itp.create to the forbidden page, creating nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view"]);
    const result = await callAction(itpCreate, CREATE, { cookie, form: { intent: "blank", title: "Nope" } });
    expect(result.location).toBe("/forbidden");
    expect(await itpsOf(project.id)).toEqual([]);
  });
});

describe("the global library", () => {
  it("lists and searches templates, and creates a draft copying the chosen one's header and items", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const em = db.em;
    const template = em.create(ItpTemplate, {
      title: "Pile caps",
      discipline: "Structural",
      specification: "Spec 610",
      certificateNumber: "QC-610",
      items: [
        {
          position: 2,
          activity: "Pour",
          inspectionPoint: "W",
          acceptanceCriteria: null,
          verifyingDocument: null,
          references: null,
          method: null,
          frequency: null,
          inspectionKey: null,
          subcontractorSignature: false,
          clientSignature: true,
          otherSignatureRole: null,
        },
        {
          position: 1,
          activity: "Excavate",
          inspectionPoint: "H",
          acceptanceCriteria: "To design level",
          verifyingDocument: "Survey",
          references: null,
          method: null,
          frequency: "Each cap",
          inspectionKey: "PC-1",
          subcontractorSignature: true,
          clientSignature: false,
          otherSignatureRole: "Surveyor",
        },
      ],
    } as never);
    em.create(ItpTemplate, { title: "Road base", items: [] } as never);
    await em.flush();

    const page = await callLoader(itpCreate, `${CREATE}?q=pile`, { cookie });
    expect(page.data.source).toBe("library");
    expect(page.data.templates.rows).toEqual([
      expect.objectContaining({ id: template.id, title: "Pile caps", itemsCount: 2 }),
    ]);

    // "Use this template" asks for the new ITP's title: without one nothing is created.
    const untitled = await callAction(itpCreate, CREATE, {
      cookie,
      form: { intent: "template", templateId: template.id, title: "" },
    });
    expect(untitled.status).toBe(400);
    expect(untitled.data.errors).toEqual(["This field is required"]);
    expect(await itpsOf(project.id)).toEqual([]);
    const result = await callAction(itpCreate, CREATE, {
      cookie,
      form: { intent: "template", templateId: template.id, title: "Pile caps, pier 3" },
    });
    const [itp] = await itpsOf(project.id);
    expect(result.location).toBe(`${LIST}/${itp.id}`);
    expect(itp).toMatchObject({
      title: "Pile caps, pier 3",
      certificateNumber: null,
      discipline: "Structural",
      specification: "Spec 610",
      status: "draft",
      template: { id: template.id },
    });
    const items = await itemsOf(project.id, itp.id);
    expect(items.map((item) => [item.position, item.activity, item.inspectionPoint])).toEqual([
      [1, "Excavate", "H"],
      [2, "Pour", "W"],
    ]);
    expect(items[0]).toMatchObject({
      frequency: "Each cap",
      subcontractorSignature: true,
      otherSignatureRole: "Surveyor",
    });

    const gone = await callAction(itpCreate, CREATE, {
      cookie,
      form: { intent: "template", templateId: "00000000-0000-4000-8000-000000000000", title: "Gone" },
    });
    expect(gone.status).toBe(400);
    expect(gone.data.errors).toEqual([await english("itp.errors.templateGone")]);
  });

  it("adds an active ITP to the library and uses any ITP as the template of a new draft", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, [
      "quality.itp.view",
      "quality.itp.create",
      "quality.itp.edit-global-template",
    ]);
    const active = await makeItp(db.em, project, { title: "Kerbs", status: "active" });
    const path = `${LIST}/${active.id}`;

    const added = await callAction(itpDetail, path, {
      cookie,
      params: { id: active.id },
      form: { intent: "add-to-library" },
    });
    expect(added.status).toBe(302);
    const [template] = await db.em.find(ItpTemplate, {});
    expect(template).toMatchObject({
      title: "Kerbs",
      sourceItpNumber: active.number,
      sourceProject: { id: project.id },
    });
    expect(template.items.map((item) => item.activity)).toEqual([
      "Set out formwork",
      "Inspect reinforcement",
    ]);

    // "Use as template" asks for the new ITP's title; without one nothing is created.
    await db.em.nativeUpdate(Itp, { id: active.id }, { certificateNumber: "QC-042" }, { filters: false });
    const untitled = await callAction(itpDetail, path, {
      cookie,
      params: { id: active.id },
      form: { intent: "use-as-template", title: " " },
    });
    expect(untitled.status).toBe(400);
    expect(untitled.data.copy.error.title).toEqual(["This field is required"]);
    expect(await itpsOf(project.id)).toHaveLength(1);
    const copied = await callAction(itpDetail, path, {
      cookie,
      params: { id: active.id },
      form: { intent: "use-as-template", title: "Kerbs, stage 2" },
    });
    const copy = (await itpsOf(project.id)).find((itp) => itp.id !== active.id)!;
    expect(copied.location).toBe(`${LIST}/${copy.id}`);
    // The project's next number, and no certificate: it belonged to the plan it was issued for.
    expect(copy).toMatchObject({
      title: "Kerbs, stage 2",
      status: "draft",
      revision: 0,
      number: "ITP-0001",
      certificateNumber: null,
    });
    expect((await itemsOf(project.id, copy.id)).map((item) => item.activity)).toEqual([
      "Set out formwork",
      "Inspect reinforcement",
    ]);

    const draft = await makeItp(db.em, project, { status: "draft" });
    const refused = await callAction(itpDetail, `${LIST}/${draft.id}`, {
      cookie,
      params: { id: draft.id },
      form: { intent: "add-to-library" },
    });
    expect(refused.status).toBe(302);
    expect(await db.em.count(ItpTemplate, {})).toBe(1);
  });

  it("refuses library and copy actions to members without their permissions (403)", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view"]);
    const active = await makeItp(db.em, project, { status: "active" });
    for (const intent of ["add-to-library", "use-as-template"]) {
      const result = await callAction(itpDetail, `${LIST}/${active.id}`, {
        cookie,
        params: { id: active.id },
        form: { intent },
      });
      expect(result.status).toBe(403);
    }
    expect(await db.em.count(ItpTemplate, {})).toBe(0);
    expect(await itpsOf(project.id)).toHaveLength(1);
  });
});

async function workbookBytes(workbook: ExcelJS.Workbook) {
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function downloadedTemplate(cookie: string) {
  const response = (await itpTemplate.loader({
    request: new Request("http://localhost:3000/quality/itp/template.xlsx", { headers: { Cookie: cookie } }),
    params: {},
    context: {},
  } as never)) as Response;
  return response;
}

function uploadForm(bytes: Uint8Array, name = "plan.xlsx") {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("workbook", new Blob([bytes as BlobPart]), name);
  return form;
}

describe("the XLSX template and upload", () => {
  it("downloads a template whose sheets, columns, example row and kinds parse back", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const response = await downloadedTemplate(cookie);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toContain("itp-template.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["ITP", "Items", "Inspection points"]);
    const items = workbook.getWorksheet("Items")!;
    expect((items.getRow(1).values as string[]).slice(1)).toEqual([
      "Activity*",
      "Inspection point*",
      "Acceptance criteria",
      "Verifying document",
      "References",
      "Method",
      "Frequency",
      "Inspection key",
      "Subcontractor signature (Y/N)",
      "Client signature (Y/N)",
      "Other signature role",
    ]);
    expect(items.getCell("B2").value).toBe("H");
    expect(items.getCell("B2").dataValidation).toMatchObject({
      type: "list",
      formulae: ['"A,B,C,D,E,H,I,M,O,R,S,V,W"'],
    });
    const kinds = workbook.getWorksheet("Inspection points")!;
    expect(kinds.getCell("A7").value).toBe("H");
    expect(kinds.getCell("B7").value).toBe("Hold point");
    expect(kinds.rowCount).toBe(INSPECTION_POINTS.length + 1);
    const listed = Array.from(
      { length: INSPECTION_POINTS.length },
      (_, row) => kinds.getCell(`A${row + 2}`).value,
    );
    expect(listed).toEqual(["A", "B", "C", "D", "E", "H", "I", "M", "O", "R", "S", "V", "W"]);

    // The template as downloaded, with a title filled in: its example row is not an item of the plan.
    workbook.getWorksheet("ITP")!.getCell("B2").value = "From the template";
    const onlyExample = await callAction(itpCreate, `${CREATE}?source=upload`, {
      cookie,
      multipart: uploadForm(await workbookBytes(workbook)),
    });
    expect(onlyExample.status).toBe(400);
    expect(await itpsOf(project.id)).toEqual([]);
    // A row of the user's own below it imports alone; an example row changed by the user is theirs.
    const sheet = workbook.getWorksheet("Items")!;
    sheet.addRow(["Check the base", "W", "", "", "", "", "", "", "N", "Y"]);
    const result = await callAction(itpCreate, `${CREATE}?source=upload`, {
      cookie,
      multipart: uploadForm(await workbookBytes(workbook)),
    });
    expect(result.status).toBe(302);
    const [itp] = await itpsOf(project.id);
    expect(itp.title).toBe("From the template");
    expect((await itemsOf(project.id, itp.id)).map((item) => [item.activity, item.inspectionPoint])).toEqual([
      ["Check the base", "W"],
    ]);
    sheet.getCell("A2").value = "Inspect reinforcement before the pour of deck 2";
    await callAction(itpCreate, `${CREATE}?source=upload`, {
      cookie,
      multipart: uploadForm(await workbookBytes(workbook)),
    });
    const again = (await itpsOf(project.id)).find((row) => row.id !== itp.id)!;
    expect((await itemsOf(project.id, again.id)).map((item) => item.activity)).toEqual([
      "Inspect reinforcement before the pour of deck 2",
      "Check the base",
    ]);
  });

  it("imports a valid workbook: header, items in order, Y/N signatures", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const workbook = new ExcelJS.Workbook();
    const header = workbook.addWorksheet("ITP");
    header.addRow(["Field", "Value"]);
    header.addRow(["Title*", "Retaining wall"]);
    header.addRow(["contract number", "C-77"]);
    header.addRow(["Discipline", "Civil"]);
    const items = workbook.addWorksheet("Items");
    items.addRow([
      "Activity*",
      "Inspection point*",
      "Frequency",
      "Subcontractor signature (Y/N)",
      "Client signature (Y/N)",
    ]);
    items.addRow(["Footing excavation", "h", "Each footing", "Y", ""]);
    items.addRow([]);
    items.addRow(["Backfill", "V", null, "no", "yes"]);
    const result = await callAction(itpCreate, `${CREATE}?source=upload`, {
      cookie,
      multipart: uploadForm(await workbookBytes(workbook)),
    });
    const [itp] = await itpsOf(project.id);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${LIST}/${itp.id}`);
    expect(itp).toMatchObject({
      title: "Retaining wall",
      contractNumber: "C-77",
      discipline: "Civil",
      status: "draft",
    });
    const rows = await itemsOf(project.id, itp.id);
    expect(
      rows.map((row) => [
        row.position,
        row.activity,
        row.inspectionPoint,
        row.subcontractorSignature,
        row.clientSignature,
      ]),
    ).toEqual([
      [1, "Footing excavation", "H", true, false],
      [2, "Backfill", "V", false, true],
    ]);
    const [entry] = await db.em.find(ActivityLog, { entityType: "itp", entityId: itp.id });
    expect(entry).toMatchObject({ action: "created", actor: { id: user.id } });
    expect(entry.after).toMatchObject({ source: "import", items: 2 });
  });

  it("reports every bad row with its number and imports nothing", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("ITP").addRow(["Title*", "Wall"]);
    const items = workbook.addWorksheet("Items");
    items.addRow(["Activity*", "Inspection point*", "Frequency", "Client signature (Y/N)"]);
    items.addRow(["Good row", "H"]);
    items.addRow(["Bad point", "Z"]);
    items.addRow(["", "C", "Daily"]);
    items.addRow(["Long", "W", "F".repeat(201), "maybe"]);
    const result = await callAction(itpCreate, CREATE, {
      cookie,
      multipart: uploadForm(await workbookBytes(workbook)),
    });
    expect(result.status).toBe(400);
    expect(result.data.errors).toEqual([
      "Row 3: Inspection point must be one of A, B, C, D, E, H, I, M, O, R, S, V, W",
      "Row 4: Activity is required",
      "Row 5: Client signature must be Y or N",
      "Row 5: Frequency: Maximum 200 characters",
    ]);
    expect(await itpsOf(project.id)).toEqual([]);
    expect(await db.em.count(ItpItem, {}, { filters: false })).toBe(0);
  });

  it("explains a workbook with wrong sheets, no items, or a missing title, and a file that is not xlsx", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.create"]);
    const post = (form: FormData) => callAction(itpCreate, CREATE, { cookie, multipart: form });

    const wrongSheets = new ExcelJS.Workbook();
    wrongSheets.addWorksheet("Sheet1").addRow(["Activity", "Inspection point"]);
    expect((await post(uploadForm(await workbookBytes(wrongSheets)))).data.errors).toEqual([
      await english("itp.import.wrongSheets"),
    ]);

    const empty = new ExcelJS.Workbook();
    empty.addWorksheet("ITP");
    empty.addWorksheet("Items").addRow(["Activity*", "Inspection point*"]);
    expect((await post(uploadForm(await workbookBytes(empty)))).data.errors).toEqual([
      "ITP sheet: Title is required",
      await english("itp.import.noItems"),
    ]);

    const noColumns = new ExcelJS.Workbook();
    noColumns.addWorksheet("ITP").addRow(["Title", "X"]);
    noColumns.addWorksheet("Items").addRow(["Task", "Point"]);
    expect((await post(uploadForm(await workbookBytes(noColumns)))).data.errors).toEqual([
      await english("itp.import.missingColumns"),
    ]);

    const notExcel = await post(uploadForm(new TextEncoder().encode("not a zip"), "plan.xlsx"));
    expect(notExcel.data.errors).toEqual([await english("itp.import.unreadable")]);
    const csv = await post(uploadForm(new TextEncoder().encode("a,b"), "plan.csv"));
    expect(csv.data.errors).toEqual([await english("itp.import.notXlsx")]);
    const noFile = new FormData();
    noFile.append("intent", "upload");
    expect((await post(noFile)).data.errors).toEqual([await english("itp.import.noFile")]);
    expect(await translated("ui:fileDrop.tooLarge?limit=10")).toBe(
      "These files exceed 10MB. Please check file size and try again.",
    );
    expect(await itpsOf(project.id)).toEqual([]);
  });
});

describe("other projects", () => {
  it("answers 404 for another project's ITP and for a malformed id", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(db.em, project, ITP_ALL);
    const foreign = await makeItp(db.em, other);
    const result = await callLoader(itpDetail, `${LIST}/${foreign.id}`, {
      cookie,
      params: { id: foreign.id },
    });
    expect(result.status).toBe(404);
    const copy = await callAction(itpDetail, `${LIST}/${foreign.id}`, {
      cookie,
      params: { id: foreign.id },
      form: { intent: "use-as-template", title: "Copy" },
    });
    expect(copy.status).toBe(404);
    expect(await itpsOf(project.id)).toEqual([]);
    const malformed = await callLoader(itpDetail, `${LIST}/not-a-uuid`, {
      cookie,
      params: { id: "not-a-uuid" },
    });
    expect(malformed.status).toBe(404);
  });

  it("lets a super admin who is not a member see and create", async () => {
    const project = await createProject(db.em);
    const admin = await createUser(db.em, { isSuperAdmin: true });
    const cookie = await signIn(db.em, admin, { projectId: project.id });
    const result = await callAction(itpCreate, CREATE, {
      cookie,
      form: { intent: "blank", title: "By admin" },
    });
    expect(result.status).toBe(302);
    expect(await itpsOf(project.id)).toHaveLength(1);
  });
});
