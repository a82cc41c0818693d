import { describe, expect, it } from "vitest";
import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_STEPS,
  ASSESSMENT_TRANSITIONS,
  type AssessmentFacts,
  AUDIT_PERMISSIONS,
  AUDIT_SCHEDULE_STATUSES,
  type AuditRelation,
  assessmentWorkflow,
  auditParties,
  SCHEDULE_STEPS,
  SCHEDULE_TRANSITIONS,
  type ScheduleFacts,
  scheduleRefusalMessage,
  scheduleWorkflow,
} from "./audit-workflow";

// The two tables written out by hand (the README tables): a change to a table must change its list.
// `state step → target @ permission-code parties [flags]`.
const ASSESSMENT = `
draft submit → pending_approval @ assessment_create auditor,lead guard
pending_amendment submit → pending_approval @ assessment_create auditor,lead guard
pending_approval approve → approved @ assessment_approve_reject lead,manager
pending_approval reject → rejected @ assessment_approve_reject lead,manager comment
pending_approval request_amendment → pending_amendment @ assessment_approve_reject lead,manager comment
`;
const SCHEDULE = `
pending_assessment compile → pending_compilation @ assessment_approve_reject lead,manager guard
pending_compilation reopen → pending_assessment @ assessment_approve_reject lead,manager comment
pending_compilation complete → completed @ safety_approve_she_audit lead,manager guard
pending_assessment cancel → cancelled @ audit_edit_all manager comment confirm
`;

type Cell = { target: string; permission: string; parties: string[]; flags: string[] };
const cells = (text: string) =>
  new Map<string, Cell>(
    text
      .trim()
      .split("\n")
      .map((line) => {
        const [state, step, , target, , code, parties, ...flags] = line.split(" ");
        return [
          `${state} ${step}`,
          { target, permission: `safety.audits.${code}`, parties: parties.split(","), flags },
        ];
      }),
  );

const ALL = new Set<string>(Object.values(AUDIT_PERMISSIONS));
const NOBODY: AuditRelation = { isLead: false, isAuditor: false, isManager: false };
const AS: Record<string, AuditRelation> = {
  lead: { ...NOBODY, isLead: true },
  auditor: { ...NOBODY, isAuditor: true },
  manager: { ...NOBODY, isManager: true },
};

const tables = [
  {
    name: "assessment",
    workflow: assessmentWorkflow,
    rows: ASSESSMENT_TRANSITIONS,
    statuses: ASSESSMENT_STATUSES,
    steps: ASSESSMENT_STEPS,
    expected: cells(ASSESSMENT),
    passing: { criteria: 2 } satisfies AssessmentFacts as unknown,
    failing: { criteria: 0 } satisfies AssessmentFacts as unknown,
  },
  {
    name: "schedule",
    workflow: scheduleWorkflow,
    rows: SCHEDULE_TRANSITIONS,
    statuses: AUDIT_SCHEDULE_STATUSES,
    steps: SCHEDULE_STEPS,
    expected: cells(SCHEDULE),
    passing: {
      locations: 2,
      decided: 2,
      signedReports: 1,
      reportFiles: 0,
    } satisfies ScheduleFacts as unknown,
    failing: {
      locations: 2,
      decided: 1,
      signedReports: 0,
      reportFiles: 0,
    } satisfies ScheduleFacts as unknown,
  },
] as const;

for (const table of tables)
  describe(`audit ${table.name} workflow table`, () => {
    it("has exactly the rows of the README table", () => {
      expect(table.rows).toHaveLength(table.expected.size);
      for (const row of table.rows)
        expect(table.expected.get(`${row.from} ${row.action}`)).toEqual({
          target: row.to,
          permission: row.permission,
          parties: typeof row.party === "string" ? [row.party] : [...row.party],
          flags: [
            ...(row.guard ? ["guard"] : []),
            ...(row.requiresComment ? ["comment"] : []),
            ...(row.confirm ? ["confirm"] : []),
          ],
        });
    });

    // Every cell: each status × each step, with and without its permission, as each party and as nobody,
    // with and without its reason, with its guard's facts passing and failing.
    for (const status of table.statuses)
      for (const step of table.steps) {
        const cell = table.expected.get(`${status} ${step}`);
        it(`${status} × ${step}: ${cell ? `→ ${cell.target} (${cell.parties.join(" or ")})` : "refused"}`, () => {
          const run = (
            granted: ReadonlySet<string>,
            relation: AuditRelation,
            comment: string | null = "Why",
            facts: unknown = table.passing,
          ) =>
            (table.workflow.apply as (...args: unknown[]) => unknown)(status, step, granted, {
              comment,
              facts,
              parties: auditParties(relation),
            });
          const everyone = { isLead: true, isAuditor: true, isManager: true };
          if (!cell) {
            expect(run(ALL, everyone)).toEqual({ ok: false, reason: "not-allowed-from-state" });
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
          if (cell.flags.includes("comment"))
            expect(run(ALL, everyone, " ")).toEqual({ ok: false, reason: "comment-required" });
          else expect(run(ALL, everyone, null)).toMatchObject({ ok: true });
          if (cell.flags.includes("guard"))
            expect(run(ALL, everyone, "Why", table.failing)).toMatchObject({
              ok: false,
              reason: "guard-refused",
            });
        });
      }
  });

describe("the audit guards' words", () => {
  it("refuses completion without signed reports or report files, in the spec's words", () => {
    const granted = ALL;
    const parties = auditParties(AS.lead);
    const facts: ScheduleFacts = { locations: 1, decided: 1, signedReports: 0, reportFiles: 0 };
    expect(scheduleWorkflow.apply("pending_compilation", "complete", granted, { facts, parties })).toEqual({
      ok: false,
      reason: "guard-refused",
      guard: "has-reports",
      block: { message: "safety:audit.errors.needsReports" },
    });
    for (const reports of [
      { signedReports: 1, reportFiles: 0 },
      { signedReports: 0, reportFiles: 1 },
    ])
      expect(
        scheduleWorkflow.apply("pending_compilation", "complete", granted, {
          facts: { ...facts, ...reports },
          parties,
        }),
      ).toMatchObject({ ok: true, to: "completed" });
  });

  it("compiles only once every location is decided, and not with no location at all", () => {
    const parties = auditParties(AS.lead);
    const none: ScheduleFacts = { locations: 0, decided: 0, signedReports: 0, reportFiles: 0 };
    expect(
      scheduleWorkflow.apply("pending_assessment", "compile", ALL, { facts: none, parties }),
    ).toMatchObject({
      ok: false,
      guard: "every-location-decided",
    });
  });

  it("names a second completion 'already completed', and nothing else", () => {
    expect(scheduleRefusalMessage("completed", "complete")).toBe("safety:audit.errors.alreadyCompleted");
    expect(scheduleRefusalMessage("cancelled", "complete")).toBeNull();
    expect(scheduleRefusalMessage("completed", "reopen")).toBeNull();
  });

  it("submits an assessment only with criteria", () => {
    expect(
      assessmentWorkflow.apply("draft", "submit", ALL, {
        facts: { criteria: 0 },
        parties: auditParties(AS.auditor),
      }),
    ).toMatchObject({ ok: false, block: { message: "safety:audit.errors.noCriteria" } });
  });
});
