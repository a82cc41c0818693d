// --- job kinds ---
// Package sync (upstream): a job kind must be known before the workers start.
import "./server/package-sync.server";
// Reminder e-mails (calendar): the job kind and its hourly schedule.
import "./server/reminder-mail.server";
// --- end job kinds ---

/** What Cost and Commercial plugs into the core at boot: its job kinds (imported above). */
export function setupCostAndCommercial() {}
