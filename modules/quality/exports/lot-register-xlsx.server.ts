import type { TFunction } from "i18next";
import type { XlsxColumn, XlsxWorkbook } from "~/server/exports/xlsx.server";
import type { LotRegisterRow } from "../server/lot-register.server";

/** The lot register's columns, in the order of the spec. */
const COLUMNS = [
  { key: "number", width: 14 },
  { key: "title", width: 36 },
  { key: "location", width: 32 },
  { key: "lotType", width: 16 },
  { key: "status", width: 16 },
  { key: "subStatus", width: 26 },
  { key: "itps", width: 22 },
  { key: "workPack", width: 14 },
  { key: "area", width: 16 },
  { key: "activity", width: 20 },
  { key: "discipline", width: 16 },
  { key: "zone", width: 12 },
  { key: "chainageStart", width: 14, kind: "number" },
  { key: "chainageEnd", width: 14, kind: "number" },
  { key: "subcontractor", width: 24 },
  { key: "lotOpenedOn", width: 14, kind: "date" },
  { key: "lotCloseTarget", width: 14, kind: "date" },
  { key: "updatedAt", width: 18, kind: "datetime" },
] as const satisfies ReadonlyArray<{ key: string; width: number; kind?: XlsxColumn["kind"] }>;

/**
 * A translation remembered per key: a workbook of 100,000 lots asks for the same dozen status labels over
 * and over.
 */
export function cachedLabels(t: TFunction): (key: string) => string {
  const labels = new Map<string, string>();
  return (key) => {
    let text = labels.get(key);
    if (text === undefined) {
      text = t(key);
      labels.set(key, text);
    }
    return text;
  };
}

/** Writes every batch of lots into a "Lots" sheet as it arrives. */
export async function writeLotRegister(
  workbook: XlsxWorkbook,
  batches: AsyncIterable<LotRegisterRow[]> | Iterable<LotRegisterRow[]>,
  t: TFunction,
) {
  const sheet = workbook.addSheet(
    t("report.register.sheet"),
    COLUMNS.map((column) => ({
      header: t(`report.register.columns.${column.key}`),
      width: column.width,
      kind: "kind" in column ? column.kind : "text",
    })),
  );
  const label = cachedLabels(t);
  for await (const batch of batches) {
    await sheet.addRows(
      batch.map((lot) => [
        lot.number,
        lot.title,
        lot.locationPath,
        lot.lotType,
        label(`lot.status.${lot.status}`),
        lot.subStatus ? label(`lot.subStatus.${lot.subStatus}`) : null,
        lot.itpNumbers.join(", "),
        lot.workPack,
        lot.area,
        lot.activity,
        lot.discipline,
        lot.zone,
        lot.chainageStart,
        lot.chainageEnd,
        lot.subcontractorName,
        lot.lotOpenedOn,
        lot.lotCloseTarget,
        new Date(lot.updatedAt),
      ]),
    );
  }
}
