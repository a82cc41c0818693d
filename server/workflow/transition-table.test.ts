import { describe, expect, it } from "vitest";
import { defineWorkflow, type TransitionGuard, type TransitionRow } from "./transition-table";

type Door = "shut" | "open";
const noLock: TransitionGuard<{ locked: boolean }> = {
  name: "not-locked",
  check: ({ locked }) => (locked ? { message: "doors:locked", params: { by: "key" } } : null),
};
const rows: TransitionRow<Door, "open" | "shut">[] = [
  { from: "shut", action: "open", to: "open", permission: "quality.lot.edit" as never, guard: noLock },
  {
    from: "open",
    action: "shut",
    to: "shut",
    permission: "quality.lot.edit" as never,
    requiresComment: true,
  },
];
const door = defineWorkflow(rows, (state: Door) => state);
const ALL = new Set(["quality.lot.edit"]);

describe("a guarded transition row", () => {
  it("runs when its guard holds for the facts the caller read", () => {
    expect(door.apply("shut", "open", ALL, { facts: { locked: false } })).toMatchObject({
      ok: true,
      to: "open",
    });
  });

  it("is refused with the guard's name and what stops it", () => {
    expect(door.apply("shut", "open", ALL, { facts: { locked: true } })).toEqual({
      ok: false,
      reason: "guard-refused",
      guard: "not-locked",
      block: { message: "doors:locked", params: { by: "key" } },
    });
  });

  it("is refused when the caller read no facts: a guard cannot be skipped", () => {
    expect(door.apply("shut", "open", ALL)).toEqual({
      ok: false,
      reason: "guard-refused",
      guard: "not-locked",
      block: null,
    });
  });

  it("checks state and permission first, and leaves unguarded rows alone", () => {
    expect(door.apply("open", "open", ALL, { facts: { locked: true } })).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    expect(door.apply("shut", "open", new Set(), { facts: { locked: true } })).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(door.apply("open", "shut", ALL, { comment: "Wind" }).ok).toBe(true);
  });
});

describe("a row with several guards", () => {
  const notJammed: TransitionGuard<{ locked: boolean; jammed: boolean }> = {
    name: "not-jammed",
    check: ({ jammed }) => (jammed ? { message: "doors:jammed" } : null),
  };
  const gate = defineWorkflow(
    [
      {
        from: "shut",
        action: "open",
        to: "open",
        permission: "quality.lot.edit" as never,
        guard: [noLock, notJammed],
      },
    ] as TransitionRow<Door, "open">[],
    (state: Door) => state,
  );

  it("checks them in order: the first that refuses names the refusal", () => {
    expect(gate.apply("shut", "open", ALL, { facts: { locked: true, jammed: true } })).toMatchObject({
      guard: "not-locked",
    });
    expect(gate.apply("shut", "open", ALL, { facts: { locked: false, jammed: true } })).toEqual({
      ok: false,
      reason: "guard-refused",
      guard: "not-jammed",
      block: { message: "doors:jammed" },
    });
    expect(gate.apply("shut", "open", ALL, { facts: { locked: false, jammed: false } }).ok).toBe(true);
    expect(gate.apply("shut", "open", ALL)).toMatchObject({ reason: "guard-refused", guard: "not-locked" });
  });
});
