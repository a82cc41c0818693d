import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as create from "../routes/site-diary-create";
import * as detail from "../routes/site-diary-detail";
import * as exportRoute from "../routes/site-diary-export";
import * as register from "../routes/site-diary-register";
import * as report from "../routes/site-diary-report";
import * as reportFile from "../routes/site-diary-report-file";
import { diariesOf, diarySite, makeLocation } from "./diary-fixtures";

const db = setupTestDatabase();
const PATH = "/operation/site-diaries";

async function registerSite() {
  const project = await createProject(db.em, { name: "Harbour Tunnel", number: "HT-01" });
  const site = await diarySite(db.em, project);
  const bridge = await makeLocation(db.em, project, "Bridge");
  const pier = await makeLocation(db.em, project, "Pier 2", bridge.id);
  const yard = await makeLocation(db.em, project, "Laydown yard");
  const make = async (
    formDate: string,
    locationId: string | null,
    description: string,
    assigneeId?: string,
  ) => {
    const made = await callAction(create, `${PATH}/create`, {
      cookie: site.engineer.cookie,
      form: {
        intent: "create",
        formDate,
        description,
        ...(locationId ? { locationId } : {}),
        ...(assigneeId ? { assigneeId } : {}),
      },
    });
    expect(made.status).toBe(302);
  };
  await make("2026-11-18", null, "Earthworks", site.engineer.user.id);
  await make("2026-11-19", pier.id, "Pile caps", site.reviewer.user.id);
  await make("2026-11-20", yard.id, "Deliveries");
  await make("2026-11-21", bridge.id, "Deck pour");
  const diaries = await diariesOf(db.em, project);
  // SD-0002 waits for review.
  await callAction(detail, `${PATH}/${diaries[1].id}`, {
    cookie: site.engineer.cookie,
    params: { id: diaries[1].id },
    form: { intent: "transition", action: "submit" },
  });
  return { project, ...site, bridge, pier, yard, diaries };
}

const numbers = (result: { data: { register: { rows: { number: string }[] } } }) =>
  result.data.register.rows.map((row) => row.number);

describe("the site diary register", () => {
  it("searches, filters and orders from the URL, with totals per state", async () => {
    const { viewer, bridge, pier, engineer } = await registerSite();
    const list = (query: string) => callLoader(register, `${PATH}?${query}`, { cookie: viewer.cookie });
    const all = await list("");
    expect(numbers(all)).toEqual(["SD-0004", "SD-0003", "SD-0002", "SD-0001"]);
    expect(all.data.register.total).toBe(4);
    expect(all.data.register.statusTotals).toEqual({ in_progress: 3, in_review: 1 });
    expect(all.data.register.rows[1]).toMatchObject({ location: "Laydown yard", description: "Deliveries" });

    expect(numbers(await list("q=sd-0003"))).toEqual(["SD-0003"]);
    expect(numbers(await list("q=pile"))).toEqual(["SD-0002"]);
    expect(numbers(await list("q=pier"))).toEqual(["SD-0002"]);
    const inReview = await list("status=in_review");
    expect(numbers(inReview)).toEqual(["SD-0002"]);
    expect(inReview.data.register.total).toBe(1);
    expect(numbers(await list("from=2026-11-19&to=2026-11-20"))).toEqual(["SD-0003", "SD-0002"]);
    // A location stands for itself and everything below it.
    const byBridge = await list(`location=${bridge.id}`);
    expect(numbers(byBridge)).toEqual(["SD-0004", "SD-0002"]);
    expect(byBridge.data.register.chosenLocations).toEqual([{ value: bridge.id, label: "Bridge" }]);
    expect(numbers(await list(`location=${pier.id}`))).toEqual(["SD-0002"]);
    const byAssignee = await list(`assignee=${engineer.user.id}`);
    expect(numbers(byAssignee)).toEqual(["SD-0001"]);
    expect(byAssignee.data.register.chosenAssignees).toEqual([
      { value: engineer.user.id, label: "Erin Engineer" },
    ]);
    expect(numbers(await list("sort=number&dir=asc"))).toEqual(["SD-0001", "SD-0002", "SD-0003", "SD-0004"]);
  });

  it("turns a location or member typed without JavaScript into the matching filter", async () => {
    const { viewer, yard, reviewer } = await registerSite();
    const typed = await callLoader(register, `${PATH}?locationText=laydown&assigneeText=priya`, {
      cookie: viewer.cookie,
    });
    expect(typed.status).toBe(302);
    const next = new URL(typed.location ?? "", "http://x").searchParams;
    expect(next.getAll("location")).toEqual([yard.id]);
    expect(next.getAll("assignee")).toEqual([reviewer.user.id]);
    const unmatched = await callLoader(register, `${PATH}?locationText=nowhere`, { cookie: viewer.cookie });
    expect(unmatched.data.unmatched).toEqual({ location: "nowhere" });
  });

  it("exports the filtered register to Excel, every page", async () => {
    const { reviewer } = await registerSite();
    const response = await exportRoute.loader({
      request: new Request(`http://localhost:3000${PATH}/export?status=in_progress`, {
        headers: { Cookie: reviewer.cookie },
      }),
      params: {},
      context: { clientAddress: "127.0.0.1", nonce: "", requestId: "test" },
    });
    expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => row[1])).toEqual(["SD-0004", "SD-0003", "SD-0001"]);
    expect(rows[0][3]).toBe("In progress");
    expect(rows[0][4]).toBe("Bridge");
  });
});

describe("the site diary PDF", () => {
  it("is generated as a job and holds every section, for those who may download", async () => {
    const { diaries, engineer, viewer } = await registerSite();
    const diary = diaries[3];
    const params = { id: diary.id };
    await callAction(detail, `${PATH}/${diary.id}`, {
      cookie: engineer.cookie,
      params,
      form: {
        intent: "save",
        dueDate: "2026-11-22",
        description: "Deck pour",
        sky: "overcast",
        temperatureStart: "12.5",
        concerns: "Soft access track",
        "workLog[0].company": "Apex Formwork",
        "workLog[0].title": "Deck formwork",
        "workLog[0].workers": "6",
        "workLog[0].hours": "45.5",
        "delays[0].cause": "weather",
        "delays[0].title": "Rain at 13:00",
      },
    });
    await callAction(detail, `${PATH}/${diary.id}`, {
      cookie: engineer.cookie,
      params,
      form: { intent: "note", body: "Client walked the deck" },
    });
    const path = `${PATH}/${diary.id}/report`;
    expect((await callLoader(report, path, { cookie: viewer.cookie, params })).location).toBe("/forbidden");
    expect((await callLoader(report, path, { cookie: engineer.cookie, params })).data.report.state).toBe(
      "generate",
    );
    expect((await callAction(report, path, { cookie: engineer.cookie, params })).location).toBe(path);
    expect((await callLoader(report, path, { cookie: engineer.cookie, params })).data.report.state).toBe(
      "regenerate",
    );
    const file = await reportFile.loader({
      request: new Request(`http://localhost:3000${path}/file`, { headers: { Cookie: engineer.cookie } }),
      params,
      context: { clientAddress: "127.0.0.1", nonce: "", requestId: "test" },
    });
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "Site diary SD-0004",
      "Basic Information",
      "Deck pour",
      "Bridge",
      "Weather/Temperature",
      "Overcast",
      "12.5",
      "Soft access track",
      "Work Log",
      "Apex Formwork",
      "45.50",
      "Delays",
      "Rain at 13:00",
      "Meetings Held",
      "Plant Item/Machineries/Deliverables",
      "Other Comments",
      "Client walked the deck",
      "Photo and Videos",
    ])
      expect(flat).toContain(expected);
  });
});
