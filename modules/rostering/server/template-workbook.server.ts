import ExcelJS from "exceljs";
import { cellText } from "~/server/uploads/workbook-upload.server";
import {
  MAX_TEMPLATE_ROWS,
  TEMPLATE_COLUMNS,
  type TemplateError,
  type TemplateKind,
  type TemplateLookup,
  type TemplateRecords,
  type TemplateValidation,
  validateRows,
} from "../domain/templates";
import au from "../locales/au.json";
import en from "../locales/en.json";
import vi from "../locales/vi.json";

/**
 * The rostering templates as .xlsx: one sheet named after the kind ("PersonnelTemplate"), a styled header row
 * in the user's language (required columns marked *), and, for an export, the records as rows. Reading takes
 * the header in any of the product's languages, so a file downloaded in Vietnamese can be uploaded by someone
 * working in English; the columns are found by their header, not their place.
 */

// Loose on purpose: i18next's TFunction and react-i18next's `t` both fit.
type Translate = (key: string, options?: Record<string, unknown>) => unknown;

/** A cell of an exported row: text, a number (beds) or a calendar day ("2026-12-01") for a date column. */
export type TemplateCell = string | number | null | undefined;

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: "FF0F172A" } },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } },
  alignment: { vertical: "middle" },
  border: { bottom: { style: "thin", color: { argb: "FF94A3B8" } } },
};

const REQUIRED_MARK = " *";

/** A calendar day as Excel holds it: midnight UTC, so it shows as that day wherever the file is opened. */
function excelDay(value: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

/** The template of a kind, empty for a download or with rows (in the order of its columns) for an export. */
export async function templateWorkbook(
  kind: TemplateKind,
  t: Translate,
  rows: readonly (readonly TemplateCell[])[] = [],
): Promise<Buffer> {
  const columns = TEMPLATE_COLUMNS[kind];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "SiteProof";
  const sheet = workbook.addWorksheet(kind, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: `${String(t(column.header))}${column.required ? REQUIRED_MARK : ""}`,
    width: column.width,
    style: column.cell === "date" ? { numFmt: "yyyy-mm-dd" } : {},
  }));
  const header = sheet.getRow(1);
  header.height = 20;
  for (let index = 1; index <= columns.length; index += 1) header.getCell(index).style = HEADER_STYLE;
  for (const row of rows)
    sheet.addRow(
      columns.map((column, index) => {
        const value = row[index];
        if (value === null || value === undefined || value === "") return null;
        return column.cell === "date" && typeof value === "string" ? excelDay(value) : value;
      }),
    );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const headerKey = (text: string) =>
  text.normalize("NFC").replace(/\*/g, "").trim().toLowerCase().replace(/\s+/g, " ");

/** Each column's header in every language (au only where it differs), and its field name, as read. */
const HEADER_FIELDS: Map<string, string>[] = [en, vi, au].map(
  (bundle) =>
    new Map(
      Object.entries((bundle.templates as { columns?: Record<string, string> }).columns ?? {}).map(
        ([field, text]) => [headerKey(text), field],
      ),
    ),
);

function fieldOfHeader(text: string): string | null {
  const key = headerKey(text);
  if (key === "") return null;
  for (const fields of HEADER_FIELDS) {
    const field = fields.get(key);
    if (field) return field;
  }
  return null;
}

/** A cell as the template's text: a date as its ISO day, a number as written, anything else as shown. */
function cellValue(cell: ExcelJS.Cell): string {
  const raw = cell.value;
  if (raw === null || raw === undefined) return "";
  // A formula's value is its result.
  const value = typeof raw === "object" && raw !== null && "result" in raw ? raw.result : raw;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? cellText(cell) : value.toISOString().slice(0, 10);
  if (typeof value === "number") return String(value);
  return cellText(cell);
}

export type TemplateRead = { ok: true; rows: string[][] } | { ok: false; errors: TemplateError[] };

const fileError = (
  row: number,
  name: string,
  params: Record<string, string | number> = {},
): TemplateRead => ({
  ok: false,
  errors: [{ row, message: `rostering:templates.errors.${name}`, params }],
});

/**
 * The data rows of an uploaded template, each as its cells in the order of TEMPLATE_COLUMNS[kind] (dates as
 * ISO days, numbers as text). A row with nothing in it stays as a row of empty cells, so the rows keep the
 * numbers the user sees (validateRows skips them); empty rows at the end are dropped. A file whose header
 * lacks one of the kind's required columns is another kind's template (or none): refused as a whole.
 */
export async function readTemplateWorkbook(
  kind: TemplateKind,
  bytes: Buffer | Uint8Array,
): Promise<TemplateRead> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    return fileError(0, "unreadable");
  }
  const sheet = workbook.getWorksheet(kind) ?? workbook.worksheets[0];
  if (!sheet) return fileError(1, "wrongTemplate", { template: kind });
  const columns = TEMPLATE_COLUMNS[kind];
  const wanted = new Set(columns.map((column) => column.field));
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, index) => {
    const field = fieldOfHeader(cellText(cell));
    if (field && wanted.has(field) && !columnOf.has(field)) columnOf.set(field, index);
  });
  if (columns.some((column) => column.required && !columnOf.has(column.field)))
    return fileError(1, "wrongTemplate", { template: kind });
  const rows: string[][] = [];
  let tooMany = false;
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    if (rowNumber - 1 > MAX_TEMPLATE_ROWS) {
      tooMany = true;
      return;
    }
    const cells = columns.map((column) => {
      const index = columnOf.get(column.field);
      return index ? cellValue(row.getCell(index)) : "";
    });
    if (cells.every((cell) => cell === "")) return;
    while (rows.length < rowNumber - 2) rows.push(columns.map(() => ""));
    rows.push(cells);
  });
  if (tooMany) return fileError(0, "tooManyRows", { max: MAX_TEMPLATE_ROWS });
  return { ok: true, rows };
}

/** Reads and checks an uploaded template: its records, or every problem with its row. */
export async function importTemplateWorkbook<Kind extends TemplateKind>(
  kind: Kind,
  bytes: Buffer | Uint8Array,
  lookup: TemplateLookup,
): Promise<TemplateValidation<TemplateRecords[Kind]>> {
  const read = await readTemplateWorkbook(kind, bytes);
  return read.ok ? validateRows(kind, read.rows, lookup) : read;
}
