import { type ListSort, readListSort } from "~/app/ui/list-sort";
import { pageFromSearch } from "~/app/ui/pagination-range";
import { POINT_STATES, type PointKind, type PointState } from "../domain/point-states";

/**
 * The HP/WP register's state in the URL (`/quality/hp-wp`), shared by its loader, its page and its tests.
 * No server code here: the page's component reads these too.
 */

export const HP_WP_REGISTER_PATH = "/quality/hp-wp";
/** The notify page (built elsewhere) takes the selection as repeated `point=<lotId>:<itemId>`. */
export const HP_WP_NOTIFY_PATH = "/quality/hp-wp/notify";
export const HP_WP_POINT_PARAM = "point";
/** Every lot with its open hold points and open NCRs, as Excel (the lot register's button). */

/** The lot's HP/WP tab, and a point's own page (lot id and ITP item id). */
export const lotHpWpPath = (lotId: string) => `/quality/lot/${lotId}/hp-wp`;
export const lotPointPath = (lotId: string, itemId: string) => `/quality/lot/${lotId}/hp-wp/${itemId}`;
/** A point as the notify page's `point` value. */
export const pointValue = (lotId: string, itemId: string) => `${lotId}:${itemId}`;

/** Spec 2: tabs "Witness Point" and "Hold Point", in that order; the first is the default. */
export const HP_WP_TABS = ["witness", "hold"] as const;
export type HpWpTab = (typeof HP_WP_TABS)[number];
export const HP_WP_TAB_KIND: Record<HpWpTab, PointKind> = { witness: "W", hold: "H" };

/**
 * Due filter on the day the client is asked to attend (`dueOn`), for points waiting for the client
 * (notified): overdue = that day has passed, today, upcoming = later.
 */
export const HP_WP_DUE_FILTERS = ["overdue", "today", "upcoming"] as const;
export type HpWpDueFilter = (typeof HP_WP_DUE_FILTERS)[number];

/** Orders: the lot number (newest lot first by default) or the day the client is asked to attend. */
export const HP_WP_SORTS = ["lot", "dueOn"] as const;
export type HpWpSort = (typeof HP_WP_SORTS)[number];
export const HP_WP_DEFAULT_SORT: ListSort<HpWpSort> = { sort: "lot", dir: "desc" };

export const HP_WP_PAGE_SIZE = 10;

export const HP_WP_PARAMS = {
  tab: "tab",
  q: "q",
  state: "state",
  lot: "lot",
  itp: "itp",
  location: "location",
  due: "due",
} as const;

/** The filter panel's fields (Reset removes them; search, tab and order stay). */
export const HP_WP_FILTER_FIELDS = [
  HP_WP_PARAMS.state,
  HP_WP_PARAMS.lot,
  HP_WP_PARAMS.itp,
  HP_WP_PARAMS.location,
  HP_WP_PARAMS.due,
] as const;

export type HpWpRegisterQuery = {
  tab: HpWpTab;
  kind: PointKind;
  q: string;
  states: PointState[];
  /** A lot number, any case ("lot-0042"). */
  lot: string;
  /** An ITP number, any case ("itp-0003"): a project may have hundreds of ITPs, no list. */
  itp: string;
  /** Part of a location's name or path ("Span 2"): the lots at the matching locations, and below them. */
  location: string;
  due: HpWpDueFilter | null;
  page: number;
} & ListSort<HpWpSort>;

/** The register's state from a URL; values that cannot match anything are dropped rather than refused. */
export function parseHpWpRegisterQuery(searchParams: URLSearchParams): HpWpRegisterQuery {
  const P = HP_WP_PARAMS;
  const tabParam = searchParams.get(P.tab);
  const tab = (HP_WP_TABS as readonly string[]).includes(tabParam ?? "") ? (tabParam as HpWpTab) : "witness";
  const due = searchParams.get(P.due);
  return {
    tab,
    kind: HP_WP_TAB_KIND[tab],
    q: (searchParams.get(P.q) ?? "").trim().slice(0, 200),
    states: [
      ...new Set(searchParams.getAll(P.state).filter((s) => (POINT_STATES as readonly string[]).includes(s))),
    ] as PointState[],
    lot: (searchParams.get(P.lot) ?? "").trim().slice(0, 20),
    itp: (searchParams.get(P.itp) ?? "").trim().slice(0, 20),
    location: (searchParams.get(P.location) ?? "").trim().slice(0, 200),
    due: (HP_WP_DUE_FILTERS as readonly string[]).includes(due ?? "") ? (due as HpWpDueFilter) : null,
    page: pageFromSearch(searchParams),
    ...readListSort(searchParams, HP_WP_SORTS, HP_WP_DEFAULT_SORT),
  };
}

/** Whether a search or a filter narrows the tab (the empty state then says "no results"). */
export const isFilteredHpWpQuery = (query: HpWpRegisterQuery) =>
  query.q !== "" ||
  query.states.length > 0 ||
  query.lot !== "" ||
  query.itp !== "" ||
  query.location !== "" ||
  query.due !== null;

/** The register's link for a state filter (the quality home's counts and overdue list link here). */
export function hpWpRegisterHref(filters: { tab?: HpWpTab; states?: PointState[]; due?: HpWpDueFilter }) {
  const params = new URLSearchParams();
  if (filters.tab && filters.tab !== "witness") params.set(HP_WP_PARAMS.tab, filters.tab);
  for (const state of filters.states ?? []) params.append(HP_WP_PARAMS.state, state);
  if (filters.due) params.set(HP_WP_PARAMS.due, filters.due);
  const query = params.toString();
  return `${HP_WP_REGISTER_PATH}${query ? `?${query}` : ""}`;
}

/** A point still waits for something: not released, released with comment or not required. */
export const OPEN_POINT_STATES = [
  "not_started",
  "notified",
  "rejected",
] as const satisfies readonly PointState[];
