import { registerLocationUsage } from "~/server/locations/locations.server";
import { Defect, Lot } from "./entities";
// Defines the lot report job: a job kind must be known before the workers start.
import "./server/lot-report.server";

/** What the quality module plugs into the core at boot. */
export function setupQuality() {
  registerLocationUsage("quality.lots", (em, locationIds) =>
    em.count(Lot, { location: { $in: locationIds } }),
  );
  registerLocationUsage("quality.defects", (em, locationIds) =>
    em.count(Defect, { location: { $in: locationIds } }),
  );
}
