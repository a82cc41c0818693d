import type { DocketStatus } from "../domain/docket-states";

/** The docket pages' paths, tabs, limits, tones and intents, for the browser (the zod schemas: docket-rules.ts). */

export const DOCKETS_PATH = "/dockets";
export const DOCKETS_HOME_PATH = `${DOCKETS_PATH}/home`;
export const DOCKET_CREATE_PATH = `${DOCKETS_PATH}/create`;
/** "Post all approved" (the register's button): one job for every approved docket. */
export const DOCKETS_POST_APPROVED_PATH = `${DOCKETS_PATH}/post-approved`;
export const DOCKET_EXPORT_PATH = `${DOCKETS_PATH}/export`;
export const DOCKET_FILTER_VALUES_PATH = `${DOCKETS_PATH}/filter-values`;
export const RESOURCE_RATES_PATH = `${DOCKETS_PATH}/settings/resource-rates`;

export const DOCKET_TABS = ["details", "items", "attachments", "activity", "comments"] as const;
export type DocketTab = (typeof DOCKET_TABS)[number];

export const docketPath = (id: string, tab?: DocketTab) =>
  `${DOCKETS_PATH}/${id}${tab && tab !== "details" ? `?tab=${tab}` : ""}`;
export const docketEditPath = (id: string) => `${DOCKETS_PATH}/${id}/edit`;
export const docketFilesPath = (id: string) => `${DOCKETS_PATH}/${id}/files`;
export const docketFilePath = (id: string, fileId: string) => `${docketFilesPath(id)}/${fileId}`;

/** The register listing one state, and the dockets waiting for my approval (home figures' links). */
export const stateHref = (status: string) => `${DOCKETS_PATH}?${new URLSearchParams({ status })}`;
export const WAITING_HREF = `${DOCKETS_PATH}?${new URLSearchParams({ tab: "mine", status: "in_review" })}`;

/** The register's tabs: every docket, or those waiting on me (for approval by me). */
export const REGISTER_TABS = ["all", "mine"] as const;
export type RegisterTab = (typeof REGISTER_TABS)[number];
export const DOCKET_SORTS = ["number", "docketDate", "totalCents"] as const;

/** The register's searched area filter, typed without JavaScript. */
export const AREA_TEXT = "areaText";

/** The activity log's entity type of a docket (its edits, steps, comments and files). */
export const DOCKET_ENTITY_TYPE = "docket";
/** The resource rates' entries. */
export const RESOURCE_RATE_ENTITY_TYPE = "resource-rate";

export const DOCKET_LIMITS = {
  abn: 20,
  poNumber: 50,
  costAccount: 50,
  task: 200,
  workOrder: 50,
  comments: 4000,
  comment: 2000,
  code: 50,
  title: 200,
  unitOfMeasure: 20,
  /** Items on one docket. */
  items: 200,
} as const;

export const DOCKET_INTENTS = {
  transition: "transition",
  comment: "comment",
  fileDelete: "file-delete",
} as const;

export const RATE_INTENTS = {
  create: "create",
  edit: "edit",
  deactivate: "deactivate",
  activate: "activate",
  delete: "delete",
} as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const DOCKET_STATUS_TONES: Record<DocketStatus, Tone> = {
  draft: "neutral",
  submitted: "info",
  in_review: "warning",
  approved: "success",
  posted: "success",
  rejected: "danger",
  archived: "neutral",
};

/** Amounts in the reader's currency (spec 9): VND for Vietnamese, USD otherwise. */
export const currencyOf = (locale: string) => (locale === "vi" ? "VND" : "USD") as "VND" | "USD";
