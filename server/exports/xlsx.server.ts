import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { contentDisposition } from "~/server/uploads/attachments.server";

/**
 * The product's Excel exports: exceljs's streaming writer, so rows go out as they are written and a
 * register of 100,000 rows never sits in memory as a whole. See server/exports/README.md.
 */

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** text: as is; number; date: a calendar day ("2026-03-01" or a Date); datetime: a moment, shown in UTC. */
export type XlsxColumnKind = "text" | "number" | "date" | "datetime";

export type XlsxColumn = { header: string; width?: number; kind?: XlsxColumnKind };

export type XlsxCell = string | number | boolean | Date | null | undefined;

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: "FF0F172A" } },
  fill: { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } },
  alignment: { vertical: "middle", wrapText: true },
  border: { bottom: { style: "thin", color: { argb: "FF94A3B8" } } },
};

// One style object per kind, shared by every cell of that kind: exceljs caches styles by object identity,
// and a fresh style per cell (its default) makes a large sheet several times slower to write.
const CELL_STYLES: Record<XlsxColumnKind, Partial<ExcelJS.Style>> = {
  text: { alignment: { vertical: "top", wrapText: false } },
  number: { numFmt: "General" },
  date: { numFmt: "yyyy-mm-dd" },
  datetime: { numFmt: "yyyy-mm-dd hh:mm" },
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as Excel reads it: midnight UTC (Excel dates have no time zone). */
function asDay(value: XlsxCell): XlsxCell {
  if (typeof value === "string") {
    const match = CALENDAR_DAY.exec(value);
    return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
  }
  if (value instanceof Date)
    return new Date(Date.UTC(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()));
  return value;
}

function cellValue(kind: XlsxColumnKind, value: XlsxCell): ExcelJS.CellValue {
  if (value === undefined || value === null || value === "") return null;
  if (kind === "date") return asDay(value) as ExcelJS.CellValue;
  if (kind === "datetime" && typeof value === "string") return new Date(value);
  return value;
}

/** One worksheet being written. Rows are committed (written out) as they are added. */
export class XlsxSheet {
  private readonly kinds: XlsxColumnKind[];

  constructor(
    private readonly worksheet: ExcelJS.Worksheet,
    columns: readonly XlsxColumn[],
    private readonly output: PassThrough,
  ) {
    this.kinds = columns.map((column) => column.kind ?? "text");
    worksheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
    const header = worksheet.getRow(1);
    for (let index = 1; index <= columns.length; index += 1) header.getCell(index).style = HEADER_STYLE;
    header.height = 20;
    header.commit();
  }

  addRow(values: readonly XlsxCell[]) {
    const row = this.worksheet.addRow(values.map((value, index) => cellValue(this.kinds[index], value)));
    for (let index = 0; index < this.kinds.length; index += 1)
      row.getCell(index + 1).style = CELL_STYLES[this.kinds[index]];
    row.commit();
  }

  /**
   * Adds a batch and then waits while the reader is behind, so a slow download holds back the database
   * reads instead of piling the file up in memory.
   */
  async addRows(rows: Iterable<readonly XlsxCell[]>) {
    for (const values of rows) this.addRow(values);
    if (this.output.writableNeedDrain) await once(this.output, "drain");
    else await new Promise((resolve) => setImmediate(resolve));
  }
}

export class XlsxWorkbook {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheets: ExcelJS.Worksheet[] = [];

  constructor(private readonly output: PassThrough) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    this.workbook.creator = "SiteProof";
    this.workbook.created = new Date();
  }

  /** A sheet with a styled, frozen header row. Write each sheet to the end before adding the next. */
  addSheet(name: string, columns: readonly XlsxColumn[]): XlsxSheet {
    // Excel refuses sheet names over 31 characters or with []:*?/\ in them.
    const safeName = name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);
    const worksheet = this.workbook.addWorksheet(safeName, { views: [{ state: "frozen", ySplit: 1 }] });
    this.sheets.push(worksheet);
    return new XlsxSheet(worksheet, columns, this.output);
  }

  /** Writes what is left and the end of the file. */
  async commit() {
    for (const sheet of this.sheets) sheet.commit();
    await this.workbook.commit();
  }
}

export type XlsxBuild = (workbook: XlsxWorkbook) => Promise<void>;

/**
 * A download that streams while it is built: the response starts at once and rows follow as `build`
 * adds them. A failure half-way can no longer change the status, so it cuts the download (the browser
 * shows a failed download) and is passed to `onError` for the log. Load what can fail (the record, its
 * permissions) before calling this.
 */
export function xlsxResponse(
  fileName: string,
  build: XlsxBuild,
  options: { onError?: (error: unknown) => void } = {},
): Response {
  const output = new PassThrough();
  const workbook = new XlsxWorkbook(output);
  build(workbook)
    .then(() => workbook.commit())
    .catch((error: unknown) => {
      options.onError?.(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: xlsxHeaders(fileName),
  });
}

/** The whole file in memory: for small workbooks that must be complete before answering (an ITP). */
export async function xlsxBuffer(build: XlsxBuild): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = once(output, "end");
  const workbook = new XlsxWorkbook(output);
  await build(workbook);
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

export function xlsxHeaders(fileName: string): Headers {
  return new Headers({
    "Content-Type": XLSX_CONTENT_TYPE,
    "Content-Disposition": contentDisposition(fileName),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
