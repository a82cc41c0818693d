import type { LotStatus } from "../domain/lot-workflow";

/**
 * The lot pages' paths and the tone of each status: what a list of lots needs in the browser. Apart from
 * lot-rules.ts on purpose: that file builds the form schemas with zod at load time, so anything imported
 * from it brings zod into the page (the register is a list and loads no form).
 */

export const LOT_PATH = "/quality/lot";
export const lotPath = (id: string) => `${LOT_PATH}/${id}`;

export const LOT_STATUS_TONES = {
  open: "info",
  active: "info",
  confirming: "warning",
  guaranteed: "success",
  non_conforming: "danger",
  closed: "neutral",
  cancelled: "neutral",
} as const satisfies Record<LotStatus, string>;
