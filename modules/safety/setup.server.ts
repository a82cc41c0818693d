// Defines the action reminders job: a job kind must be known before the workers start.
import "./server/action-reminders.server";

/** What the safety module plugs into the core at boot: its job kinds (imported above). */
export function setupSafety() {}
