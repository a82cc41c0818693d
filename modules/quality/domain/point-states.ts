/**
 * The kinds and states of hold and witness points (spec 4 "HP/WP"), apart from their transition table
 * (inspection-point-workflow.ts): the registers and badges read these in the browser, and the table's
 * machinery has no business in their JavaScript.
 */

export const POINT_KINDS = ["H", "W"] as const;
export type PointKind = (typeof POINT_KINDS)[number];

export const POINT_STATES = [
  "not_started",
  "notified",
  "released",
  "released_with_comment",
  "rejected",
  "not_required",
] as const;
export type PointState = (typeof POINT_STATES)[number];

/** A point with no stored row has not started. */
export const POINT_INITIAL_STATE: PointState = "not_started";
