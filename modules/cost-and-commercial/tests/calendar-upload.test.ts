import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { CalendarTask, CommercialCalendar } from "../entities";
import * as upload from "../routes/calendar-upload";
import * as template from "../routes/calendar-upload-template";
import { CALENDAR_COLUMNS } from "../server/calendar-import";
import { calendarTeam, english } from "./calendar-fixtures";

const db = setupTestDatabase();
const PATH = "/cost-and-commercial/calendar/upload";

async function workbook(rows: (string | Date)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Calendar");
  sheet.addRow(CALENDAR_COLUMNS.map((column) => column.header));
  for (const row of rows) sheet.addRow(row);
  return new Blob([new Uint8Array(await book.xlsx.writeBuffer())]);
}

const ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Test//EN",
  "BEGIN:VEVENT",
  "UID:1@test",
  "SUMMARY:Client progress meeting",
  "DESCRIPTION:Monthly meeting",
  "DTSTART;VALUE=DATE:20261110",
  "DTEND;VALUE=DATE:20261111",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:2@test",
  "SUMMARY:Design review",
  "DTSTART:20261112T090000Z",
  "DTEND:20261114T170000Z",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

function post(name: string, file: Blob, fileName: string, side = "upstream") {
  const form = new FormData();
  form.append("name", name);
  form.append("side", side);
  form.append("file", file, fileName);
  return form;
}

const stored = async (project: { id: string }) => {
  const em = scopeToProject(db.em.fork(), project.id);
  return {
    calendars: await em.find(CommercialCalendar, {}),
    tasks: await em.find(CalendarTask, {}, { orderBy: { startDate: "asc" } }),
  };
};

describe("adding a calendar by upload", () => {
  it("takes an XLSX from the template; one bad row lists every row error and keeps nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const download = await callLoader(template, `${PATH}/template`, { cookie: manager.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain("calendar-template.xlsx");

    const bad = await workbook([
      ["Submit claim", "", "2026-11-20", "2026-11-25", "Earthworks", "", "", ""],
      ["", "No task", "2026-11-20", "2026-11-25", "", "", "", ""],
      ["Inspect", "", "2026-13-01", "2026-11-25", "", "", "", ""],
      ["Backwards", "", "2026-11-25", "2026-11-20", "", "", "", ""],
    ]);
    const refused = await callAction(upload, PATH, {
      cookie: manager.cookie,
      multipart: post("Bad", bad, "bad.xlsx"),
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error[""])).toEqual([
      "Row 3: Task is required",
      "Row 4: Start date is not a date (YYYY-MM-DD or DD/MM/YYYY)",
      "Row 5: the due date is before the start date",
    ]);
    expect(await stored(project)).toEqual({ calendars: [], tasks: [] });

    const viewerPost = await callAction(upload, PATH, {
      cookie: viewer.cookie,
      multipart: post("Bad", bad, "bad.xlsx"),
    });
    expect([viewerPost.status, viewerPost.location]).toEqual([302, "/forbidden"]);

    const good = await workbook([
      [
        "Submit claim",
        "Monthly",
        new Date(Date.UTC(2026, 10, 20)),
        "25/11/2026",
        "Earthworks",
        "Subcontract",
        "Cl 37",
        "Note",
      ],
      ["Pay subcontractors", "", "2026-12-01", "2026-12-05", "", "", "", ""],
    ]);
    const made = await callAction(upload, PATH, {
      cookie: manager.cookie,
      multipart: post("Claims calendar", good, "claims.xlsx", "downstream"),
    });
    expect(made.status).toBe(302);
    expect(made.location).toBe("/cost-and-commercial/calendar?side=downstream&month=2026-11");
    const { calendars, tasks } = await stored(project);
    expect(calendars).toEqual([
      expect.objectContaining({ name: "Claims calendar", fileName: "claims.xlsx", side: "downstream" }),
    ]);
    expect(
      tasks.map((task) => [task.task, String(task.startDate).slice(0, 10), task.side, task.packageName]),
    ).toEqual([
      ["Submit claim", expect.any(String), "downstream", "Earthworks"],
      ["Pay subcontractors", expect.any(String), "downstream", null],
    ]);
  });

  it("takes an iCalendar file's events, an all-day event ending on its own day", async () => {
    const project = await createProject(db.em);
    const { manager } = await calendarTeam(db.em, project);
    const made = await callAction(upload, PATH, {
      cookie: manager.cookie,
      multipart: post("Client meetings", new Blob([ICS], { type: "text/calendar" }), "meetings.ics"),
    });
    expect(made.status).toBe(302);
    const page = await callLoader(
      (await import("../routes/calendar-page")) as never,
      "/cost-and-commercial/calendar?month=2026-11",
      { cookie: manager.cookie },
    );
    expect(
      page.data.entries.map((entry: { day: string; kind: string; title: string }) => [
        entry.day,
        entry.kind,
        entry.title,
      ]),
    ).toEqual([
      ["2026-11-10", "task-due", "Client progress meeting"],
      ["2026-11-12", "task-start", "Design review"],
      ["2026-11-14", "task-due", "Design review"],
    ]);
    const wrong = await callAction(upload, PATH, {
      cookie: manager.cookie,
      multipart: post("Text", new Blob(["hello"]), "notes.txt"),
    });
    expect(wrong.status).toBe(400);
    expect(await english(wrong.data.error[""])).toEqual(["Upload an .xlsx workbook or an .ics calendar"]);
  });
});
