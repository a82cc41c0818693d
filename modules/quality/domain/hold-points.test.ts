import { describe, expect, it } from "vitest";
import { blockedItems, holdingPoints, holdPointBefore, type PlanItem } from "./hold-points";
import type { PointState } from "./inspection-point-workflow";

const item = (
  itpNumber: string,
  position: number,
  kind: PlanItem["kind"],
  pointState: PointState = "not_started",
): PlanItem => ({
  itemId: `${itpNumber}-${position}`,
  itpNumber,
  position,
  activity: `Step ${position}`,
  kind,
  pointState,
});

describe("holdPointBefore", () => {
  const plan = [item("ITP-1", 1, "C"), item("ITP-1", 2, "H"), item("ITP-1", 3, "W"), item("ITP-1", 4, "I")];

  it("blocks the items after an unreleased hold point, not those before it nor the hold point itself", () => {
    expect(holdPointBefore(plan, "ITP-1-1")).toBeNull();
    expect(holdPointBefore(plan, "ITP-1-2")).toBeNull();
    expect(holdPointBefore(plan, "ITP-1-3")).toMatchObject({
      itemId: "ITP-1-2",
      position: 2,
      state: "not_started",
    });
    expect(holdPointBefore(plan, "ITP-1-4")?.itemId).toBe("ITP-1-2");
  });

  it.each(["not_started", "notified", "rejected"] as const)("a hold point %s holds", (state) => {
    const held = [item("ITP-1", 1, "H", state), item("ITP-1", 2, "C")];
    expect(holdPointBefore(held, "ITP-1-2")?.state).toBe(state);
  });

  it.each(["released", "released_with_comment", "not_required"] as const)(
    "a hold point %s does not",
    (state) => {
      expect(holdPointBefore([item("ITP-1", 1, "H", state), item("ITP-1", 2, "C")], "ITP-1-2")).toBeNull();
    },
  );

  it("never blocks for a witness point, whatever its state", () => {
    for (const state of ["not_started", "notified", "rejected"] as const)
      expect(holdPointBefore([item("ITP-1", 1, "W", state), item("ITP-1", 2, "C")], "ITP-1-2")).toBeNull();
  });

  it("names the first unreleased hold point in plan order, and only within the item's own ITP", () => {
    const plan2 = [
      item("ITP-1", 5, "H"),
      item("ITP-1", 2, "H", "released"),
      item("ITP-1", 3, "H", "notified"),
      item("ITP-1", 9, "C"),
      item("ITP-2", 1, "C"),
    ];
    expect(holdPointBefore(plan2, "ITP-1-9")?.position).toBe(3);
    expect(holdPointBefore(plan2, "ITP-2-1")).toBeNull();
    expect(holdPointBefore(plan2, "unknown")).toBeNull();
  });

  it("lists every blocked item with its hold point", () => {
    expect([...blockedItems(plan).entries()].map(([id, hold]) => [id, hold.itemId])).toEqual([
      ["ITP-1-3", "ITP-1-2"],
      ["ITP-1-4", "ITP-1-2"],
    ]);
  });
});

describe("holdingPoints (may the lot be submitted?)", () => {
  it("is empty without hold points or when every one is cleared", () => {
    expect(holdingPoints([item("ITP-1", 1, "C"), item("ITP-1", 2, "W", "notified")])).toEqual([]);
    expect(
      holdingPoints([
        item("ITP-1", 1, "H", "released"),
        item("ITP-1", 2, "H", "released_with_comment"),
        item("ITP-2", 1, "H", "not_required"),
      ]),
    ).toEqual([]);
  });

  it("lists the hold points still holding, by ITP and position", () => {
    const held = holdingPoints([
      item("ITP-2", 1, "H", "rejected"),
      item("ITP-1", 4, "H", "notified"),
      item("ITP-1", 2, "H"),
      item("ITP-1", 3, "H", "released"),
    ]);
    expect(held.map((point) => `${point.itpNumber}#${point.position} ${point.state}`)).toEqual([
      "ITP-1#2 not_started",
      "ITP-1#4 notified",
      "ITP-2#1 rejected",
    ]);
  });
});
