import { siteDiaryEntities } from "./diary-entities";
import { OperationInOutGate, OperationInOutRecord } from "./in-out-entities";

/** The operation module's tables: the site diary's and In/Out's (each part adds its entities here). */
export const operationEntities = [
  // --- site diary entities ---
  ...siteDiaryEntities,
  // --- end site diary entities ---
  // --- in/out entities ---
  OperationInOutGate,
  OperationInOutRecord,
  // --- end in/out entities ---
];
