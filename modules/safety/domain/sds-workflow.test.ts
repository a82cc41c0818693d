import { describe, expect, it } from "vitest";
import { testEveryCell } from "~/server/workflow/testing/every-cell";
import {
  addDays,
  SDS_PERMISSIONS,
  SDS_STATUSES,
  SDS_STEPS,
  SDS_TRANSITIONS,
  sdsExpiry,
  sdsWorkflow,
} from "./sds-workflow";

// The README table by hand: `state step → target @ permission-code [flags]` (server/workflow/testing).
const TABLE = `
IN_PROGRESS submit → IN_REVIEW @ update-status
IN_REVIEW approve → CLOSED @ close
IN_REVIEW return → IN_PROGRESS @ close comment
CLOSED revise → IN_PROGRESS @ update-status comment
IN_PROGRESS delete → deleted @ delete confirm
`;

describe("safety data sheet workflow table", () => {
  testEveryCell({
    workflow: sdsWorkflow,
    rows: SDS_TRANSITIONS,
    states: SDS_STATUSES,
    steps: SDS_STEPS,
    table: TABLE,
    permissionPrefix: "safety.sds.",
    permissions: Object.values(SDS_PERMISSIONS),
  });

  it("never strands a sheet, and declares its permissions", () => {
    for (const status of SDS_STATUSES) expect(SDS_TRANSITIONS.some((row) => row.from === status)).toBe(true);
    expect(sdsWorkflow.permissions).toEqual([
      "safety.sds.close",
      "safety.sds.delete",
      "safety.sds.update-status",
    ]);
  });
});

describe("a safety data sheet's expiry", () => {
  const today = "2026-11-26";
  it("is good through its expiry date and expired from the day after", () => {
    expect(sdsExpiry("2026-11-25", today)).toBe("expired");
    expect(sdsExpiry("2026-11-26", today)).toBe("expiring");
  });
  it("warns 30 days ahead: expiring through today + 30, current from today + 31", () => {
    expect(addDays(today, 30)).toBe("2026-12-26");
    expect(sdsExpiry("2026-12-26", today)).toBe("expiring");
    expect(sdsExpiry("2026-12-27", today)).toBe("current");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});
