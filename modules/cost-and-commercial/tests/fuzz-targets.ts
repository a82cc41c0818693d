/** Cost and Commercial's forms, for the fuzz suite (tests/fuzz): each part's targets, spread here. */
import { fuzzTargets } from "~/tests/fuzz/targets";
// --- end home and upstream fuzz targets ---
// --- downstream and indirect fuzz targets ---
// subcontracts and payment claims
import { subcontractTargets } from "./subcontract-fuzz-targets";
// --- home and upstream fuzz targets ---
import { upstreamTargets } from "./upstream-fuzz-targets";
// --- end downstream and indirect fuzz targets ---
// --- calendar and settings fuzz targets ---
import { calendarTargets } from "./calendar-fuzz-targets";
// --- home and upstream fuzz targets ---
import { upstreamTargets } from "./upstream-fuzz-targets";
// --- end calendar and settings fuzz targets ---

export const targets = fuzzTargets({
  // --- home and upstream fuzz spread ---
  ...upstreamTargets,
  // --- end home and upstream fuzz spread ---
  // --- downstream and indirect fuzz spread ---
  // subcontracts and payment claims
  ...subcontractTargets,
  // --- end downstream and indirect fuzz spread ---
  // --- calendar and settings fuzz spread ---
  ...calendarTargets,
  // --- end calendar and settings fuzz spread ---
});
