import type { SdsExpiry, SdsStatus } from "../domain/sds-workflow";

/** The SDS pages' paths, tones, limits and intents, for the browser (the zod schemas are in sds-rules.ts). */

export const SDS_PATH = "/safety/sds";
export const SDS_CREATE_PATH = `${SDS_PATH}/create`;
export const sdsPath = (id: string) => `${SDS_PATH}/${id}`;
export const sdsEditPath = (id: string) => `${sdsPath(id)}/edit`;
export const sdsFilesPath = (id: string) => `${sdsPath(id)}/files`;
export const sdsFilePath = (id: string, fileId: string) => `${sdsFilesPath(id)}/${fileId}`;
/** The activity log's and the sheet files' entity type. */
export const SDS_ENTITY_TYPE = "safety-sds";

export const SDS_LIMITS = { product: 200, supplier: 200, comment: 2000 } as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const SDS_STATUS_TONES: Record<SdsStatus, Tone> = {
  IN_PROGRESS: "info",
  IN_REVIEW: "warning",
  CLOSED: "success",
};

export const SDS_EXPIRY_TONES: Record<SdsExpiry, Tone> = {
  expired: "danger",
  expiring: "warning",
  current: "success",
};

export const SDS_INTENTS = { transition: "transition" } as const;

export const SDS_SORTS = ["number", "expiryDate"] as const;
