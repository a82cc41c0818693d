import type { PermitStatus, PermitType, PermitValidity } from "../domain/permit-workflow";

/**
 * The permit pages' paths, tones, limits and intents: what the register needs in the browser, without the
 * zod schemas of permit-rules.ts.
 */

export const PERMIT_PATH = "/safety/permits";
export const PERMIT_CREATE_PATH = `${PERMIT_PATH}/create`;
export const permitPath = (id: string) => `${PERMIT_PATH}/details/${id}`;
export const permitEditPath = (id: string) => `${permitPath(id)}/edit`;
/** The activity log's entity type. */
export const PERMIT_ENTITY_TYPE = "safety-permit";

/** Column sizes of the SafetyPermit entity, so the form refuses what the database could not store. */
export const PERMIT_LIMITS = {
  title: 200,
  description: 4000,
  conditions: 4000,
  comment: 2000,
  signedName: 200,
} as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const PERMIT_STATUS_TONES: Record<PermitStatus, Tone> = {
  IN_PROGRESS: "info",
  IN_REVIEW: "warning",
  ACTIVE: "success",
  CLOSED: "neutral",
  ARCHIVED: "neutral",
};

export const PERMIT_VALIDITY_TONES: Record<PermitValidity, Tone> = {
  active: "success",
  inactive: "neutral",
  expired: "danger",
};

export const PERMIT_TYPE_TONES: Record<PermitType, Tone> = {
  hot_work: "danger",
  confined_space: "danger",
  excavation: "warning",
  work_at_height: "warning",
  electrical_isolation: "danger",
  lifting: "warning",
  general: "info",
};

export const PERMIT_INTENTS = { transition: "transition", checklist: "checklist" } as const;

/** The register's orders, each read from an index (the project's sequence, the period's start, its end). */
export const PERMIT_SORTS = ["number", "validFrom", "validTo"] as const;
