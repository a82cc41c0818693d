import type { NcrStatus } from "../domain/ncr-workflow";

/**
 * The NCR pages' paths, tones, limits and tabs: what the register needs in the browser, without the zod
 * schemas of ncr-rules.ts (built at load time).
 */

export const NCR_PATH = "/quality/ncr";
export const ncrPath = (id: string) => `${NCR_PATH}/${id}`;
export const NCR_ENTITY_TYPE = "ncr";

export const NCR_STATUS_TONES = {
  in_progress: "warning",
  in_review: "info",
  closed: "success",
  archived: "neutral",
} as const satisfies Record<NcrStatus, string>;

export const NCR_LIMITS = { title: 200, text: 4000, person: 200, lotNumber: 20 } as const;

export const NCR_INTENTS = { save: "save", transition: "transition" } as const;

export const NCR_TABS = ["all", "product", "system"] as const;
export type NcrTab = (typeof NCR_TABS)[number];
