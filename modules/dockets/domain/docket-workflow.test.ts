import { describe, expect, it } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  DOCKET_PERMISSIONS,
  DOCKET_STATUSES,
  DOCKET_STEPS,
  DOCKET_TRANSITIONS,
  docketWorkflow,
  isDocketEditable,
} from "./docket-workflow";

// The README table by hand: `state step → target @ permission-code [flags]` (server/workflow/testing).
const TABLE = `
draft submit → submitted @ update-status
rejected submit → submitted @ update-status
submitted submit-for-approval → in_review @ update-status
in_review approve → approved @ approve
in_review reject → rejected @ approve comment
submitted reject → rejected @ approve comment
approved post → posted @ post
draft archive → archived @ archive confirm
rejected archive → archived @ archive confirm
posted archive → archived @ archive confirm
draft delete → deleted @ delete confirm
`;

describe("docket workflow table", () => {
  testEveryCell({
    workflow: docketWorkflow,
    rows: DOCKET_TRANSITIONS,
    states: DOCKET_STATUSES,
    steps: DOCKET_STEPS,
    table: TABLE,
    permissionPrefix: "dockets.docket.",
    permissions: Object.values(DOCKET_PERMISSIONS),
  });

  it("leaves only archived without a way out, and edits only drafts and rejected dockets", () => {
    for (const status of DOCKET_STATUSES.filter((status) => status !== "archived"))
      expect(DOCKET_TRANSITIONS.some((row) => row.from === status)).toBe(true);
    expect(DOCKET_TRANSITIONS.some((row) => row.from === "archived")).toBe(false);
    expect(DOCKET_STATUSES.filter(isDocketEditable)).toEqual(["draft", "rejected"]);
  });
});
