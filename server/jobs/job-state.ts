import type { JobRunStatus } from "~/server/db/entities/job-run";

/** What a screen shows for a generated thing (spec 4, lot report export): its button and label. */
export type JobState = "generate" | "generating" | "regenerate" | "error";

/** The locale key (namespace `jobs`) of each state's label. */
export const jobStateLabelKeys = {
  generate: "state.generate",
  generating: "state.generating",
  regenerate: "state.regenerate",
  error: "state.error",
} as const satisfies Record<JobState, string>;

/**
 * Maps the latest run for a subject to what the screen shows: nothing yet → generate; queued or
 * running → generating (with its progress); done → regenerate; failed → error (the screen offers to
 * try again). Pure, so loaders and components can share it.
 */
export function jobState(run: { status: JobRunStatus } | null | undefined): JobState {
  if (!run) return "generate";
  switch (run.status) {
    case "queued":
    case "running":
      return "generating";
    case "completed":
      return "regenerate";
    case "failed":
      return "error";
  }
}

/** The progress figure the screen shows (0–100): full once done, whatever the handler last reported. */
export function jobProgress(run: { status: JobRunStatus; progress: number } | null | undefined): number {
  if (!run) return 0;
  if (run.status === "completed") return 100;
  return clampProgress(run.progress);
}

export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}
