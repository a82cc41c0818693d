import { describe, expect, it } from "vitest";
import {
  applyPointAction,
  availablePointActions,
  inspectionPointWorkflow,
  isHoldCleared,
  POINT_ACTIONS,
  POINT_KINDS,
  POINT_STATES,
  POINT_TRANSITIONS,
  type PointOnLot,
  pointStateKey,
} from "./inspection-point-workflow";

// The table written out by hand (the README table): a change to the table must change this list.
// `kind/state action → kind/state @ permission-code [flags]`.
const EXPECTED = ["H", "W"]
  .flatMap((k) => [
    `${k}/not_started notify → ${k}/notified @ update-status`,
    `${k}/rejected notify → ${k}/notified @ update-status`,
    `${k}/notified release → ${k}/released @ qa-review`,
    `${k}/notified release_with_comment → ${k}/released_with_comment @ qa-review comment`,
    `${k}/notified reject → ${k}/rejected @ qa-review comment`,
    `${k}/not_started mark_not_required → ${k}/not_required @ qa-review confirm comment`,
    `${k}/notified mark_not_required → ${k}/not_required @ qa-review confirm comment`,
    `${k}/rejected mark_not_required → ${k}/not_required @ qa-review confirm comment`,
  ])
  .concat(["W/notified record_unattended → W/not_required @ update-status comment"]);

const describeRow = (row: (typeof POINT_TRANSITIONS)[number]) =>
  [
    `${pointStateKey(row.from)} ${row.action} → ${row.to ? pointStateKey(row.to) : "deleted"} @ ${row.permission.replace("quality.lot.", "")}`,
    row.confirm ? "confirm" : "",
    row.requiresComment ? "comment" : "",
  ]
    .filter(Boolean)
    .join(" ");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, action, , target, , code] = line.split(" ");
    return [`${state} ${action}`, { target, permission: `quality.lot.${code}` }];
  }),
);

const ALL_CELLS = POINT_KINDS.flatMap((kind) =>
  POINT_STATES.flatMap((state) =>
    POINT_ACTIONS.map((action) => ({
      key: `${kind}/${state} ${action}`,
      point: { kind, state } as PointOnLot,
      action,
    })),
  ),
);
const EVERYTHING = new Set(inspectionPointWorkflow.permissions);
const COMMENT = { comment: "Client's surveyor checked the levels" };

describe("hold and witness point table", () => {
  it("is exactly the documented table", () => {
    expect(POINT_TRANSITIONS.map(describeRow).sort()).toEqual([...EXPECTED].sort());
  });

  it("uses notify for the site team and QA, qa-review for the decisions on the client's behalf", () => {
    expect(inspectionPointWorkflow.permissions).toEqual([
      "quality.lot.qa-review",
      "quality.lot.update-status",
    ]);
  });

  it("covers every kind × state × action", () => {
    expect(ALL_CELLS).toHaveLength(2 * 6 * 6);
  });

  it.each(ALL_CELLS)("$key", ({ key, point, action }) => {
    const cell = expected.get(key);
    const result = applyPointAction(point, action, EVERYTHING, COMMENT);
    if (!cell) {
      expect(result).toEqual({ ok: false, reason: "not-allowed-from-state" });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.to && pointStateKey(result.to)).toBe(cell.target);
    expect(result.row.permission).toBe(cell.permission);
    // Without its permission the cell is refused; with only it, it runs.
    const without = new Set([...EVERYTHING].filter((k) => k !== cell.permission));
    expect(applyPointAction(point, action, without, COMMENT)).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(applyPointAction(point, action, new Set([cell.permission]), COMMENT).ok).toBe(true);
    // A reason where the row asks for one.
    for (const comment of [undefined, "", "  "]) {
      const bare = applyPointAction(point, action, EVERYTHING, { comment });
      if (result.row.requiresComment) expect(bare).toEqual({ ok: false, reason: "comment-required" });
      else expect(bare.ok).toBe(true);
    }
  });

  it("keeps a point's kind through every step", () => {
    for (const row of POINT_TRANSITIONS) expect(row.to?.kind).toBe(row.from.kind);
  });

  it("lets only a witness point be passed unattended", () => {
    const held = applyPointAction({ kind: "H", state: "notified" }, "record_unattended", EVERYTHING, COMMENT);
    expect(held).toEqual({ ok: false, reason: "not-allowed-from-state" });
  });

  it("offers only the user's actions", () => {
    const notified: PointOnLot = { kind: "H", state: "notified" };
    expect(availablePointActions(notified, new Set(["quality.lot.update-status"]))).toEqual([]);
    expect(availablePointActions(notified, EVERYTHING).map((row) => row.action)).toEqual([
      "release",
      "release_with_comment",
      "reject",
      "mark_not_required",
    ]);
    expect(
      availablePointActions({ kind: "W", state: "notified" }, new Set(["quality.lot.update-status"])).map(
        (row) => row.action,
      ),
    ).toEqual(["record_unattended"]);
  });

  it("clears a hold only when released, released with comment or not required", () => {
    expect(POINT_STATES.filter(isHoldCleared)).toEqual(["released", "released_with_comment", "not_required"]);
  });

  it("has final states only where nothing leaves", () => {
    for (const kind of POINT_KINDS) {
      for (const state of ["released", "released_with_comment", "not_required"] as const)
        expect(availablePointActions({ kind, state }, EVERYTHING)).toEqual([]);
    }
  });
});
