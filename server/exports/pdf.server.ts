import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { contentDisposition } from "~/server/uploads/attachments.server";

/**
 * The product's PDF reports (lot report, ITP export, later audits and NCRs): a pdfkit document with the
 * SiteProof header and footer on every page, "Page x of y", headings, key-value blocks, tables that
 * break across pages (repeating their header row) and signature images. See server/exports/README.md.
 */

export const PDF_CONTENT_TYPE = "application/pdf";

export type PdfReportOptions = {
  /** The document's title, in its metadata and at the top of the first page. */
  title: string;
  /** Left of every page's header, e.g. the project "P-1001 Harbour Bridge". */
  headerLeft: string;
  /** Right of every page's header, e.g. the record "LOT-0042". */
  headerRight?: string;
  /** Left of every page's footer, e.g. "Generated 22 Nov 2026 13:05 by Jane Doe". */
  footerLeft?: string;
  /** The page label, already translated: (2, 5) → "Page 2 of 5". */
  pageLabel: (page: number, total: number) => string;
  /** Landscape for wide tables (an ITP's items); portrait by default. */
  layout?: "portrait" | "landscape";
};

export type PdfTableColumn = {
  header: string;
  /** Share of the table's width; the shares of all columns are scaled to the full width. */
  width: number;
  align?: "left" | "right" | "center";
};

export type PdfValue = string | number | null | undefined;

const MARGIN = { top: 64, bottom: 56, left: 48, right: 48 };
const HEADER_Y = 28;
const CELL_PADDING = 4;
const BODY_SIZE = 9;
const EMPTY = "-";

const COLOURS = {
  text: "#0f172a",
  muted: "#475569",
  rule: "#cbd5e1",
  headerFill: "#e2e8f0",
  zebra: "#f8fafc",
};

/**
 * The standard PDF fonts only cover Western European text: Vietnamese names would come out garbled. The
 * product ships DejaVu Sans (npm dejavu-fonts-ttf) so every machine renders the same report;
 * PDF_FONT / PDF_FONT_BOLD name other TrueType files (a company's font).
 */
let fonts: { regular: string; bold: string } | undefined;

function reportFonts(): { regular: string; bold: string } {
  if (fonts) return fonts;
  const { PDF_FONT, PDF_FONT_BOLD } = process.env;
  if (PDF_FONT && PDF_FONT_BOLD && existsSync(PDF_FONT) && existsSync(PDF_FONT_BOLD)) {
    fonts = { regular: PDF_FONT, bold: PDF_FONT_BOLD };
  } else {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
      bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    };
  }
  return fonts;
}

/** "data:image/png;base64,…" → its bytes, or null for anything pdfkit cannot draw (only PNG and JPEG). */
export function imageFromDataUrl(dataUrl: string | null | undefined): Buffer | null {
  if (!dataUrl) return null;
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl.trim());
  if (!match) return null;
  const bytes = Buffer.from(match[2], "base64");
  const isPng = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return isPng || isJpeg ? bytes : null;
}

const show = (value: PdfValue) =>
  value === null || value === undefined || value === "" ? EMPTY : String(value);

export class PdfReport {
  readonly doc: PDFKit.PDFDocument;
  private readonly options: PdfReportOptions;
  private readonly fonts = reportFonts();

  constructor(options: PdfReportOptions) {
    this.options = options;
    this.doc = new PDFDocument({
      size: "A4",
      layout: options.layout ?? "portrait",
      margins: MARGIN,
      bufferPages: true,
      info: { Title: options.title, Creator: "SiteProof", Producer: "SiteProof" },
    });
    this.doc.font(this.fonts.regular).fontSize(BODY_SIZE).fillColor(COLOURS.text);
    this.doc.font(this.fonts.bold).fontSize(16).text(options.title);
    this.doc.moveDown(0.5);
    this.body();
  }

  private get left() {
    return this.doc.page.margins.left;
  }

  private get width() {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private body() {
    this.doc.font(this.fonts.regular).fontSize(BODY_SIZE).fillColor(COLOURS.text);
  }

  /** Starts a new page when less than `height` is left on this one. */
  ensureSpace(height: number) {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string) {
    this.ensureSpace(48);
    this.doc.moveDown(0.6);
    this.doc.font(this.fonts.bold).fontSize(12).fillColor(COLOURS.text).text(text, this.left);
    const y = this.doc.y + 2;
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke();
    this.doc.y = y + 6;
    this.body();
  }

  subheading(text: string) {
    this.ensureSpace(36);
    this.doc.moveDown(0.4);
    this.doc.font(this.fonts.bold).fontSize(10).fillColor(COLOURS.text).text(text, this.left);
    this.doc.moveDown(0.2);
    this.body();
  }

  paragraph(text: string, options: { muted?: boolean } = {}) {
    this.body();
    if (options.muted) this.doc.fillColor(COLOURS.muted);
    this.doc.text(text, this.left, this.doc.y, { width: this.width });
    this.body();
  }

  /** Label / value pairs in two columns of pairs; an empty value shows as "-". */
  keyValues(pairs: ReadonlyArray<readonly [string, PdfValue]>) {
    const columnWidth = (this.width - 16) / 2;
    const labelWidth = columnWidth * 0.42;
    const valueWidth = columnWidth - labelWidth - 6;
    for (let index = 0; index < pairs.length; index += 2) {
      const row = pairs.slice(index, index + 2);
      const heights = row.map(([label, value]) => {
        this.doc.font(this.fonts.bold);
        const labelHeight = this.doc.heightOfString(label, { width: labelWidth });
        this.doc.font(this.fonts.regular);
        return Math.max(labelHeight, this.doc.heightOfString(show(value), { width: valueWidth }));
      });
      const height = Math.max(...heights) + 4;
      this.ensureSpace(height);
      const y = this.doc.y;
      row.forEach(([label, value], column) => {
        const x = this.left + column * (columnWidth + 16);
        this.doc.font(this.fonts.bold).fillColor(COLOURS.muted).text(label, x, y, { width: labelWidth });
        this.doc
          .font(this.fonts.regular)
          .fillColor(COLOURS.text)
          .text(show(value), x + labelWidth + 6, y, { width: valueWidth });
      });
      this.doc.x = this.left;
      this.doc.y = y + height;
    }
    this.body();
  }

  /**
   * A cell's text broken into lines between words only, in the current font: PDFKit's own wrapping also
   * breaks after a hyphen inside a word ("LOT-" / "0042", "2026-03-" / "01"). Each line fits the width, so
   * PDFKit keeps it whole; only a word wider than the cell on its own is still split.
   */
  private wrapWords(text: string, width: number): string {
    return text
      .split("\n")
      .map((paragraph) => {
        const lines: string[] = [];
        let line = "";
        for (const word of paragraph.split(/ +/)) {
          const candidate = line ? `${line} ${word}` : word;
          if (line && this.doc.widthOfString(candidate) > width - 0.5) {
            lines.push(line);
            line = word;
          } else line = candidate;
        }
        lines.push(line);
        return lines.join("\n");
      })
      .join("\n");
  }

  /**
   * A table that continues on the next page when it runs out of room, with its header row repeated.
   * A row taller than a whole page is cut to the page with an ellipsis rather than overflowing.
   */
  table(columns: readonly PdfTableColumn[], rows: ReadonlyArray<ReadonlyArray<PdfValue>>) {
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * this.width);
    const textWidths = widths.map((width) => width - 2 * CELL_PADDING);
    const maxRowHeight = this.bottom - this.doc.page.margins.top - 40;

    const measure = (cells: readonly string[], bold: boolean) => {
      this.doc.font(bold ? this.fonts.bold : this.fonts.regular).fontSize(BODY_SIZE - 0.5);
      cells = cells.map((cell, index) => this.wrapWords(cell, textWidths[index]));
      const tallest = Math.max(
        ...cells.map((cell, index) => this.doc.heightOfString(cell, { width: textWidths[index] })),
      );
      return Math.min(tallest + 2 * CELL_PADDING, maxRowHeight);
    };

    const drawRow = (cells: readonly string[], options: { header: boolean; zebra: boolean }) => {
      const height = measure(cells, options.header);
      const y = this.doc.y;
      if (options.header || options.zebra) {
        this.doc
          .rect(this.left, y, this.width, height)
          .fill(options.header ? COLOURS.headerFill : COLOURS.zebra);
      }
      let x = this.left;
      this.doc
        .font(options.header ? this.fonts.bold : this.fonts.regular)
        .fontSize(BODY_SIZE - 0.5)
        .fillColor(COLOURS.text);
      cells.forEach((cell, index) => {
        this.doc.text(this.wrapWords(cell, textWidths[index]), x + CELL_PADDING, y + CELL_PADDING, {
          width: textWidths[index],
          height: height - 2 * CELL_PADDING,
          align: columns[index].align ?? "left",
          ellipsis: true,
        });
        x += widths[index];
      });
      this.doc
        .moveTo(this.left, y + height)
        .lineTo(this.left + this.width, y + height)
        .lineWidth(0.3)
        .strokeColor(COLOURS.rule)
        .stroke();
      this.doc.x = this.left;
      this.doc.y = y + height;
    };

    const headers = columns.map((column) => column.header);
    const headerHeight = measure(headers, true);
    const firstRow = rows[0] ? measure(rows[0].map(show), false) : 0;
    this.ensureSpace(headerHeight + firstRow);
    drawRow(headers, { header: true, zebra: false });
    rows.forEach((row, index) => {
      const cells = row.map(show);
      if (this.doc.y + measure(cells, false) > this.bottom) {
        this.doc.addPage();
        drawRow(headers, { header: true, zebra: false });
      }
      drawRow(cells, { header: false, zebra: index % 2 === 1 });
    });
    this.doc.moveDown(0.5);
    this.body();
  }

  /**
   * A signature block: the label, the signature image (a data URL from the signature pad) or the
   * `unreadable` text when there is none, and a caption (who signed and when).
   */
  signature(input: { label: string; dataUrl: string | null | undefined; caption: string; missing: string }) {
    const image = imageFromDataUrl(input.dataUrl);
    const boxHeight = 60;
    this.ensureSpace(boxHeight + 40);
    this.doc.font(this.fonts.bold).fillColor(COLOURS.muted).text(input.label, this.left);
    const y = this.doc.y + 2;
    this.doc.rect(this.left, y, 200, boxHeight).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
    if (image) {
      this.doc.image(image, this.left + 4, y + 4, { fit: [192, boxHeight - 8], align: "center" });
    } else {
      this.doc
        .font(this.fonts.regular)
        .fillColor(COLOURS.muted)
        .text(input.missing, this.left + 8, y + boxHeight / 2 - 5, { width: 184 });
    }
    this.doc.x = this.left;
    this.doc.y = y + boxHeight + 4;
    this.body();
    this.doc.text(input.caption, this.left);
    this.doc.moveDown(0.5);
  }

  /**
   * A photo at most 200 points high, with its caption; false (and nothing drawn) when the bytes are not an
   * image PDFKit can draw (PNG or JPEG), so the caller can say so instead.
   */
  photo(image: Buffer, caption: string): boolean {
    const height = 200;
    this.ensureSpace(height + 30);
    const y = this.doc.y;
    try {
      this.doc.image(image, this.left, y, { fit: [this.width, height] });
    } catch {
      return false;
    }
    this.doc.x = this.left;
    this.doc.y = y + height + 4;
    this.body();
    this.doc.text(caption, this.left);
    this.doc.moveDown(0.5);
    return true;
  }

  /** Where the next thumbnail goes in the current grid row (thumbnail), or null when no grid is open. */
  private thumbnailColumn: { index: number; top: number } | null = null;

  /**
   * A small picture (at most 110 × 82 points) in a grid of thumbnails, its caption under it; false (and
   * nothing drawn) when the bytes are not a PNG or JPEG. One image at a time: the caller reads the next
   * after this one is drawn. `endThumbnails` moves below the grid.
   */
  thumbnail(image: Buffer, caption: string): boolean {
    const size = { width: 110, height: 82, gap: 12, caption: 22 };
    const perRow = Math.max(1, Math.floor((this.width + size.gap) / (size.width + size.gap)));
    if (!this.thumbnailColumn || this.thumbnailColumn.index >= perRow) {
      const below = this.thumbnailColumn ? this.thumbnailColumn.top + size.height + size.caption : this.doc.y;
      this.doc.y = below;
      this.ensureSpace(size.height + size.caption);
      this.thumbnailColumn = { index: 0, top: this.doc.y };
    }
    const x = this.left + this.thumbnailColumn.index * (size.width + size.gap);
    const { top } = this.thumbnailColumn;
    try {
      this.doc.image(image, x, top, { fit: [size.width, size.height] });
    } catch {
      return false;
    }
    this.body();
    this.doc
      .fontSize(7)
      .text(caption, x, top + size.height + 2, { width: size.width, height: size.caption, ellipsis: true });
    this.body();
    this.thumbnailColumn.index += 1;
    return true;
  }

  /** Closes a grid of thumbnails: what follows starts below its last row. */
  endThumbnails() {
    if (!this.thumbnailColumn) return;
    this.doc.x = this.left;
    this.doc.y = this.thumbnailColumn.top + 82 + 22 + 6;
    this.thumbnailColumn = null;
  }

  /** Draws every page's header and footer (page numbers need the page count) and ends the document. */
  private finish() {
    const { doc, options } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Text written in the margins would otherwise make pdfkit start yet another page.
      const margins = { ...doc.page.margins };
      doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
      const width = doc.page.width - margins.left - margins.right;
      doc.font(this.fonts.bold).fontSize(8).fillColor(COLOURS.muted);
      doc.text("SiteProof", margins.left, HEADER_Y, { width, lineBreak: false });
      doc.font(this.fonts.regular);
      const header = [options.headerLeft, options.headerRight].filter(Boolean).join("  ·  ");
      doc.text(header, margins.left, HEADER_Y, { width, align: "right", lineBreak: false, ellipsis: true });
      doc
        .moveTo(margins.left, HEADER_Y + 14)
        .lineTo(margins.left + width, HEADER_Y + 14)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      const footerY = doc.page.height - margins.bottom + 20;
      if (options.footerLeft)
        doc.text(options.footerLeft, margins.left, footerY, { width: width * 0.7, lineBreak: false });
      doc.text(options.pageLabel(index - range.start + 1, range.count), margins.left, footerY, {
        width,
        align: "right",
        lineBreak: false,
      });
      doc.page.margins = margins;
    }
    doc.end();
  }

  /**
   * Ends the document whose bytes are read from `doc` (a Readable) as it is drawn — e.g. piped to storage
   * before drawing starts, so a long report with images never holds its whole output in memory.
   */
  end() {
    this.finish();
  }

  /** Ends the document and returns its bytes. */
  async toBuffer(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on("data", (chunk: Buffer) => chunks.push(chunk));
      this.doc.on("end", () => resolve(Buffer.concat(chunks)));
      this.doc.on("error", reject);
    });
    this.finish();
    return done;
  }
}

export function createPdfReport(options: PdfReportOptions): PdfReport {
  return new PdfReport(options);
}

/** A finished PDF as a download. */
export function pdfResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": PDF_CONTENT_TYPE,
      "Content-Length": String(bytes.length),
      "Content-Disposition": contentDisposition(fileName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
