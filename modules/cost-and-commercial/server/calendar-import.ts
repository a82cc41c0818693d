import ExcelJS from "exceljs";
import ICAL from "ical.js";
import { isIsoDay } from "~/app/utils/iso-day";
import { message } from "~/app/utils/message-key";
import { CALENDAR_LIMITS as L } from "./calendar-basics";

/**
 * Reading an uploaded calendar (README "Calendar, reminders and settings"): an XLSX workbook with the
 * template's columns, or an iCalendar file (.ics: each VEVENT's summary, description, start and end). Every
 * row is checked and every problem reported with its row (or event) number; one bad row and nothing is kept.
 * The columns are in English whatever the page's language: one file format for every project.
 */

export const CALENDAR_COLUMNS = [
  { field: "task", header: "Task", width: 36 },
  { field: "description", header: "Description", width: 40 },
  { field: "startDate", header: "Start date", width: 14 },
  { field: "dueDate", header: "Due date", width: 14 },
  { field: "packageName", header: "Package", width: 24 },
  { field: "packageType", header: "Package type", width: 18 },
  { field: "contractObligations", header: "Contract obligations", width: 36 },
  { field: "notes", header: "Notes", width: 30 },
] as const;
type Field = (typeof CALENDAR_COLUMNS)[number]["field"];

export const MAX_CALENDAR_ROWS = 1000;
/** An uploaded calendar is a list of dates: 5 MB holds tens of thousands of rows. */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;

export type ImportedTask = {
  task: string;
  description: string | null;
  startDate: string;
  dueDate: string;
  packageName: string | null;
  packageType: string | null;
  contractObligations: string | null;
  notes: string | null;
};

export type CalendarImport = { ok: true; tasks: ImportedTask[] } | { ok: false; errors: string[] };

const LIMITS: Record<Field, number> = {
  task: L.task,
  description: L.description,
  startDate: 10,
  dueDate: 10,
  packageName: L.packageName,
  packageType: L.packageType,
  contractObligations: L.text,
  notes: L.text,
};

const pad = (value: number) => String(value).padStart(2, "0");

/** A day from a cell: an Excel date, YYYY-MM-DD, or DD/MM/YYYY (the Australian and Vietnamese order). */
export function dayOfCell(value: unknown): string | null {
  if (value instanceof Date && !Number.isNaN(value.getTime()))
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const text = String(value ?? "").trim();
  if (isIsoDay(text)) return text;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) {
    const day = `${match[3]}-${pad(Number(match[2]))}-${pad(Number(match[1]))}`;
    return isIsoDay(day) ? day : null;
  }
  return null;
}

/** Checks one row's values; its problems as messages naming the row. */
function checkRow(
  label: string,
  raw: Record<Field, string>,
  days: { start: string | null; due: string | null },
) {
  const errors: string[] = [];
  const column = (field: Field) => CALENDAR_COLUMNS.find((entry) => entry.field === field)!.header;
  if (!raw.task)
    errors.push(
      message("cost-and-commercial:calendar.upload.rowRequired", { row: label, column: column("task") }),
    );
  for (const field of ["startDate", "dueDate"] as const) {
    const day = field === "startDate" ? days.start : days.due;
    if (!raw[field])
      errors.push(
        message("cost-and-commercial:calendar.upload.rowRequired", { row: label, column: column(field) }),
      );
    else if (!day)
      errors.push(
        message("cost-and-commercial:calendar.upload.rowDate", { row: label, column: column(field) }),
      );
  }
  if (days.start && days.due && days.due < days.start)
    errors.push(message("cost-and-commercial:calendar.upload.rowDueBeforeStart", { row: label }));
  for (const entry of CALENDAR_COLUMNS)
    if (
      entry.field !== "startDate" &&
      entry.field !== "dueDate" &&
      raw[entry.field].length > LIMITS[entry.field]
    )
      errors.push(
        message("cost-and-commercial:calendar.upload.rowTooLong", {
          row: label,
          column: entry.header,
          length: LIMITS[entry.field],
        }),
      );
  return errors;
}

const orNull = (text: string) => text || null;

function taskOf(raw: Record<Field, string>, start: string, due: string): ImportedTask {
  return {
    task: raw.task,
    description: orNull(raw.description),
    startDate: start,
    dueDate: due,
    packageName: orNull(raw.packageName),
    packageType: orNull(raw.packageType),
    contractObligations: orNull(raw.contractObligations),
    notes: orNull(raw.notes),
  };
}

const labelKey = (text: string) => text.toLowerCase().replace(/\*/g, "").replace(/\s+/g, " ").trim();

/** An .xlsx calendar: the first sheet, its first row the template's headers (any order, any case). */
export async function readCalendarWorkbook(bytes: Buffer | Uint8Array): Promise<CalendarImport> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    return { ok: false, errors: [message("cost-and-commercial:calendar.upload.unreadable")] };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, errors: [message("cost-and-commercial:calendar.upload.unreadable")] };
  const columnOf = new Map<Field, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const found = CALENDAR_COLUMNS.find((entry) => labelKey(entry.header) === labelKey(cell.text ?? ""));
    if (found) columnOf.set(found.field, column);
  });
  const missing = CALENDAR_COLUMNS.filter(
    (entry) => ["task", "startDate", "dueDate"].includes(entry.field) && !columnOf.has(entry.field),
  );
  if (missing.length > 0)
    return {
      ok: false,
      errors: [
        message("cost-and-commercial:calendar.upload.missingColumns", {
          columns: missing.map((entry) => entry.header).join(", "),
        }),
      ],
    };
  const tasks: ImportedTask[] = [];
  const errors: string[] = [];
  for (let number = 2; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    const cellOf = (field: Field) => {
      const column = columnOf.get(field);
      return column ? row.getCell(column) : null;
    };
    const raw = Object.fromEntries(
      CALENDAR_COLUMNS.map((entry) => {
        const cell = cellOf(entry.field);
        return [entry.field, cell && cell.value !== null && cell.value !== undefined ? cell.text.trim() : ""];
      }),
    ) as Record<Field, string>;
    if (Object.values(raw).every((text) => !text)) continue;
    if (tasks.length + errors.length >= MAX_CALENDAR_ROWS)
      return {
        ok: false,
        errors: [message("cost-and-commercial:calendar.upload.tooManyRows", { count: MAX_CALENDAR_ROWS })],
      };
    const start = raw.startDate
      ? dayOfCell(cellOf("startDate")?.value instanceof Date ? cellOf("startDate")?.value : raw.startDate)
      : null;
    const due = raw.dueDate
      ? dayOfCell(cellOf("dueDate")?.value instanceof Date ? cellOf("dueDate")?.value : raw.dueDate)
      : null;
    const problems = checkRow(String(number), raw, { start, due });
    if (problems.length > 0) errors.push(...problems);
    else tasks.push(taskOf(raw, start!, due!));
  }
  if (errors.length > 0) return { ok: false, errors };
  if (tasks.length === 0)
    return { ok: false, errors: [message("cost-and-commercial:calendar.upload.empty")] };
  return { ok: true, tasks };
}

const dayOfTime = (time: ICAL.Time | null | undefined) =>
  time ? `${String(time.year).padStart(4, "0")}-${pad(time.month)}-${pad(time.day)}` : null;

/** An iCalendar file: each VEVENT is a task; an all-day event's DTEND (the day after) gives its last day. */
export function readCalendarIcs(text: string): CalendarImport {
  let events: ICAL.Event[];
  try {
    const calendar = new ICAL.Component(ICAL.parse(text));
    events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  } catch {
    return { ok: false, errors: [message("cost-and-commercial:calendar.upload.unreadable")] };
  }
  if (events.length === 0)
    return { ok: false, errors: [message("cost-and-commercial:calendar.upload.empty")] };
  if (events.length > MAX_CALENDAR_ROWS)
    return {
      ok: false,
      errors: [message("cost-and-commercial:calendar.upload.tooManyRows", { count: MAX_CALENDAR_ROWS })],
    };
  const tasks: ImportedTask[] = [];
  const errors: string[] = [];
  events.forEach((event, index) => {
    const start = dayOfTime(event.startDate);
    let due = dayOfTime(event.endDate) ?? start;
    if (event.startDate?.isDate && event.endDate && due && start && due > start) {
      const last = event.endDate.clone();
      last.adjust(-1, 0, 0, 0);
      due = dayOfTime(last);
    }
    const raw: Record<Field, string> = {
      task: (event.summary ?? "").trim(),
      description: (event.description ?? "").trim(),
      startDate: start ?? "",
      dueDate: due ?? "",
      packageName: "",
      packageType: "",
      contractObligations: "",
      notes: "",
    };
    const label = `${index + 1}`;
    const problems = checkRow(label, raw, {
      start: start && isIsoDay(start) ? start : null,
      due: due && isIsoDay(due) ? due : null,
    });
    if (problems.length > 0) errors.push(...problems);
    else tasks.push(taskOf(raw, start!, due!));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, tasks };
}

/** The template to download: the columns and one example row. */
export async function buildCalendarTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "SiteProof";
  const sheet = workbook.addWorksheet("Calendar", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = CALENDAR_COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    task: "Submit progress claim",
    description: "Monthly claim to the client",
    startDate: "2026-11-20",
    dueDate: "2026-11-25",
    packageName: "Earthworks",
    packageType: "Subcontract",
    contractObligations: "Clause 37.1",
    notes: "",
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
