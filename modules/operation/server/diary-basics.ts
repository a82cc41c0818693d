import type { DiaryStatus } from "../domain/diary-states";

/**
 * The site diary pages' paths, tones, intents and orders: what the register and the page need in the
 * browser, without the zod schemas of diary-rules.ts.
 */

export const DIARY_PATH = "/operation/site-diaries";
export const diaryPath = (id: string) => `${DIARY_PATH}/${id}`;
export const diaryPhotoPath = (id: string, fileId: string) => `${diaryPath(id)}/photos/${fileId}`;
export const diaryReportPath = (id: string) => `${diaryPath(id)}/report`;
export const DIARY_CREATE_PATH = `${DIARY_PATH}/create`;
export const OPERATION_SETTINGS_PATH = "/operation/settings";
/** The activity log's and the photos' entity type: one history holds the steps, the edits and the files. */
export const DIARY_ENTITY_TYPE = "operation-site-diary";
/** The register's location filter's typed text (without JavaScript), and its member filter's. */
export const DIARY_LOCATION_TEXT = "locationText";
export const DIARY_ASSIGNEE_TEXT = "assigneeText";

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const DIARY_STATUS_TONES: Record<DiaryStatus, Tone> = {
  in_progress: "info",
  in_review: "warning",
  closed: "success",
  archived: "neutral",
};

export const DIARY_INTENTS = {
  transition: "transition",
  save: "save",
  note: "note",
  issue: "issue",
  photoDelete: "photo-delete",
  create: "create",
  openToday: "open-today",
} as const;

/** "Open today's diary" for the whole project rather than one location. */
export const DIARY_WHOLE_PROJECT = "project";

/** The register's orders, each read from an index (the project's sequence, the form date, the due date). */
export const DIARY_SORTS = ["number", "formDate", "dueDate"] as const;
