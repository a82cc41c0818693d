import { describe, expect, it } from "vitest";
import {
  addDays,
  SDS_PERMISSIONS,
  SDS_STATUSES,
  SDS_STEPS,
  SDS_TRANSITIONS,
  type SdsStatus,
  type SdsStep,
  sdsExpiry,
  sdsWorkflow,
} from "./sds-workflow";

// The README table by hand: `state step → target @ permission-code [flags]`.
const EXPECTED = `
IN_PROGRESS submit → IN_REVIEW @ update-status
IN_REVIEW approve → CLOSED @ close
IN_REVIEW return → IN_PROGRESS @ close comment
CLOSED revise → IN_PROGRESS @ update-status comment
IN_PROGRESS delete → deleted @ delete confirm
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
        permission: `safety.sds.${code}`,
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(SDS_PERMISSIONS));

describe("safety data sheet workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(SDS_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of SDS_TRANSITIONS)
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
  });

  for (const status of SDS_STATUSES)
    for (const step of SDS_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"}` : "refused"}`, () => {
        const run = (granted: ReadonlySet<string>, comment: string | null = "Why") =>
          sdsWorkflow.apply(status as SdsStatus, step as SdsStep, granted, { comment });
        if (!cell) {
          expect(run(ALL)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        expect(run(ALL)).toEqual(expect.objectContaining({ ok: true, to: cell.target }));
        expect(run(new Set([...ALL].filter((key) => key !== cell.permission)))).toEqual({
          ok: false,
          reason: "missing-permission",
        });
        if (cell.comment) expect(run(ALL, " ")).toEqual({ ok: false, reason: "comment-required" });
        else expect(run(ALL, null)).toMatchObject({ ok: true });
      });
    }

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
