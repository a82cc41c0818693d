/** The operation module's fuzz targets (tests/fuzz): each part of the module adds its own. */
import { diaryTargets } from "./diary-fuzz-targets";
import { inOutTargets } from "./in-out-fuzz-targets";

export const targets = {
  // --- site diary ---
  ...diaryTargets,
  // --- end site diary ---
  // --- in/out ---
  ...inOutTargets,
  // --- end in/out ---
};
