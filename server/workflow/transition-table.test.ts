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

describe("a row that names a party", () => {
  type Task = "open" | "done";
  const task = defineWorkflow<Task, "finish" | "reopen">(
    [
      { from: "open", action: "finish", to: "done", permission: "quality.lot.edit", party: "assignee" },
      { from: "done", action: "reopen", to: "open", permission: "quality.lot.edit", requiresComment: true },
    ],
    (state) => state,
  );
  const assignee = new Set(["assignee"]);

  it("runs for the user who plays that part on the record", () => {
    expect(task.apply("open", "finish", ALL, { parties: assignee })).toMatchObject({ ok: true, to: "done" });
    expect(task.available("open", ALL, assignee).map((row) => row.action)).toEqual(["finish"]);
  });

  it("is refused to anyone else holding the permission, and to a caller who read no parties", () => {
    expect(task.apply("open", "finish", ALL, { parties: new Set(["raiser"]) })).toEqual({
      ok: false,
      reason: "not-party",
    });
    expect(task.apply("open", "finish", ALL)).toEqual({ ok: false, reason: "not-party" });
    expect(task.available("open", ALL, new Set())).toEqual([]);
    expect(task.available("open", ALL)).toEqual([]);
  });

  it("comes after state, permission and comment; rows without a party are anyone's with the permission", () => {
    expect(task.apply("done", "finish", ALL, { parties: assignee }).ok).toBe(false);
    expect(task.apply("open", "finish", new Set(), { parties: new Set() })).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(task.apply("done", "reopen", ALL)).toEqual({ ok: false, reason: "comment-required" });
    expect(task.apply("done", "reopen", ALL, { comment: "Snag found" }).ok).toBe(true);
  });

  it("may name several parties, any of which runs it", () => {
    const closing = defineWorkflow<Task, "close">(
      [
        {
          from: "done",
          action: "close",
          to: "done",
          permission: "quality.lot.edit",
          party: ["creator", "manager"],
        },
      ],
      (state) => state,
    );
    expect(closing.apply("done", "close", ALL, { parties: new Set(["manager"]) }).ok).toBe(true);
    expect(closing.apply("done", "close", ALL, { parties: new Set(["creator", "assignee"]) }).ok).toBe(true);
    expect(closing.apply("done", "close", ALL, { parties: new Set(["assignee"]) })).toEqual({
      ok: false,
      reason: "not-party",
    });
  });
});
