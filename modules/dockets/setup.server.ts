// --- job kinds ---
// --- end job kinds ---

/** What the dockets module plugs into the core at boot: its job kinds (imported above). */
export function setupDockets() {}
