/**
 * What a hold point blocks (issue #12): items after an unreleased hold point in their ITP cannot be checked,
 * and the lot is not submitted to the Project Engineer while a hold point on it is still holding. A witness
 * point notifies but never blocks. Pure functions over the lot's items in plan order.
 */

import { isHoldCleared, type PointState } from "./inspection-point-workflow";
import type { InspectionPointKind } from "./inspection-points";

/** One item of a lot's ITP as the rules read it; `pointState` matters for H and W items only. */
export interface PlanItem {
  itemId: string;
  itpNumber: string;
  position: number;
  activity: string;
  kind: InspectionPointKind;
  pointState: PointState;
}

/** The hold point that holds: enough to name it on the screen. */
export interface HoldingPoint {
  itemId: string;
  itpNumber: string;
  position: number;
  activity: string;
  state: PointState;
}

const holding = (item: PlanItem): HoldingPoint => ({
  itemId: item.itemId,
  itpNumber: item.itpNumber,
  position: item.position,
  activity: item.activity,
  state: item.pointState,
});

const isHolding = (item: PlanItem) => item.kind === "H" && !isHoldCleared(item.pointState);

/**
 * The first unreleased hold point before this item in its ITP (plan order), or null when it may be
 * checked. A hold point itself is not blocked by its own state (its check records the inspection at it).
 */
export function holdPointBefore(items: readonly PlanItem[], itemId: string): HoldingPoint | null {
  const target = items.find((item) => item.itemId === itemId);
  if (!target) return null;
  const earlier = items
    .filter((item) => item.itpNumber === target.itpNumber && item.position < target.position)
    .sort((a, b) => a.position - b.position);
  const hold = earlier.find(isHolding);
  return hold ? holding(hold) : null;
}

/** The item ids that cannot be checked now, each with the hold point that blocks it. */
export function blockedItems(items: readonly PlanItem[]): Map<string, HoldingPoint> {
  const blocked = new Map<string, HoldingPoint>();
  for (const item of items) {
    const hold = holdPointBefore(items, item.itemId);
    if (hold) blocked.set(item.itemId, hold);
  }
  return blocked;
}

/** The hold points still holding the lot (ITP number, then position): it may be submitted when none. */
export function holdingPoints(items: readonly PlanItem[]): HoldingPoint[] {
  return items
    .filter(isHolding)
    .sort((a, b) => a.itpNumber.localeCompare(b.itpNumber) || a.position - b.position)
    .map(holding);
}
