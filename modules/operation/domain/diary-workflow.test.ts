import { describe, expect, it } from "vitest";
import {
  DIARY_PERMISSIONS,
  DIARY_STATUSES,
  DIARY_STEPS,
  DIARY_TRANSITIONS,
  type DiaryStatus,
  type DiaryStep,
  diaryWorkflow,
  isDiaryEditable,
} from "./diary-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code [flags]`; target `deleted` means the diary is removed.
const EXPECTED = `
in_progress submit → in_review @ edit
in_review close → closed @ close
in_review return → in_progress @ close comment
closed reopen → in_progress @ close comment
in_progress archive → archived @ archive confirm
closed archive → archived @ archive confirm
in_progress delete → deleted @ delete confirm
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `operation.siteDaries.${code}`,
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(DIARY_PERMISSIONS));

describe("site diary workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(DIARY_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of DIARY_TRANSITIONS)
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
  });

  // Every cell: each state × each step, with every permission, with all but its own, and without a reason.
  for (const status of DIARY_STATUSES)
    for (const step of DIARY_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"}` : "refused"}`, () => {
        const comment = "Weather section is missing";
        const result = diaryWorkflow.apply(status as DiaryStatus, step as DiaryStep, ALL, { comment });
        if (!cell) {
          expect(result).toEqual({ ok: false, reason: "not-allowed-from-state" });
          expect(diaryWorkflow.available(status, ALL).map((row) => row.action)).not.toContain(step);
          return;
        }
        expect(result).toMatchObject({ ok: true, to: cell.target });
        expect(diaryWorkflow.available(status, ALL).map((row) => row.action)).toContain(step);
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        expect(diaryWorkflow.apply(status, step, without, { comment })).toEqual({
          ok: false,
          reason: "missing-permission",
        });
        expect(diaryWorkflow.available(status, without).map((row) => row.action)).not.toContain(step);
        if (cell.comment)
          expect(diaryWorkflow.apply(status, step, ALL, { comment: "  " })).toEqual({
            ok: false,
            reason: "comment-required",
          });
      });
    }

  it("lets a diary be edited only while it is in progress", () => {
    expect(DIARY_STATUSES.filter(isDiaryEditable)).toEqual(["in_progress"]);
  });
});
