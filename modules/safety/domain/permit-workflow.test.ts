import { describe, expect, it } from "vitest";
import { readPermitPeriod } from "./permit-period";
import {
  applyPermitStep,
  availablePermitSteps,
  checklistFor,
  PERMIT_PERMISSIONS,
  PERMIT_STATUSES,
  PERMIT_STEPS,
  PERMIT_TRANSITIONS,
  type PermitFacts,
  type PermitRelation,
  type PermitStatus,
  type PermitStep,
  permitFacts,
  permitValidity,
  permitWorkflow,
} from "./permit-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code parties [flags]`; target `deleted` means the permit is removed.
const EXPECTED = `
IN_PROGRESS submit → IN_REVIEW @ update-status creator,receiver,manager checklist-answered
IN_REVIEW approve → ACTIVE @ approve issuer,manager checklist-answered,no-hazard-open,period-not-ended
IN_REVIEW return → IN_PROGRESS @ approve issuer,manager - comment
ACTIVE close → CLOSED @ close issuer,receiver,manager
CLOSED archive → ARCHIVED @ archive manager
IN_PROGRESS delete → deleted @ delete creator,manager - confirm
`
  .trim()
  .split("\n");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, parties, guards = "-", ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `safety.permits.${code}`,
        parties: parties.split(","),
        guards: guards === "-" ? [] : guards.split(","),
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(PERMIT_PERMISSIONS));
const NOBODY: PermitRelation = { isCreator: false, isIssuer: false, isReceiver: false, isManager: false };
const EVERYONE: PermitRelation = { isCreator: true, isIssuer: true, isReceiver: true, isManager: true };
const AS: Record<string, PermitRelation> = {
  creator: { ...NOBODY, isCreator: true },
  issuer: { ...NOBODY, isIssuer: true },
  receiver: { ...NOBODY, isReceiver: true },
  manager: { ...NOBODY, isManager: true },
};
const READY: PermitFacts = { unanswered: 0, noAnswers: 0, ended: false };
/** Facts each guard refuses, by name. */
const FAILING: Record<string, PermitFacts> = {
  "checklist-answered": { ...READY, unanswered: 2 },
  "no-hazard-open": { ...READY, noAnswers: 1 },
  "period-not-ended": { ...READY, ended: true },
};

describe("permit to work workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(PERMIT_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of PERMIT_TRANSITIONS) {
      const guards = row.guard ? (Array.isArray(row.guard) ? row.guard : [row.guard]) : [];
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        parties: typeof row.party === "string" ? [row.party] : [...row.party],
        guards: guards.map((guard: { name: string }) => guard.name),
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
      });
    }
  });

  // Every cell: each state × each step, with and without its permission, as each party and as nobody,
  // without a reason, and with each guard failing.
  for (const status of PERMIT_STATUSES)
    for (const step of PERMIT_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.parties.join(" or ")})` : "refused"}`, () => {
        const run = (
          granted: ReadonlySet<string>,
          relation: PermitRelation,
          comment: string | null = "Why",
          facts: PermitFacts = READY,
        ) =>
          applyPermitStep(status as PermitStatus, step as PermitStep, granted, relation, { comment, facts });
        if (!cell) {
          expect(run(ALL, EVERYONE)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        for (const [party, relation] of Object.entries(AS)) {
          expect(run(ALL, relation)).toEqual(
            cell.parties.includes(party)
              ? expect.objectContaining({ ok: true, to: cell.target })
              : { ok: false, reason: "not-party" },
          );
          expect(run(without, relation)).toEqual({ ok: false, reason: "missing-permission" });
        }
        expect(run(ALL, NOBODY)).toEqual({ ok: false, reason: "not-party" });
        if (cell.comment) {
          expect(run(ALL, EVERYONE, "  ")).toEqual({ ok: false, reason: "comment-required" });
          expect(run(ALL, EVERYONE, null)).toEqual({ ok: false, reason: "comment-required" });
        } else expect(run(ALL, EVERYONE, null)).toMatchObject({ ok: true });
        for (const [guard, facts] of Object.entries(FAILING))
          expect(run(ALL, EVERYONE, "Why", facts)).toEqual(
            cell.guards.includes(guard)
              ? expect.objectContaining({ ok: false, reason: "guard-refused", guard })
              : expect.objectContaining({ ok: true }),
          );
      });
    }

  it("offers only the rows the user may run as who they are", () => {
    const steps = (status: PermitStatus, granted: ReadonlySet<string>, relation: PermitRelation) =>
      availablePermitSteps(status, granted, relation).map((row) => row.action);
    expect(steps("IN_PROGRESS", ALL, AS.creator)).toEqual(["submit", "delete"]);
    expect(steps("IN_PROGRESS", ALL, AS.issuer)).toEqual([]);
    expect(steps("IN_REVIEW", ALL, AS.issuer)).toEqual(["approve", "return"]);
    expect(steps("IN_REVIEW", ALL, AS.receiver)).toEqual([]);
    expect(steps("ACTIVE", ALL, AS.receiver)).toEqual(["close"]);
    expect(steps("CLOSED", ALL, AS.issuer)).toEqual([]);
    expect(steps("CLOSED", ALL, AS.manager)).toEqual(["archive"]);
    expect(steps("ARCHIVED", ALL, EVERYONE)).toEqual([]);
    expect(steps("IN_REVIEW", new Set([PERMIT_PERMISSIONS.view]), EVERYONE)).toEqual([]);
  });

  it("declares its permissions", () => {
    expect(permitWorkflow.permissions).toEqual([
      "safety.permits.approve",
      "safety.permits.archive",
      "safety.permits.close",
      "safety.permits.delete",
      "safety.permits.update-status",
    ]);
  });

  it("strands no permit but an archived one", () => {
    for (const status of PERMIT_STATUSES)
      expect(PERMIT_TRANSITIONS.some((row) => row.from === status)).toBe(status !== "ARCHIVED");
  });
});

describe("a permit's checklist", () => {
  it("starts with the type's items unanswered, and keeps shared answers when the type changes", () => {
    const hot = checklistFor("hot_work");
    expect(hot[0]).toEqual({ key: "combustibles_removed", answer: null });
    expect(hot.every((item) => item.answer === null)).toBe(true);
    const answered = hot.map((item) => ({ ...item, answer: "yes" as const }));
    const general = checklistFor("general", answered);
    expect(general.map((item) => item.key)).toEqual([
      "area_barricaded",
      "ppe",
      "workers_briefed",
      "emergency_plan",
    ]);
    expect(general.every((item) => item.answer === "yes")).toBe(true);
    expect(checklistFor("excavation", answered).filter((item) => item.answer === null)).toHaveLength(4);
  });

  it("reads the facts its guards check", () => {
    const end = new Date("2026-11-26T07:00:00Z");
    expect(
      permitFacts(
        [
          { key: "a", answer: null },
          { key: "b", answer: "no" },
          { key: "c", answer: "na" },
        ],
        end,
        new Date("2026-11-26T06:59:59Z"),
      ),
    ).toEqual({ unanswered: 1, noAnswers: 1, ended: false });
    expect(permitFacts([], end, end).ended).toBe(true);
  });
});

describe("a permit's validity", () => {
  const from = new Date("2026-11-26T21:00:00Z");
  const to = new Date("2026-11-27T07:00:00Z");
  const at = (iso: string) => new Date(iso);
  it("is Inactive before the start, Active from the start, Expired from the end (an ACTIVE permit)", () => {
    expect(permitValidity("ACTIVE", from, to, at("2026-11-26T20:59:59.999Z"))).toBe("inactive");
    expect(permitValidity("ACTIVE", from, to, from)).toBe("active");
    expect(permitValidity("ACTIVE", from, to, at("2026-11-27T06:59:59.999Z"))).toBe("active");
    expect(permitValidity("ACTIVE", from, to, to)).toBe("expired");
    expect(permitValidity("ACTIVE", from, to, at("2026-12-01T00:00:00Z"))).toBe("expired");
  });

  it("is never Active unless approved, and Expired after the end in every state", () => {
    for (const status of ["IN_PROGRESS", "IN_REVIEW", "CLOSED", "ARCHIVED"] as const) {
      expect(permitValidity(status, from, to, at("2026-11-26T23:00:00Z"))).toBe("inactive");
      expect(permitValidity(status, from, to, to)).toBe("expired");
    }
  });
});

describe("a permit's period", () => {
  const period = { fromDate: "2026-11-27", fromTime: "07:00", toDate: "2026-11-27", toTime: "17:00" };
  it("reads the times on the project's clock", () => {
    expect(readPermitPeriod(period, "Australia/Sydney")).toEqual({
      ok: true,
      validFrom: new Date("2026-11-26T20:00:00Z"),
      validTo: new Date("2026-11-27T06:00:00Z"),
    });
    expect(readPermitPeriod(period, "UTC")).toMatchObject({
      validFrom: new Date("2026-11-27T07:00:00Z"),
    });
  });

  it("refuses a bad day or time, an end not after the start, and more than 31 days", () => {
    expect(readPermitPeriod({ ...period, fromDate: "2026-02-30" }, "UTC")).toEqual({
      ok: false,
      field: "fromDate",
      error: "date",
    });
    expect(readPermitPeriod({ ...period, toTime: "24:00" }, "UTC")).toMatchObject({
      field: "toTime",
      error: "time",
    });
    expect(readPermitPeriod({ ...period, toTime: "07:00" }, "UTC")).toMatchObject({
      field: "toTime",
      error: "order",
    });
    expect(readPermitPeriod({ ...period, toDate: "2026-12-28", toTime: "07:00" }, "UTC")).toMatchObject({
      ok: true,
    });
    expect(readPermitPeriod({ ...period, toDate: "2026-12-28", toTime: "07:01" }, "UTC")).toMatchObject({
      field: "toDate",
      error: "tooLong",
    });
  });
});
