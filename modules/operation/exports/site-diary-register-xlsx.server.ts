import type { XlsxWorkbook } from "~/server/exports/xlsx.server";
import type { iterateDiaries } from "../server/diary-register.server";
import type { DiaryText } from "./site-diary-pdf.server";

/** The site diary register as a worksheet: one row a diary, the Work Log's workers and hours summed. */
export async function writeDiaryRegister(
  workbook: XlsxWorkbook,
  batches: ReturnType<typeof iterateDiaries>,
  t: DiaryText,
) {
  const field = (name: string) => t(`fields.${name}`);
  const sheet = workbook.addSheet(t("export.sheet"), [
    { header: field("number"), width: 12 },
    { header: field("formDate"), kind: "date", width: 14 },
    { header: field("status"), width: 14 },
    { header: field("location"), width: 30 },
    { header: field("description"), width: 40 },
    { header: field("assignee"), width: 22 },
    { header: field("dueDate"), kind: "date", width: 14 },
    { header: field("workers"), kind: "number", width: 12 },
    { header: field("hours"), kind: "number", width: 14 },
    { header: field("concerns"), width: 40 },
  ]);
  for await (const rows of batches)
    await sheet.addRows(
      rows.map((row) => [
        row.number,
        row.formDate,
        t(`status.${row.status}`),
        row.location ?? t("detail.wholeProject"),
        row.description,
        row.assignee,
        row.dueDate,
        row.workers,
        // A decimal's text read as a number only for the cell: Excel keeps numbers as doubles anyway.
        row.hours === null ? null : Number(row.hours),
        row.concerns,
      ]),
    );
}
