/**
 * What a lot's records must prove before it moves on (issue #12, decision 026). Pure functions over the
 * facts the server reads on the locked lot (server/lot-gates.server.ts):
 *
 * - to go to the Project Engineer, an active ITP is assigned, every item of its ITPs is checked conforming or
 *   not applicable (or non-conforming with a dispositioned NCR naming the item), every item that needs the
 *   subcontractor's signature is signed, and an ITR is uploaded when an item calls for a record;
 * - QA approval and closing need every non-conforming check covered by a dispositioned NCR.
 *
 * An item "calls for a record" when its verifying document is filled in (the ITP's "Verifying document"
 * column names the record that proves the item: a test certificate, a survey, a compaction report). ITRs
 * belong to the lot, not to an item, so one uploaded ITR answers the call; the list names the items.
 */

export type RecordCheckState = "pending" | "conforming" | "non_conforming" | "not_applicable";

/** One item of an ITP assigned to the lot, as the gates read it. */
export interface RecordItem {
  itpNumber: string;
  position: number;
  activity: string;
  check: RecordCheckState;
  needsSubcontractorSignature: boolean;
  subcontractorSigned: boolean;
  /** The item's verifying document (the record it calls for), or null. */
  verifyingDocument: string | null;
  /** An NCR names the lot and this item and has its disposition recorded. */
  dispositioned: boolean;
}

export interface LotRecordFacts {
  /** How many of the lot's assigned ITPs are active. */
  activeItps: number;
  /** The items of every ITP assigned to the lot, ITP number then position. */
  items: readonly RecordItem[];
  /** How many ITRs the lot has. */
  itrs: number;
}

export const MISSING_RECORD_KINDS = ["noItp", "unchecked", "nonConforming", "unsigned", "itr"] as const;
export type MissingRecordKind = (typeof MISSING_RECORD_KINDS)[number];

/** One thing missing, with what names it on the screen (a translation key `quality:lot.gate.<kind>`). */
export interface MissingRecord {
  kind: MissingRecordKind;
  params: Record<string, string | number>;
}

const itemParams = (item: RecordItem) => ({
  itp: item.itpNumber,
  position: item.position,
  activity: item.activity,
});

/** A non-conforming check stands only with an NCR for it that says what is done about it. */
const isUnresolvedNonConformance = (item: RecordItem) =>
  item.check === "non_conforming" && !item.dispositioned;

/** Everything that stops the lot from going to the Project Engineer, in the order the screen lists it. */
export function missingRecords(facts: LotRecordFacts): MissingRecord[] {
  if (facts.activeItps === 0) return [{ kind: "noItp", params: {} }];
  const missing: MissingRecord[] = [];
  for (const item of facts.items) {
    if (item.check === "pending") missing.push({ kind: "unchecked", params: itemParams(item) });
    else if (isUnresolvedNonConformance(item))
      missing.push({ kind: "nonConforming", params: itemParams(item) });
    if (item.needsSubcontractorSignature && !item.subcontractorSigned)
      missing.push({ kind: "unsigned", params: itemParams(item) });
  }
  if (facts.itrs === 0)
    for (const item of facts.items)
      if (item.verifyingDocument?.trim())
        missing.push({
          kind: "itr",
          params: { ...itemParams(item), document: item.verifyingDocument.trim() },
        });
  return missing;
}

/** The non-conforming checks with no dispositioned NCR: they stop QA approval and closing. */
export function unresolvedNonConformances(facts: Pick<LotRecordFacts, "items">): MissingRecord[] {
  return facts.items
    .filter(isUnresolvedNonConformance)
    .map((item) => ({ kind: "nonConforming" as const, params: itemParams(item) }));
}
