// Defines In/Out's automatic sign-out job and its schedule: a job kind must be known before the workers start.
import "./server/in-out-auto-sign-out.server";

/** What In/Out plugs into the core at boot: its job and schedule (imported above). */
export function setupInOut() {}
