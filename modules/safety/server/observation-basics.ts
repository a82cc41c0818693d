import type { ObservationKind, ObservationStatus } from "../domain/observation-workflow";

/**
 * The observation pages' paths, tones, limits and intents: what the register needs in the browser, without
 * the zod schemas of observation-rules.ts.
 */

export const OBSERVATION_PATH = "/safety/observation";
export const observationPath = (id: string) => `${OBSERVATION_PATH}/${id}`;
export const observationPhotoPath = (id: string, fileId: string) => `${observationPath(id)}/photos/${fileId}`;
/** The activity log's and the photos' entity type: one history holds the steps and the files. */
export const OBSERVATION_ENTITY_TYPE = "safety-observation";

/** Column sizes of the SafetyObservation entity, so the form refuses what the database could not store. */
export const OBSERVATION_LIMITS = { title: 200, description: 4000, comment: 2000 } as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const OBSERVATION_STATUS_TONES: Record<ObservationStatus, Tone> = {
  open: "info",
  in_progress: "info",
  completed: "warning",
  not_approved: "danger",
  in_dispute: "danger",
  closed: "success",
};

export const OBSERVATION_KIND_TONES: Record<ObservationKind, Tone> = {
  positive: "success",
  unsafe_act: "warning",
  unsafe_condition: "danger",
};

export const OBSERVATION_INTENTS = {
  transition: "transition",
  reassign: "reassign",
  photoDelete: "photo-delete",
} as const;

/** The register's orders, each read from an index (the project's sequence, its observed day). */
export const OBSERVATION_SORTS = ["number", "observedOn"] as const;
