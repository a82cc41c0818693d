import { describe, expect, it } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  DIARY_PERMISSIONS,
  DIARY_STATUSES,
  DIARY_STEPS,
  DIARY_TRANSITIONS,
  diaryWorkflow,
  isDiaryEditable,
} from "./diary-workflow";

// The README table by hand: `state step → target @ permission-code [flags]` (server/workflow/testing).
const TABLE = `
in_progress submit → in_review @ edit
in_review close → closed @ close
in_review return → in_progress @ close comment
closed reopen → in_progress @ close comment
in_progress archive → archived @ archive confirm
closed archive → archived @ archive confirm
in_progress delete → deleted @ delete confirm
`;

describe("site diary workflow table", () => {
  testEveryCell({
    workflow: diaryWorkflow,
    rows: DIARY_TRANSITIONS,
    states: DIARY_STATUSES,
    steps: DIARY_STEPS,
    table: TABLE,
    permissionPrefix: "operation.siteDaries.",
    permissions: Object.values(DIARY_PERMISSIONS),
  });

  it("lets a diary be edited only while it is in progress", () => {
    expect(DIARY_STATUSES.filter(isDiaryEditable)).toEqual(["in_progress"]);
  });
});
