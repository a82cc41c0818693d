import type { TFunction } from "i18next";
import type { XlsxColumn, XlsxWorkbook } from "~/server/exports/xlsx.server";
import type { ConformanceRow } from "../server/lot-conformance.server";
import { cachedLabels } from "./lot-register-xlsx.server";

const COLUMNS = [
  { key: "lot", width: 14 },
  { key: "title", width: 36 },
  { key: "status", width: 30 },
  { key: "location", width: 32 },
  { key: "openHoldPoints", width: 12, kind: "number" },
  { key: "overdueHoldPoints", width: 12, kind: "number" },
  { key: "holdPoints", width: 60 },
  { key: "openNcrs", width: 12, kind: "number" },
  { key: "ncrs", width: 30 },
] as const satisfies ReadonlyArray<{ key: string; width: number; kind?: XlsxColumn["kind"] }>;

/**
 * Writes the conformance register: one row per lot, with its open hold points and open NCRs counted and
 * named ("ITP-0001 #3 Formwork inspection — Notified, due 2026-11-20"), one point per line of the cell.
 */
export async function writeConformanceRegister(
  workbook: XlsxWorkbook,
  batches: AsyncIterable<ConformanceRow[]>,
  t: TFunction,
) {
  const sheet = workbook.addSheet(
    t("hpWpRegister.conformance.sheet"),
    COLUMNS.map((column) => ({
      header: t(`hpWpRegister.conformance.columns.${column.key}`),
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
        [label(`lot.status.${lot.status}`), lot.subStatus ? label(`lot.subStatus.${lot.subStatus}`) : null]
          .filter(Boolean)
          .join(" · "),
        lot.locationPath,
        lot.holdPoints.length,
        lot.holdPoints.filter((point) => point.overdue).length,
        lot.holdPoints
          .map(
            (point) =>
              `${point.itpNumber} #${point.position} ${point.activity} — ${label(`hpWp.state.${point.state}`)}${
                point.dueOn
                  ? ` (${point.dueOn}${point.overdue ? `, ${label("hpWpRegister.overdue")}` : ""})`
                  : ""
              }`,
          )
          .join("\n"),
        lot.ncrNumbers.length,
        lot.ncrNumbers.join(", "),
      ]),
    );
  }
}
