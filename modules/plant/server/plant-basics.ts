import type { CheckResult, DocumentExpiry } from "../domain/plant-rules";
import type { PlantStatus } from "../domain/plant-workflow";

/** The plant pages' paths, tones, limits and intents, for the browser (the zod schemas are in plant-rules.ts). */

export const PLANT_PATH = "/plants-and-machinery";
export const PLANT_HOME_PATH = `${PLANT_PATH}/home`;
export const PLANT_CREATE_PATH = `${PLANT_PATH}/create`;
export const PLANT_NOTIFICATIONS_PATH = `${PLANT_PATH}/notification-settings`;
export const PLANT_SETTINGS_PATH = `${PLANT_PATH}/settings`;
export const plantPath = (id: string, tab?: PlantTab) =>
  `${PLANT_PATH}/${id}${tab && tab !== "details" ? `?tab=${tab}` : ""}`;
export const plantEditPath = (id: string) => `${PLANT_PATH}/${id}/edit`;
export const plantDocumentsPath = (id: string) => `${PLANT_PATH}/${id}/documents`;
export const plantDocumentFilePath = (id: string, documentId: string, fileId: string) =>
  `${plantDocumentsPath(id)}/${documentId}/files/${fileId}`;

/** The register filtered: a query string of the register's own parameters. */
export const plantRegisterPath = (filters: Record<string, string>) =>
  `${PLANT_PATH}?${new URLSearchParams(filters).toString()}`;

export const PLANT_TABS = ["details", "checks", "documents", "scans", "activity"] as const;
export type PlantTab = (typeof PLANT_TABS)[number];

/** The activity log's entity type of a plant item (its steps, edits, documents, checks and inspections). */
export const PLANT_ENTITY_TYPE = "plant-item";
/** The files of a plant document are core attachments of this entity type. */
export const PLANT_DOCUMENT_ENTITY_TYPE = "plant-document";

export const PLANT_LIMITS = {
  make: 100,
  model: 100,
  serial: 100,
  description: 4000,
  comment: 2000,
  title: 200,
  operator: 200,
  inspector: 200,
  notes: 4000,
} as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const PLANT_STATUS_TONES: Record<PlantStatus, Tone> = {
  IN_PROGRESS: "info",
  IN_REVIEW: "warning",
  ACTIVE: "success",
  CLOSED: "neutral",
  ARCHIVED: "neutral",
};

export const DOCUMENT_EXPIRY_TONES: Record<DocumentExpiry, Tone> = {
  expired: "danger",
  expiring: "warning",
  current: "success",
  none: "neutral",
};

export const CHECK_RESULT_TONES: Record<CheckResult, Tone> = { PASS: "success", FAIL: "danger" };

export const PLANT_INTENTS = {
  transition: "transition",
  preStart: "pre-start",
  inspection: "inspection",
  documentDelete: "document-delete",
} as const;

export const PLANT_SORTS = ["number", "make", "onHireDate"] as const;

/** The register's filters beyond state and owner: on site today, documents, failed checks in the last 7 days. */
export const ON_SITE_FILTERS = ["yes", "no"] as const;
export const DOCUMENT_FILTERS = ["expiring", "expired"] as const;
export const CHECK_FILTERS = ["failed-7-days"] as const;
/** "Failed checks in the last 7 days": today and the six days before it. */
export const FAILED_CHECK_DAYS = 7;
