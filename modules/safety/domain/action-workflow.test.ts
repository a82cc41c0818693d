import { describe, expect, it } from "vitest";
import {
  ACTION_PERMISSIONS,
  ACTION_STATUSES,
  ACTION_STEPS,
  ACTION_TRANSITIONS,
  type ActionRelation,
  type ActionStatus,
  type ActionStep,
  actionWorkflow,
  applyActionStep,
  availableActionSteps,
} from "./action-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code parties [flags]`; target `deleted` means the action is removed.
const EXPECTED = `
open start → in_progress @ update-status assignee
open complete → completed @ update-status assignee
in_progress complete → completed @ update-status assignee
completed close → closed @ close creator,manager
completed send_back → in_progress @ close creator,manager comment
closed reopen → open @ close creator,manager comment
open delete → deleted @ delete creator,manager confirm
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, parties, ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `safety.actions.${code}`,
        parties: parties.split(","),
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(ACTION_PERMISSIONS));
const EVERYONE: ActionRelation = { isCreator: true, isAssignee: true, isManager: true };
const NOBODY: ActionRelation = { isCreator: false, isAssignee: false, isManager: false };
const AS: Record<string, ActionRelation> = {
  creator: { ...NOBODY, isCreator: true },
  assignee: { ...NOBODY, isAssignee: true },
  manager: { ...NOBODY, isManager: true },
};

describe("safety action workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(ACTION_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of ACTION_TRANSITIONS) {
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        parties: typeof row.party === "string" ? [row.party] : [...row.party],
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
    }
  });

  // Every cell: each status times each step, with and without its permission, as each party and as nobody.
  for (const status of ACTION_STATUSES)
    for (const step of ACTION_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.parties.join(" or ")})` : "refused"}`, () => {
        const run = (
          granted: ReadonlySet<string>,
          relation: ActionRelation,
          comment: string | null = "Why",
        ) => applyActionStep(status as ActionStatus, step as ActionStep, granted, relation, { comment });
        if (!cell) {
          expect(run(ALL, EVERYONE)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        for (const [party, relation] of Object.entries(AS)) {
          const allowed = cell.parties.includes(party);
          expect(run(ALL, relation)).toEqual(
            allowed
              ? expect.objectContaining({ ok: true, to: cell.target })
              : { ok: false, reason: "not-party" },
          );
          // Without the row's permission, even the right person is refused.
          expect(run(without, relation)).toEqual({ ok: false, reason: "missing-permission" });
        }
        expect(run(ALL, NOBODY)).toEqual({ ok: false, reason: "not-party" });
        if (cell.comment) {
          expect(run(ALL, EVERYONE, "  ")).toEqual({ ok: false, reason: "comment-required" });
          expect(run(ALL, EVERYONE, null)).toEqual({ ok: false, reason: "comment-required" });
        } else expect(run(ALL, EVERYONE, null)).toMatchObject({ ok: true });
      });
    }

  it("offers only the rows the user may run as who they are", () => {
    const steps = (status: ActionStatus, granted: ReadonlySet<string>, relation: ActionRelation) =>
      availableActionSteps(status, granted, relation).map((row) => row.action);
    expect(steps("open", ALL, AS.assignee)).toEqual(["start", "complete"]);
    expect(steps("open", ALL, AS.creator)).toEqual(["delete"]);
    expect(steps("open", ALL, NOBODY)).toEqual([]);
    expect(steps("completed", ALL, AS.assignee)).toEqual([]);
    expect(steps("completed", ALL, AS.manager)).toEqual(["close", "send_back"]);
    expect(steps("completed", new Set([ACTION_PERMISSIONS.view]), AS.creator)).toEqual([]);
    expect(steps("closed", ALL, AS.creator)).toEqual(["reopen"]);
  });

  it("declares its permissions", () => {
    expect(actionWorkflow.permissions).toEqual([
      "safety.actions.close",
      "safety.actions.delete",
      "safety.actions.update-status",
    ]);
  });

  it("never strands an action: every status can be left", () => {
    for (const status of ACTION_STATUSES)
      expect(ACTION_TRANSITIONS.some((row) => row.from === status)).toBe(true);
  });
});
