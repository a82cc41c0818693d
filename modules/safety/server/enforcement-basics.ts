import type { EnforcementObjectType, EnforcementResult } from "../domain/enforcement-scan";

/** The enforcement pages' paths, tones and limits, for the register in the browser (no zod here). */

export const ENFORCEMENT_PATH = "/safety/enforcement";
export const enforcementPath = (id: string) => `${ENFORCEMENT_PATH}/${id}`;

/** The register filtered on one object: its history of scans. */
export const objectHistoryPath = (type: EnforcementObjectType, objectId: string) =>
  `${ENFORCEMENT_PATH}?${new URLSearchParams({ type, object: objectId }).toString()}`;

/** The activity log's entity type of a scan (its creation, and the actions raised from it). */
export const ENFORCEMENT_ENTITY_TYPE = "safety-enforcement-scan";

/** Column sizes of SafetyEnforcementScan. */
export const ENFORCEMENT_LIMITS = { objectId: 100, objectName: 200, activity: 200, comment: 4000 } as const;

export const ENFORCEMENT_RESULT_TONES: Record<EnforcementResult, "success" | "danger"> = {
  PASS: "success",
  FAIL: "danger",
};

export const ENFORCEMENT_SORTS = ["number", "objectId"] as const;
