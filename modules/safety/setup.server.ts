import { registerLocationUsage } from "~/server/locations/locations.server";
import {
  SafetyAuditAssessment,
  SafetyAuditSchedule,
  SafetyIncident,
  SafetyObservation,
  SafetyTalk,
} from "./entities";
// Defines the action reminders job: a job kind must be known before the workers start.
import "./server/action-reminders.server";
// Defines the audit report job (audits and inspections).
import "./server/audit-reports.server";
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
  // --- Audits and inspections: a location audited or assessed is not deleted from under its schedule. ---
  registerLocationUsage("safety.audits", async (em, locationIds) =>
    (
      await Promise.all([
        em.count(SafetyAuditSchedule, { location: { $in: locationIds } }),
        em.count(SafetyAuditAssessment, { location: { $in: locationIds } }),
      ])
    ).reduce((sum, count) => sum + count, 0),
  );
  // --- end audits and inspections ---
  // --- Talks: a location a talk was held at is not deleted from under it. ---
  registerLocationUsage("safety.talks", (em, locationIds) =>
    em.count(SafetyTalk, { location: { $in: locationIds } }),
  );
  // --- end talks ---
}
