import ExcelJS from "exceljs";
import { message, parseMessage } from "~/app/utils/message-key";
import { cellText, readWorkbookUpload } from "~/server/uploads/workbook-upload.server";
import { INSPECTION_POINT_CODES, INSPECTION_POINTS } from "../domain/inspection-points";
import {
  ITP_LIMITS,
  type ItpHeader,
  type ItpHeaderField,
  type ItpItemField,
  type ItpItemValues,
  itpHeaderSchema,
  itpItemSchema,
  MAX_WORKBOOK_BYTES,
} from "./itp-rules";

/**
 * The ITP workbook: an "ITP" sheet of label/value rows for the header, an "Items" sheet with one item a row,
 * and an "Inspection points" sheet listing the kinds. The same labels build the template and read uploads,
 * so a downloaded template always imports. The workbook is in English whatever the page's language: one
 * file format for every project.
 */

export const ITP_SHEET = "ITP";
export const ITEMS_SHEET = "Items";
export const KINDS_SHEET = "Inspection points";

/** The labels of the template's ITP sheet (the ITP export writes the same, so an exported plan reads back in). */
export const ITP_TEMPLATE_HEADER_LABELS: Record<ItpHeaderField, string> = {
  title: "Title*",
  customer: "Customer",
  contractNumber: "Contract number",
  areaSubSystem: "Area / sub-system",
  lotNumber: "Lot number",
  description: "Description",
  discipline: "Discipline",
  specification: "Specification",
  drawings: "Drawings",
  preparedBy: "Prepared by",
  qualitySpecified: "Quality specified",
  certificateNumber: "Certificate number",
};

export const ITEM_COLUMNS: { field: ItpItemField; header: string; width: number }[] = [
  { field: "activity", header: "Activity*", width: 40 },
  { field: "inspectionPoint", header: "Inspection point*", width: 18 },
  { field: "acceptanceCriteria", header: "Acceptance criteria", width: 40 },
  { field: "verifyingDocument", header: "Verifying document", width: 24 },
  { field: "references", header: "References", width: 24 },
  { field: "method", header: "Method", width: 20 },
  { field: "frequency", header: "Frequency", width: 18 },
  { field: "inspectionKey", header: "Inspection key", width: 16 },
  { field: "subcontractorSignature", header: "Subcontractor signature (Y/N)", width: 16 },
  { field: "clientSignature", header: "Client signature (Y/N)", width: 16 },
  { field: "otherSignatureRole", header: "Other signature role", width: 22 },
];

const EXAMPLE_ROW: Record<ItpItemField, string> = {
  activity: "Inspect reinforcement before the pour",
  inspectionPoint: "H",
  acceptanceCriteria: "Bar size, spacing and cover as per drawing S-201",
  verifyingDocument: "Reinforcement checklist",
  references: "AS 3600 cl. 17.1",
  method: "Visual and tape",
  frequency: "Each pour",
  inspectionKey: "RC-01",
  subcontractorSignature: "Y",
  clientSignature: "Y",
  otherSignatureRole: "Site engineer",
};

/** The template's example item, untouched: every column the sheet has reads as in EXAMPLE_ROW. */
function isExampleRow(
  raw: Record<ItpItemField, string>,
  columnOf: ReadonlyMap<ItpItemField, number>,
): boolean {
  return [...columnOf.keys()].every((field) => raw[field] === EXAMPLE_ROW[field]);
}

/** Rows the inspection-point drop-down covers; rows further down are still read, just not validated by Excel. */
const VALIDATED_ROWS = ITP_LIMITS.items + 1;

/** A label as people may retype it: case, spaces, the required star and the "(Y/N)" hint do not matter. */
const labelKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/\*|\(y\/n\)/g, "")
    .replace(/\s+/g, " ")
    .trim();

const columnName = (header: string) => header.replace(/\*|\s*\(Y\/N\)/g, "").trim();

/** The template to download: both sheets, their headers, one example item, and the kinds list. */
export async function buildItpTemplateWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "SiteProof";
  const header = workbook.addWorksheet(ITP_SHEET);
  header.columns = [
    { header: "Field", key: "label", width: 24 },
    { header: "Value", key: "value", width: 60 },
  ];
  for (const label of Object.values(ITP_TEMPLATE_HEADER_LABELS)) header.addRow({ label, value: "" });
  header.getRow(1).font = { bold: true };
  header.getColumn(1).font = { bold: true };

  const items = workbook.addWorksheet(ITEMS_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  items.columns = ITEM_COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.width,
  }));
  items.getRow(1).font = { bold: true };
  items.addRow(EXAMPLE_ROW);
  const kindColumn = ITEM_COLUMNS.findIndex((column) => column.field === "inspectionPoint") + 1;
  const yesNoColumns = ITEM_COLUMNS.flatMap((column, index) =>
    column.field === "subcontractorSignature" || column.field === "clientSignature" ? [index + 1] : [],
  );
  for (let row = 2; row <= VALIDATED_ROWS; row++) {
    items.getCell(row, kindColumn).dataValidation = {
      type: "list",
      allowBlank: true,
      formulae: [`"${INSPECTION_POINT_CODES.join(",")}"`],
      showErrorMessage: true,
      errorTitle: "Inspection point",
      error: `Choose one of ${INSPECTION_POINT_CODES.join(", ")} (see the "${KINDS_SHEET}" sheet).`,
    };
    for (const column of yesNoColumns) {
      items.getCell(row, column).dataValidation = {
        type: "list",
        allowBlank: true,
        formulae: ['"Y,N"'],
        showErrorMessage: true,
        error: "Y or N",
      };
    }
  }

  const kinds = workbook.addWorksheet(KINDS_SHEET);
  kinds.columns = [
    { header: "Code", key: "kind", width: 8 },
    { header: "Inspection point", key: "name", width: 32 },
  ];
  kinds.getRow(1).font = { bold: true };
  for (const point of INSPECTION_POINTS) kinds.addRow(point);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type WorkbookImport =
  | { ok: true; header: ItpHeader; items: ItpItemValues[] }
  | { ok: false; errors: string[] };

/** A Y/N cell: blank is No. Anything else is refused rather than guessed. */
function yesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (["", "n", "no", "false", "0"].includes(value)) return false;
  if (["y", "yes", "true", "1", "x"].includes(value)) return true;
  return null;
}

/** What a schema issue says, without its wording: the import words it with the row or sheet it is on. */
function issueOf(issueMessage: string): {
  kind: "Required" | "MaxLength" | "InspectionPoint" | "Invalid";
  params: Record<string, string>;
} {
  const { key, params } = parseMessage(issueMessage);
  if (key === "common:validation.required") return { kind: "Required", params };
  if (key === "common:validation.maxLength") return { kind: "MaxLength", params };
  if (key === "quality:itp.errors.inspectionPoint") return { kind: "InspectionPoint", params };
  return { kind: "Invalid", params };
}

/** "Row 7: Activity is required" */
function rowMessage(row: number, column: string, issueMessage: string): string {
  const issue = issueOf(issueMessage);
  return message(`quality:itp.import.row${issue.kind}`, { ...issue.params, row, column });
}

/** "ITP sheet: Title is required" */
function headerMessage(label: string, issueMessage: string): string {
  const issue = issueOf(issueMessage);
  return message(`quality:itp.import.header${issue.kind === "MaxLength" ? "MaxLength" : "Required"}`, {
    ...issue.params,
    column: label,
  });
}

/**
 * Reads an uploaded workbook. Every row is checked and every problem reported with its row number; when
 * there is any, nothing is imported. Messages are translation keys (see itp-rules `message`).
 */
export async function readItpWorkbook(bytes: Buffer | Uint8Array): Promise<WorkbookImport> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    return { ok: false, errors: ["quality:itp.import.unreadable"] };
  }
  const headerSheet = workbook.getWorksheet(ITP_SHEET);
  const itemsSheet = workbook.getWorksheet(ITEMS_SHEET);
  if (!headerSheet || !itemsSheet) return { ok: false, errors: ["quality:itp.import.wrongSheets"] };

  const errors: string[] = [];
  const headerByLabel = new Map(
    (Object.entries(ITP_TEMPLATE_HEADER_LABELS) as [ItpHeaderField, string][]).map(([field, label]) => [
      labelKey(label),
      field,
    ]),
  );
  const rawHeader: Partial<Record<ItpHeaderField, string>> = {};
  headerSheet.eachRow((row) => {
    const field = headerByLabel.get(labelKey(cellText(row.getCell(1))));
    const value = cellText(row.getCell(2));
    if (field && value) rawHeader[field] = value;
  });
  const header = itpHeaderSchema.safeParse(rawHeader);
  if (!header.success) {
    for (const issue of header.error.issues) {
      const field = issue.path[0] as ItpHeaderField;
      errors.push(headerMessage(columnName(ITP_TEMPLATE_HEADER_LABELS[field]), issue.message));
    }
  }

  const columnOf = new Map<ItpItemField, number>();
  const headings = itemsSheet.getRow(1);
  const fieldByLabel = new Map(ITEM_COLUMNS.map((column) => [labelKey(column.header), column.field]));
  headings.eachCell((cell, column) => {
    const field = fieldByLabel.get(labelKey(cellText(cell)));
    if (field && !columnOf.has(field)) columnOf.set(field, column);
  });
  if (!columnOf.has("activity") || !columnOf.has("inspectionPoint"))
    return { ok: false, errors: ["quality:itp.import.missingColumns"] };

  const items: ItpItemValues[] = [];
  let itemRows = 0;
  itemsSheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const raw = Object.fromEntries(
      ITEM_COLUMNS.map((column) => {
        const index = columnOf.get(column.field);
        return [column.field, index ? cellText(row.getCell(index)) : ""];
      }),
    ) as Record<ItpItemField, string>;
    // Rows someone formatted but left empty are not items, and neither is the template's example left as it was.
    if (Object.values(raw).every((value) => value === "")) return;
    if (isExampleRow(raw, columnOf)) return;
    itemRows += 1;
    const rowErrors: string[] = [];
    const signatures: Partial<Record<ItpItemField, boolean>> = {};
    for (const field of ["subcontractorSignature", "clientSignature"] as const) {
      const answer = yesNo(raw[field]);
      if (answer === null) {
        const header = ITEM_COLUMNS.find((column) => column.field === field)!.header;
        rowErrors.push(
          message("quality:itp.import.rowYesNo", { row: rowNumber, column: columnName(header) }),
        );
      } else signatures[field] = answer;
    }
    const parsed = itpItemSchema.safeParse({
      ...Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== "")),
      subcontractorSignature: signatures.subcontractorSignature ?? false,
      clientSignature: signatures.clientSignature ?? false,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const header = ITEM_COLUMNS.find((column) => column.field === issue.path[0])?.header ?? "";
        rowErrors.push(rowMessage(rowNumber, columnName(header), issue.message));
      }
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else if (parsed.success) items.push(parsed.data);
  });
  if (itemRows === 0) errors.push("quality:itp.import.noItems");
  if (itemRows > ITP_LIMITS.items)
    errors.push(message("quality:itp.errors.tooManyItems", { max: ITP_LIMITS.items }));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, header: header.data!, items };
}

/** Reads the upload form: its fields and the one .xlsx file (null when none was chosen). */
export const readItpWorkbookUpload = (request: Request) =>
  readWorkbookUpload(request, { maxBytes: MAX_WORKBOOK_BYTES, notXlsxMessage: "quality:itp.import.notXlsx" });
