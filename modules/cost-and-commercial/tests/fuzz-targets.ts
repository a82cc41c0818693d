/** Cost and Commercial's forms, for the fuzz suite (tests/fuzz): each part's targets, spread here. */
import { fuzzTargets } from "~/tests/fuzz/targets";
import { calendarTargets } from "./calendar-fuzz-targets";
import { subcontractChangeTargets } from "./subcontract-changes-fuzz-targets";
import { subcontractTargets } from "./subcontract-fuzz-targets";
import { upstreamTargets } from "./upstream-fuzz-targets";

export const targets = fuzzTargets({
  // --- home and upstream fuzz spread ---
  ...upstreamTargets,
  // --- end home and upstream fuzz spread ---
  // --- downstream and indirect fuzz spread ---
  // subcontracts and payment claims
  ...subcontractTargets,
  // variations, back charges, securities and indirect costs
  ...subcontractChangeTargets,
  // --- end downstream and indirect fuzz spread ---
  // --- calendar and settings fuzz spread ---
  ...calendarTargets,
  // --- end calendar and settings fuzz spread ---
});
