import type { SwmsStatus } from "../domain/swms-workflow";

/**
 * The SWMS pages' paths, tones, limits and intents: what the register needs in the browser, without the
 * zod schemas of swms-rules.ts.
 */

export const SWMS_PATH = "/safety/swms";
export const swmsPath = (id: string) => `${SWMS_PATH}/${id}`;
export const swmsFilePath = (id: string, fileId: string) => `${swmsPath(id)}/files/${fileId}`;
/** The activity log's and the uploaded file's entity type: one history holds the steps and the files. */
export const SWMS_ENTITY_TYPE = "safety-swms";

/** Column sizes of the SafetySwms entities, so the form refuses what the database could not store. */
export const SWMS_LIMITS = {
  title: 200,
  description: 4000,
  comment: 2000,
  activity: 500,
  stepText: 4000,
  steps: 50,
} as const;
/** Blank step rows the form offers below the written ones (no JavaScript needed to add steps). */
export const SWMS_BLANK_STEPS = 3;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const SWMS_STATUS_TONES: Record<SwmsStatus, Tone> = {
  draft: "neutral",
  swms_uploaded: "neutral",
  in_review: "info",
  initial_review: "info",
  final_review: "info",
  accepted: "success",
  not_accepted: "danger",
  review_needed: "warning",
  archived: "neutral",
};

export const SWMS_RISK_TONES = {
  low: "success",
  medium: "info",
  high: "warning",
  extreme: "danger",
} as const;

export const SWMS_INTENTS = {
  transition: "transition",
  signOnOpen: "sign-on-open",
  signOnRevoke: "sign-on-revoke",
} as const;

/** The register's orders, each read from an index (the project's sequence, its title). */
export const SWMS_SORTS = ["number", "title"] as const;
