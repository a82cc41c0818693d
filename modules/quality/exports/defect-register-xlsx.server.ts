import type { TFunction } from "i18next";
import type { XlsxColumn, XlsxWorkbook } from "~/server/exports/xlsx.server";
import type { DefectRegisterRow } from "../server/defects.server";

const COLUMNS = [
  { key: "number", width: 12 },
  { key: "title", width: 36 },
  { key: "description", width: 48 },
  { key: "status", width: 16 },
  { key: "priority", width: 10 },
  { key: "assignee", width: 22 },
  { key: "company", width: 24 },
  { key: "location", width: 24 },
  { key: "lot", width: 12 },
  { key: "dueDate", width: 12, kind: "date" },
  { key: "updatedAt", width: 18, kind: "datetime" },
] as const satisfies ReadonlyArray<{ key: string; width: number; kind?: XlsxColumn["kind"] }>;

/** Writes the punch list, batch by batch, into one "Punch list" sheet. */
export async function writeDefectRegister(
  workbook: XlsxWorkbook,
  batches: AsyncIterable<DefectRegisterRow[]>,
  t: TFunction,
) {
  const sheet = workbook.addSheet(
    t("defect.register.title"),
    COLUMNS.map((column) => ({
      header: t(`defect.fields.${column.key}`),
      width: column.width,
      kind: "kind" in column ? column.kind : "text",
    })),
  );
  for await (const batch of batches)
    await sheet.addRows(
      batch.map((defect) => [
        defect.number,
        defect.title,
        defect.description,
        t(`defect.status.${defect.status}`),
        t(`defect.priority.${defect.priority}`),
        defect.assignee,
        defect.company,
        defect.location,
        defect.lot,
        defect.dueDate,
        defect.updatedAt,
      ]),
    );
}
