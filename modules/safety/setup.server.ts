import { registerLocationUsage } from "~/server/locations/locations.server";
import { SafetyIncident, SafetyObservation, SafetyTalk } from "./entities";
// Defines the action reminders job: a job kind must be known before the workers start.
import "./server/action-reminders.server";
// Defines the incident report job.
import "./server/incident-report.server";

/** What the safety module plugs into the core at boot: its job kinds (imported above), its uses of locations. */
export function setupSafety() {
  // Observations: a location they are at is never deleted from under them.
  registerLocationUsage("safety.observations", (em, locationIds) =>
    em.count(SafetyObservation, { location: { $in: locationIds } }),
  );
  // --- Incidents: a location an incident happened at is not deleted from under it. ---
  registerLocationUsage("safety.incidents", (em, locationIds) =>
    em.count(SafetyIncident, { location: { $in: locationIds } }),
  );
  // --- end incidents ---
  // --- Talks: a location a talk was held at is not deleted from under it. ---
  registerLocationUsage("safety.talks", (em, locationIds) =>
    em.count(SafetyTalk, { location: { $in: locationIds } }),
  );
  // --- end talks ---
}
