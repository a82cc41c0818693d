// Defines the daily document expiry job and its schedule: a job kind must be known before the workers start.
import "./server/document-expiry.server";

/** What the plant module plugs into the core at boot: its job kinds (imported above). */
export function setupPlant() {}
