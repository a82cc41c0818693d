/** The operation module's fuzz targets (tests/fuzz): each part of the module adds its own. */
import { inOutTargets } from "./in-out-fuzz-targets";

export const targets = {
  // --- in/out ---
  ...inOutTargets,
  // --- end in/out ---
};
