import { registerLocationUsage } from "~/server/locations/locations.server";
import { SiteDiary } from "./diary-entities";
// Job kinds must be known before the workers start: the site diary's PDF job, In/Out's automatic sign-out
// job and its schedule.
import "./server/diary-report.server";
import "./server/in-out-auto-sign-out.server";

/** What the operation module plugs into the core at boot: its job kinds (imported above), its uses of locations. */
export function setupOperation() {
  // --- site diary: a location a diary is kept for is not deleted from under it. ---
  registerLocationUsage("operation.site-diaries", (em, locationIds) =>
    em.count(SiteDiary, { location: { $in: locationIds } }),
  );
  // --- end site diary ---
}
