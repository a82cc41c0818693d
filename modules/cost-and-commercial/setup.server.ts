// --- job kinds ---
// --- end job kinds ---

/** What Cost and Commercial plugs into the core at boot: its job kinds (imported above). */
export function setupCostAndCommercial() {}
