/**
 * Enforcement ("assure") scans (spec 3 "Enforce scan", spec 4 "Enforce"): a check of one thing on site — a
 * worker's tickets and induction, a plant item's pre-start and registration, a temporary work's sign-off —
 * recorded as PASS or FAIL. A scan is a record of what was seen at that moment: it has no workflow and is
 * never edited (a later scan of the same object says what changed). Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";

export const ENFORCEMENT_OBJECT_TYPES = ["WORKER", "PLANT_AND_MACHINERY", "TEMPORARY_WORKS"] as const;
export type EnforcementObjectType = (typeof ENFORCEMENT_OBJECT_TYPES)[number];

export const ENFORCEMENT_RESULTS = ["PASS", "FAIL"] as const;
export type EnforcementResult = (typeof ENFORCEMENT_RESULTS)[number];

export const ENFORCEMENT_PERMISSIONS = {
  view: "safety.enforcement.view",
  create: "safety.enforcement.create",
} as const satisfies Record<string, PermissionKey>;

/**
 * The same object whatever way its tag was typed: "pm-0042 " and "PM-0042" are one excavator. Tags are
 * compared trimmed, with inner spaces folded, in capitals.
 */
export const objectKey = (tag: string) => tag.trim().replace(/\s+/g, " ").toUpperCase();
