import type { TFunction } from "i18next";
import type { XlsxColumn, XlsxWorkbook } from "~/server/exports/xlsx.server";
import type { DocketRegisterRow } from "./docket-register.server";

const COLUMNS = [
  { key: "number", width: 12 },
  { key: "docketDate", width: 12, kind: "date" },
  { key: "status", width: 14 },
  { key: "type", width: 14 },
  { key: "company", width: 28 },
  { key: "abn", width: 16 },
  { key: "poNumber", width: 14 },
  { key: "area", width: 28 },
  { key: "forApprovalBy", width: 22 },
  { key: "total", width: 14, kind: "number" },
] as const satisfies ReadonlyArray<{ key: string; width: number; kind?: XlsxColumn["kind"] }>;

/**
 * Writes the register, batch by batch, into one sheet. The total is a number of dollars with two decimals
 * (Excel's cell is a number): cents / 100 is exact enough for a cell, and the cents are never summed here.
 */
export async function writeDocketRegister(
  workbook: XlsxWorkbook,
  batches: AsyncIterable<DocketRegisterRow[]>,
  t: TFunction,
) {
  const sheet = workbook.addSheet(
    t("register.title"),
    COLUMNS.map((column) => ({
      header: t(`form.fields.${column.key}`),
      width: column.width,
      kind: "kind" in column ? column.kind : "text",
    })),
  );
  for await (const batch of batches)
    await sheet.addRows(
      batch.map((docket) => [
        docket.number,
        docket.docketDate,
        t(`status.${docket.status}`),
        docket.type ? t(`form.types.${docket.type}`) : null,
        docket.company,
        docket.abn,
        docket.poNumber,
        docket.area,
        docket.forApprovalBy,
        docket.totalCents / 100,
      ]),
    );
}
