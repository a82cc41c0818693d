import type { LotStatus } from "../domain/lot-workflow";

/**
 * The lot pages' paths and the tone of each status: what a list of lots needs in the browser. Apart from
 * lot-rules.ts on purpose: that file builds the form schemas with zod at load time, so anything imported
 * from it brings zod into the page (the register is a list and loads no form).
 */

export const LOT_PATH = "/quality/lot";
export const lotPath = (id: string) => `${LOT_PATH}/${id}`;
/** The conformance register: every lot with its open hold points and NCRs, as a workbook. */
export const LOT_CONFORMANCE_PATH = `${LOT_PATH}/conformance.xlsx`;

/** In the workflow's order (domain/lot-workflow.ts LOT_STATUSES; a test keeps them the same). */
export const LOT_STATUS_TONES = {
  open: "info",
  active: "info",
  guaranteed: "success",
  non_conforming: "danger",
  confirming: "warning",
  closed: "neutral",
  cancelled: "neutral",
} as const satisfies Record<LotStatus, string>;

/**
 * The statuses in the workflow's order, for the register's status filter: from here rather than from the
 * workflow module, which would bring the transition tables into the page.
 */
export const LOT_STATUS_LIST = Object.keys(LOT_STATUS_TONES) as LotStatus[];

/** The register's Locations tab (`?view=locations`), at a location or at the top. */
export const LOT_VIEW_PARAM = "view";
export const LOT_LOCATIONS_VIEW = "locations";
export const lotLocationsHref = (locationId: string | null) =>
  `${LOT_PATH}?${LOT_VIEW_PARAM}=${LOT_LOCATIONS_VIEW}${locationId ? `&location=${locationId}` : ""}`;

/**
 * The register's filters picked by searching, by their URL names (lot-register.server.ts
 * LOT_REGISTER_PARAMS): a project can have hundreds of each, so the page does not list them.
 */
export const LOT_SEARCH_FILTERS = ["type", "itp", "workPack"] as const;
export type LotSearchFilter = (typeof LOT_SEARCH_FILTERS)[number];
export const isLotSearchFilter = (value: unknown): value is LotSearchFilter =>
  (LOT_SEARCH_FILTERS as readonly unknown[]).includes(value);

/** The param of the text typed into a filter's search box: typeSearch, itpSearch, workPackSearch. */
export const lotFilterTextParam = (filter: LotSearchFilter) => `${filter}Search`;

/** The values of a filter matching a text, as JSON (routes/lot-filter-values.ts). */
export const lotFilterValuesHref = (filter: LotSearchFilter, text: string) =>
  `${LOT_PATH}/filter-values?${new URLSearchParams({ filter, q: text })}`;
