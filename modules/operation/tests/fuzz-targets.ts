/** The operation module's fuzz targets (tests/fuzz): each part of the module adds its own. */
import { diaryTargets } from "./diary-fuzz-targets";

export const targets = {
  // --- site diary ---
  ...diaryTargets,
  // --- end site diary ---
};
