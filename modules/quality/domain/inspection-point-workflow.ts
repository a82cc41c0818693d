/**
 * Hold and witness points on a lot (spec 4 "HP/WP"): every ITP item of kind H or W on a lot's assigned
 * ITP is a point with one of six states. The table is keyed by the point's kind and state, because a
 * witness point may be passed without the client (recorded as unattended) and a hold point may not.
 * The decisions are in the module README.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

import {
  POINT_INITIAL_STATE,
  POINT_KINDS,
  POINT_STATES,
  type PointKind,
  type PointState,
} from "./point-states";

export { POINT_INITIAL_STATE, POINT_KINDS, POINT_STATES, type PointKind, type PointState };

export const POINT_ACTIONS = [
  "notify",
  "release",
  "release_with_comment",
  "reject",
  "mark_not_required",
  "record_unattended",
] as const;
export type PointAction = (typeof POINT_ACTIONS)[number];

export const POINT_PERMISSIONS = {
  /** The site team and QA call the client to the point. */
  notify: "quality.lot.update-status",
  /** QA decides on the client's behalf (spec 2 "QA review on client's behalf"). */
  decide: "quality.lot.qa-review",
} as const satisfies Record<string, PermissionKey>;

export interface PointOnLot {
  kind: PointKind;
  state: PointState;
}

type PointRow = TransitionRow<PointOnLot, PointAction>;

const P = POINT_PERMISSIONS;
const at = (kind: PointKind, state: PointState): PointOnLot => ({ kind, state });

const rowsFor = (kind: PointKind): PointRow[] => [
  { from: at(kind, "not_started"), action: "notify", to: at(kind, "notified"), permission: P.notify },
  // After a rejection the work is fixed and the client is called again.
  { from: at(kind, "rejected"), action: "notify", to: at(kind, "notified"), permission: P.notify },
  { from: at(kind, "notified"), action: "release", to: at(kind, "released"), permission: P.decide },
  {
    from: at(kind, "notified"),
    action: "release_with_comment",
    to: at(kind, "released_with_comment"),
    permission: P.decide,
    requiresComment: true,
  },
  {
    from: at(kind, "notified"),
    action: "reject",
    to: at(kind, "rejected"),
    permission: P.decide,
    requiresComment: true,
  },
  ...(["not_started", "notified", "rejected"] as const).map(
    (state): PointRow => ({
      from: at(kind, state),
      action: "mark_not_required",
      to: at(kind, "not_required"),
      permission: P.decide,
      confirm: true,
      requiresComment: true,
    }),
  ),
];

export const POINT_TRANSITIONS: readonly PointRow[] = [
  ...rowsFor("H"),
  ...rowsFor("W"),
  // A witness point never holds the work: when the notified client does not come, the site team records
  // it as unattended (with what happened) and carries on. A hold point has no such row.
  {
    from: at("W", "notified"),
    action: "record_unattended",
    to: at("W", "not_required"),
    permission: P.notify,
    requiresComment: true,
  },
];

export const pointStateKey = (point: PointOnLot) => `${point.kind}/${point.state}`;

export const inspectionPointWorkflow = defineWorkflow(POINT_TRANSITIONS, pointStateKey);

export function availablePointActions(point: PointOnLot, granted: ReadonlySet<string>): PointRow[] {
  return inspectionPointWorkflow.available(point, granted);
}

export function applyPointAction(
  point: PointOnLot,
  action: PointAction,
  granted: ReadonlySet<string>,
  input?: TransitionInput,
) {
  return inspectionPointWorkflow.apply(point, action, granted, input);
}

export const isPointAction = (value: unknown): value is PointAction =>
  typeof value === "string" && (POINT_ACTIONS as readonly string[]).includes(value);

/** A hold point stops the work until it is released (with or without comment) or not required. */
export const HOLD_CLEARED_STATES: readonly PointState[] = [
  "released",
  "released_with_comment",
  "not_required",
];
export const isHoldCleared = (state: PointState) => HOLD_CLEARED_STATES.includes(state);
