import { describe, expect, it } from "vitest";
import {
  applyObservationStep,
  availableObservationSteps,
  initialObservationStatus,
  OBSERVATION_PERMISSIONS,
  OBSERVATION_STATUSES,
  OBSERVATION_STEPS,
  OBSERVATION_TRANSITIONS,
  type ObservationRelation,
  type ObservationStatus,
  type ObservationStep,
  observationWorkflow,
} from "./observation-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code parties [flags]`; target `deleted` means the observation is removed.
const EXPECTED = `
open start → in_progress @ update-status assignee
open complete → completed @ update-status assignee
in_progress complete → completed @ update-status assignee
open dispute → in_dispute @ update-status assignee comment
in_progress dispute → in_dispute @ update-status assignee comment
not_approved dispute → in_dispute @ update-status assignee comment
not_approved rework → in_progress @ update-status assignee
completed close → closed @ close raiser,manager
completed reject → not_approved @ close raiser,manager comment
in_dispute reissue → open @ close manager comment
in_dispute withdraw → closed @ close manager comment
closed reopen → open @ close raiser,manager comment
open delete → deleted @ delete raiser,manager confirm
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
        permission: `safety.observations.${code}`,
        parties: parties.split(","),
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(OBSERVATION_PERMISSIONS));
const EVERYONE: ObservationRelation = { isRaiser: true, isAssignee: true, isManager: true, hasWork: true };
const NOBODY: ObservationRelation = { isRaiser: false, isAssignee: false, isManager: false, hasWork: true };
const AS: Record<string, ObservationRelation> = {
  raiser: { ...NOBODY, isRaiser: true },
  assignee: { ...NOBODY, isAssignee: true },
  manager: { ...NOBODY, isManager: true },
};

describe("safety observation workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(OBSERVATION_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of OBSERVATION_TRANSITIONS) {
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        parties: typeof row.party === "string" ? [row.party] : [...row.party],
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
    }
  });

  // Every cell: each status × each step, with and without its permission, as each party, as nobody, and on
  // an observation with nothing to put right (positive, or put right on the spot).
  for (const status of OBSERVATION_STATUSES)
    for (const step of OBSERVATION_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.parties.join(" or ")})` : "refused"}`, () => {
        const run = (
          granted: ReadonlySet<string>,
          relation: ObservationRelation,
          comment: string | null = "Why",
        ) =>
          applyObservationStep(status as ObservationStatus, step as ObservationStep, granted, relation, {
            comment,
          });
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
        // Nothing to put right: nobody is a party, a super admin included.
        expect(run(ALL, { ...EVERYONE, hasWork: false })).toEqual({ ok: false, reason: "not-party" });
        if (cell.comment) {
          expect(run(ALL, EVERYONE, "  ")).toEqual({ ok: false, reason: "comment-required" });
          expect(run(ALL, EVERYONE, null)).toEqual({ ok: false, reason: "comment-required" });
        } else expect(run(ALL, EVERYONE, null)).toMatchObject({ ok: true });
      });
    }

  it("offers only the rows the user may run as who they are", () => {
    const steps = (status: ObservationStatus, granted: ReadonlySet<string>, relation: ObservationRelation) =>
      availableObservationSteps(status, granted, relation).map((row) => row.action);
    expect(steps("open", ALL, AS.assignee)).toEqual(["start", "complete", "dispute"]);
    expect(steps("open", ALL, AS.raiser)).toEqual(["delete"]);
    expect(steps("open", ALL, NOBODY)).toEqual([]);
    expect(steps("completed", ALL, AS.assignee)).toEqual([]);
    expect(steps("completed", ALL, AS.raiser)).toEqual(["close", "reject"]);
    expect(steps("in_dispute", ALL, AS.raiser)).toEqual([]);
    expect(steps("in_dispute", ALL, AS.manager)).toEqual(["reissue", "withdraw"]);
    expect(steps("not_approved", ALL, AS.assignee)).toEqual(["dispute", "rework"]);
    expect(steps("closed", ALL, AS.raiser)).toEqual(["reopen"]);
    expect(steps("closed", ALL, { ...EVERYONE, hasWork: false })).toEqual([]);
    expect(steps("completed", new Set([OBSERVATION_PERMISSIONS.view]), AS.raiser)).toEqual([]);
  });

  it("declares its permissions", () => {
    expect(observationWorkflow.permissions).toEqual([
      "safety.observations.close",
      "safety.observations.delete",
      "safety.observations.update-status",
    ]);
  });

  it("never strands an observation: every status can be left", () => {
    for (const status of OBSERVATION_STATUSES)
      expect(OBSERVATION_TRANSITIONS.some((row) => row.from === status)).toBe(true);
  });

  it("raises an unsafe observation open, and a positive one or one put right on the spot closed", () => {
    expect(initialObservationStatus("unsafe_act", false)).toBe("open");
    expect(initialObservationStatus("unsafe_condition", false)).toBe("open");
    expect(initialObservationStatus("unsafe_condition", true)).toBe("closed");
    expect(initialObservationStatus("positive", false)).toBe("closed");
    expect(initialObservationStatus("positive", true)).toBe("closed");
  });
});
