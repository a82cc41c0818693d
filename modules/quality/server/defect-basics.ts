import type { DefectPriority, DefectStatus } from "../domain/defect-workflow";

/**
 * The punch list's paths, tones and limits: what its pages need in the browser. Apart from defect-rules.ts
 * on purpose: that file builds the form schemas with zod at load time, and a register loads no form.
 */

export const DEFECT_PATH = "/quality/defects";
export const defectPath = (id: string) => `${DEFECT_PATH}/${id}`;
export const defectEditPath = (id: string) => `${defectPath(id)}/edit`;
export const DEFECT_ENTITY_TYPE = "defect";

/** Column sizes of the Defect entity, so the form refuses what the database could not store. */
export const DEFECT_LIMITS = { title: 200, description: 4000, comment: 2000 } as const;

export const DEFECT_STATUS_TONES: Record<
  DefectStatus,
  "success" | "danger" | "info" | "neutral" | "warning"
> = {
  draft: "neutral",
  pending: "info",
  open: "info",
  in_progress: "info",
  completed: "warning",
  in_review: "warning",
  not_approved: "danger",
  in_dispute: "danger",
  closed: "success",
};

export const DEFECT_PRIORITY_TONES: Record<DefectPriority, "danger" | "neutral" | "info"> = {
  high: "danger",
  normal: "info",
  low: "neutral",
};

export const DEFECT_INTENTS = { transition: "transition" } as const;
