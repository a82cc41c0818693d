import { siteDiaryEntities } from "./diary-entities";

/** The operation module's tables: the site diary's and In/Out's (each part adds its entities here). */
export const operationEntities = [
  // --- site diary entities ---
  ...siteDiaryEntities,
  // --- end site diary entities ---
  // --- in/out entities ---
  // --- end in/out entities ---
];
