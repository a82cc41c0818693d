import { registerLocationUsage } from "~/server/locations/locations.server";
import { SiteDiary } from "./diary-entities";
// Defines the site diary's PDF job: a job kind must be known before the workers start.
import "./server/diary-report.server";

/** What the operation module plugs into the core at boot: its job kinds (imported above), its uses of locations. */
export function setupOperation() {
  // --- site diary: a location a diary is kept for is not deleted from under it. ---
  registerLocationUsage("operation.site-diaries", (em, locationIds) =>
    em.count(SiteDiary, { location: { $in: locationIds } }),
  );
  // --- end site diary ---
}
