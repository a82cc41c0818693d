/** Cost and Commercial's forms, for the fuzz suite (tests/fuzz): each part's targets, spread here. */
import { fuzzTargets } from "~/tests/fuzz/targets";
// --- end home and upstream fuzz targets ---
// --- downstream and indirect fuzz targets ---
// variations, back charges, securities and indirect costs
import { subcontractChangeTargets } from "./subcontract-changes-fuzz-targets";
// --- home and upstream fuzz targets ---
import { upstreamTargets } from "./upstream-fuzz-targets";
// --- end downstream and indirect fuzz targets ---
// --- calendar and settings fuzz targets ---
// --- end calendar and settings fuzz targets ---

export const targets = fuzzTargets({
  // --- home and upstream fuzz spread ---
  ...upstreamTargets,
  // --- end home and upstream fuzz spread ---
  // --- downstream and indirect fuzz spread ---
  // variations, back charges, securities and indirect costs
  ...subcontractChangeTargets,
  // --- end downstream and indirect fuzz spread ---
  // --- calendar and settings fuzz spread ---
  // --- end calendar and settings fuzz spread ---
});
