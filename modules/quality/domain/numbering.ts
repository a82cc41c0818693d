/**
 * The human numbers of quality records (LOT-0042, ITP-0007, NCR-0003, DEF-0012): the counter of each kind
 * is the project's (server/db/counters), the prefix its settings' (/quality/settings). A new prefix applies
 * to new records only; the counter carries on, so no number is given twice.
 */
import { z } from "zod";

export const NUMBERED_KINDS = ["LOT", "ITP", "NCR", "DEF"] as const;
export type NumberedKind = (typeof NUMBERED_KINDS)[number];

/** A capital letter, then up to nine capitals or digits: with "-" and the digits it fits the 20-character number. */
const prefix = (kind: NumberedKind) =>
  z
    .string()
    .trim()
    .max(10)
    .regex(/^[A-Z][A-Z0-9]*$/, "quality:settings.numbering.invalidPrefix")
    .default(kind);

export const numberingSettings = z.object({
  lotPrefix: prefix("LOT"),
  itpPrefix: prefix("ITP"),
  ncrPrefix: prefix("NCR"),
  defectPrefix: prefix("DEF"),
});
export type NumberingSettings = z.infer<typeof numberingSettings>;

const FIELD_OF: Record<NumberedKind, keyof NumberingSettings> = {
  LOT: "lotPrefix",
  ITP: "itpPrefix",
  NCR: "ncrPrefix",
  DEF: "defectPrefix",
};

/** The number to show: the counter's "LOT-0042" with the project's prefix in place of the kind. */
export function withPrefix(
  kind: NumberedKind,
  counterNumber: string,
  settings: Partial<Record<string, unknown>>,
): string {
  const chosen = settings[FIELD_OF[kind]];
  const shown = typeof chosen === "string" && chosen ? chosen : kind;
  return `${shown}${counterNumber.slice(kind.length)}`;
}
