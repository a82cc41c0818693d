// --- job kinds ---
// Posting approved dockets to ACC: the job kind must be known before the workers start.
import "./server/docket-posting.server";
// --- end job kinds ---

/** What the dockets module plugs into the core at boot: its job kinds (imported above). */
export function setupDockets() {}
