import { describe, expect, it } from "vitest";
import {
  availableDefectActions,
  DEFECT_ACTIONS,
  DEFECT_PERMISSIONS,
  DEFECT_STATUSES,
  DEFECT_TRANSITIONS,
  DEFECT_WORKFLOW_PERMISSIONS,
  type DefectAction,
  type DefectStatus,
  defectParties,
  defectWorkflow,
} from "./defect-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state action → target @ permission-code party [flags]`; target `deleted` means the defect is removed.
const EXPECTED = `
draft raise → pending @ create raiser
draft delete → deleted @ create raiser confirm
pending start → in_progress @ respond assignee
open start → in_progress @ respond assignee
pending dispute → in_dispute @ respond assignee comment
open dispute → in_dispute @ respond assignee comment
not_approved dispute → in_dispute @ respond assignee comment
in_progress complete → completed @ respond assignee
completed start_review → in_review @ review reviewer
in_review approve → closed @ review reviewer
in_review reject → not_approved @ review reviewer comment
not_approved rework → in_progress @ respond assignee
in_dispute reissue → pending @ review reviewer comment
in_dispute withdraw → closed @ review reviewer confirm comment
closed reopen → open @ review reviewer comment
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, action, , target, , code, party, ...flags] = line.split(" ");
    return [
      `${state} ${action}`,
      {
        target: target === "deleted" ? null : target,
        permission: `quality.defects.${code}`,
        party,
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set(Object.values(DEFECT_PERMISSIONS));
const BOTH = { isRaiser: true, isAssignee: true };
const NEITHER = { isRaiser: false, isAssignee: false };

describe("defect workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(DEFECT_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of DEFECT_TRANSITIONS) {
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        party: row.party,
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
    }
  });

  // Every cell: each status times each action, with every permission, as every kind of person.
  for (const status of DEFECT_STATUSES)
    for (const action of DEFECT_ACTIONS) {
      const cell = expected.get(`${status} ${action}`);
      it(`${status} × ${action}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.party})` : "refused"}`, () => {
        const run = (granted: ReadonlySet<string>, relation = BOTH, comment: string | null = "Reason") =>
          defectWorkflow.apply(status as DefectStatus, action as DefectAction, granted, {
            comment,
            parties: defectParties(relation),
          });
        if (!cell) {
          expect(run(ALL)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        expect(run(ALL)).toMatchObject({ ok: true, to: cell.target });
        // Without the row's permission, even the right person is refused.
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        expect(run(without)).toEqual({ ok: false, reason: "missing-permission" });
        // The wrong person: a raiser's row by someone else, an assignee's row by someone else.
        const outsider = run(ALL, NEITHER);
        if (cell.party === "reviewer") expect(outsider.ok).toBe(true);
        else expect(outsider).toEqual({ ok: false, reason: "not-party" });
        if (cell.party === "assignee")
          expect(run(ALL, { isRaiser: true, isAssignee: false })).toEqual({ ok: false, reason: "not-party" });
        if (cell.party === "raiser")
          expect(run(ALL, { isRaiser: false, isAssignee: true })).toEqual({ ok: false, reason: "not-party" });
        if (cell.comment) {
          expect(run(ALL, BOTH, "  ")).toEqual({ ok: false, reason: "comment-required" });
          expect(run(ALL, BOTH, null)).toEqual({ ok: false, reason: "comment-required" });
        }
      });
    }

  it("offers only the rows the user may run as who they are", () => {
    expect(availableDefectActions("pending", ALL, NEITHER)).toEqual([]);
    expect(
      availableDefectActions("pending", ALL, { isRaiser: false, isAssignee: true }).map((r) => r.action),
    ).toEqual(["start", "dispute"]);
    expect(
      availableDefectActions("draft", ALL, { isRaiser: true, isAssignee: false }).map((r) => r.action),
    ).toEqual(["raise", "delete"]);
    expect(
      availableDefectActions("in_review", new Set([DEFECT_PERMISSIONS.review]), NEITHER).map((r) => r.action),
    ).toEqual(["approve", "reject"]);
    expect(availableDefectActions("in_review", new Set([DEFECT_PERMISSIONS.respond]), BOTH)).toEqual([]);
  });

  it("declares its permissions", () => {
    expect(DEFECT_WORKFLOW_PERMISSIONS).toEqual([
      "quality.defects.create",
      "quality.defects.respond",
      "quality.defects.review",
    ]);
  });

  it("never strands a defect: every status but draft can be left, and closed can be reopened", () => {
    for (const status of DEFECT_STATUSES)
      expect(DEFECT_TRANSITIONS.some((row) => row.from === status)).toBe(true);
  });
});
