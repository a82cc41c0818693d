import type { InspectionPointKind } from "~/modules/quality/domain/inspection-points";
import type { ItpStatus } from "~/modules/quality/domain/itp-workflow";

/**
 * The shape of the quality demo data (`quality-bridge.ts`, `quality-rail.ts`): a project's site, its
 * inspection and test plans and its lots. Pure data; `quality.ts` turns it into records.
 */

export type LocationSeed = { name: string; children?: LocationSeed[] };

export type ItpItemSeed = {
  activity: string;
  inspectionPoint: InspectionPointKind;
  acceptanceCriteria: string;
  verifyingDocument: string;
  references: string;
  method: string;
  frequency: string;
  subcontractorSignature?: boolean;
  clientSignature?: boolean;
  otherSignatureRole?: string;
};

export type ItpSeed = {
  title: string;
  status: Extract<ItpStatus, "active" | "internal_review" | "draft">;
  discipline: string;
  specification: string;
  drawings: string;
  description: string;
  items: ItpItemSeed[];
};

/** A lot and where it stands: `state` is a lot state key ("active/engineer_review", "open/-"). */
export type LotSeed = {
  title: string;
  lotType: string;
  /** Location names from the root, joined with " › ". */
  location: string;
  state: string;
  workPack: string;
  discipline: string;
  /** Metres along the control line. */
  chainage: [number, number] | null;
  /** Formwork and reinforcement lots are done by the demo subcontractor. */
  bySubcontractor: boolean;
  /** Lots without the project's active ITP (temporary works, work still to be planned). */
  withoutItp: boolean;
};

export type ProjectQualitySeed = {
  customer: string;
  contractNumber: string;
  engineerResponsible: string;
  supervisorResponsible: string;
  locations: LocationSeed[];
  itps: [ItpSeed, ItpSeed, ItpSeed];
  lots: LotSeed[];
  equipment: { lot: string; name: string; description: string }[];
  relatedLots: [string, string][];
  itrs: { lot: string; title: string; fileName: string; description: string; lines: string[] }[];
  dtiAudit: { lot: string; auditorName: string; reason: string; comments: string };
};

export const children = (...names: string[]): LocationSeed[] => names.map((name) => ({ name }));

/**
 * Lots as a table, one per line: title | lot type | location | state | work pack | discipline | notes,
 * where notes may say "subcontractor", "no ITP" and "CH <start>-<end>" (comma separated).
 */
export function lotTable(table: string): LotSeed[] {
  return table
    .trim()
    .split("\n")
    .map((line) => {
      const [title, lotType, location, state, workPack, discipline, notes = ""] = line
        .split("|")
        .map((cell) => cell.trim());
      const chainage = /CH (\d+)-(\d+)/.exec(notes);
      return {
        title,
        lotType,
        location,
        state,
        workPack,
        discipline,
        chainage: chainage ? [Number(chainage[1]), Number(chainage[2])] : null,
        bySubcontractor: notes.includes("subcontractor"),
        withoutItp: notes.includes("no ITP"),
      };
    });
}
