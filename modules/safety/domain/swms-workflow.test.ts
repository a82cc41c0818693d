import { describe, expect, it } from "vitest";
import {
  HIGH_RISK_CATEGORIES,
  highRiskParagraph,
  residualRiskRaised,
  riskLevel,
  riskOf,
} from "./swms-reference";
import {
  applySwmsStep,
  availableSwmsSteps,
  eventOfStep,
  SWMS_PERMISSIONS,
  SWMS_STATUSES,
  SWMS_STEPS,
  SWMS_TRANSITIONS,
  type SwmsFacts,
  type SwmsRelation,
  type SwmsStatus,
  type SwmsStep,
  swmsWorkflow,
} from "./swms-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state step → target @ permission-code parties [flags]`; target `deleted` means removed; parties `-` = anyone.
const AUTHOR_FROM = ["draft", "swms_uploaded", "not_accepted", "review_needed"];
const EXPECTED = [
  ...AUTHOR_FROM.flatMap((from) => [
    `${from} submit → in_review @ create author routed`,
    `${from} submit_high_risk → initial_review @ create author routed`,
  ]),
  "initial_review complete_initial_review → final_review @ manage-review-and-signoff reviewer",
  "in_review accept → accepted @ manage-review-and-signoff reviewer r291",
  "in_review reject → not_accepted @ manage-review-and-signoff reviewer comment",
  "in_review request_changes → review_needed @ manage-review-and-signoff reviewer comment",
  "initial_review reject → not_accepted @ manage-review-and-signoff reviewer comment",
  "initial_review request_changes → review_needed @ manage-review-and-signoff reviewer comment",
  "final_review accept → accepted @ manage-review-and-signoff second_reviewer r291",
  "final_review reject → not_accepted @ manage-review-and-signoff second_reviewer comment",
  "final_review request_changes → review_needed @ manage-review-and-signoff second_reviewer comment",
  "accepted request_review → review_needed @ manage-review-and-signoff reviewer comment",
  "draft delete → deleted @ delete author,reviewer confirm",
  "swms_uploaded delete → deleted @ delete author,reviewer confirm",
  ...["draft", "swms_uploaded", "accepted", "not_accepted", "review_needed"].map(
    (from) => `${from} archive → archived @ archive author,reviewer confirm`,
  ),
];

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, step, , target, , code, parties, ...flags] = line.split(" ");
    return [
      `${state} ${step}`,
      {
        target: target === "deleted" ? null : target,
        permission: `safety.swms.${code}`,
        parties: parties.split(","),
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
        routed: flags.includes("routed"),
        r291: flags.includes("r291"),
      },
    ];
  }),
);

const ALL = new Set<string>(Object.values(SWMS_PERMISSIONS));
const NOBODY: SwmsRelation = { isAuthor: false, isReviewer: false, isInitialReviewer: false };
const AS: Record<string, SwmsRelation> = {
  author: { ...NOBODY, isAuthor: true },
  reviewer: { ...NOBODY, isReviewer: true, isInitialReviewer: true },
  second_reviewer: { ...NOBODY, isReviewer: true },
};
/** Which parties a relation is (a second reviewer is a reviewer too; the initial reviewer is only a reviewer). */
const IS: Record<string, string[]> = {
  author: ["author"],
  reviewer: ["reviewer"],
  second_reviewer: ["reviewer", "second_reviewer"],
};
const PLAIN: SwmsFacts = { highRisk: false, categories: 0, hasContent: true };
const HIGH: SwmsFacts = { highRisk: true, categories: 2, hasContent: true };

describe("SWMS workflow table", () => {
  it("has exactly the rows of the README table", () => {
    expect(SWMS_TRANSITIONS).toHaveLength(EXPECTED.length);
    for (const row of SWMS_TRANSITIONS) {
      const guards = (Array.isArray(row.guard) ? row.guard : row.guard ? [row.guard] : []).map((g) => g.name);
      expect(expected.get(`${row.from} ${row.action}`)).toEqual({
        target: row.to,
        permission: row.permission,
        parties: typeof row.party === "string" ? [row.party] : [...(row.party ?? [])],
        confirm: Boolean(row.confirm),
        comment: Boolean(row.requiresComment),
        routed: guards.includes("has-content"),
        r291: guards.includes("r291-category"),
      });
    }
  });

  // Every cell: each status × each step, with and without its permission, as each party and as nobody, and
  // with each guard failing.
  for (const status of SWMS_STATUSES)
    for (const step of SWMS_STEPS) {
      const cell = expected.get(`${status} ${step}`);
      it(`${status} × ${step}: ${cell ? `→ ${cell.target ?? "deleted"} (${cell.parties.join(" or ")})` : "refused"}`, () => {
        const facts = step === "submit_high_risk" ? HIGH : PLAIN;
        const run = (
          granted: ReadonlySet<string>,
          relation: SwmsRelation,
          comment: string | null = "Why",
          withFacts: SwmsFacts = facts,
        ) => applySwmsStep(status as SwmsStatus, step as SwmsStep, granted, relation, withFacts, { comment });
        const EVERYONE: SwmsRelation = { isAuthor: true, isReviewer: true, isInitialReviewer: false };
        if (!cell) {
          expect(run(ALL, EVERYONE)).toEqual({ ok: false, reason: "not-allowed-from-state" });
          return;
        }
        const without = new Set([...ALL].filter((key) => key !== cell.permission));
        for (const [party, relation] of Object.entries(AS)) {
          const allowed = IS[party].some((is) => cell.parties.includes(is));
          expect(run(ALL, relation)).toEqual(
            allowed
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
        if (cell.routed) {
          // Nothing written or uploaded: refused with its message; the other kind of SWMS: the other row.
          expect(run(ALL, EVERYONE, null, { ...facts, hasContent: false })).toMatchObject({
            ok: false,
            reason: "guard-refused",
            block: { message: "safety:swms.errors.nothingToSubmit" },
          });
          expect(run(ALL, EVERYONE, null, { ...facts, highRisk: !facts.highRisk })).toMatchObject({
            ok: false,
            reason: "guard-refused",
          });
        }
        if (cell.r291) {
          expect(run(ALL, EVERYONE, null, { ...HIGH, categories: 0 })).toMatchObject({
            ok: false,
            reason: "guard-refused",
            guard: "r291-category",
            block: { message: "safety:swms.errors.highRiskCategoryRequired" },
          });
          expect(run(ALL, EVERYONE, null, HIGH)).toMatchObject({ ok: true, to: "accepted" });
          // Not high-risk: no category needed.
          expect(run(ALL, EVERYONE, null, PLAIN)).toMatchObject({ ok: true, to: "accepted" });
        }
      });
    }

  it("offers only the rows the user may run, and the submit row that fits the SWMS", () => {
    const steps = (status: SwmsStatus, relation: SwmsRelation, facts = PLAIN) =>
      availableSwmsSteps(status, ALL, relation, facts).map((row) => row.action);
    expect(steps("draft", AS.author)).toEqual(["submit", "delete", "archive"]);
    expect(steps("draft", AS.author, HIGH)).toEqual(["submit_high_risk", "delete", "archive"]);
    expect(steps("draft", NOBODY)).toEqual([]);
    expect(steps("in_review", AS.author)).toEqual([]);
    expect(steps("in_review", AS.second_reviewer)).toEqual(["accept", "reject", "request_changes"]);
    expect(steps("initial_review", AS.second_reviewer)).toEqual([
      "complete_initial_review",
      "reject",
      "request_changes",
    ]);
    // The initial reviewer does not sign off their own review.
    expect(steps("final_review", AS.reviewer)).toEqual([]);
    expect(steps("final_review", AS.second_reviewer)).toEqual(["accept", "reject", "request_changes"]);
    expect(steps("accepted", AS.second_reviewer)).toEqual(["request_review", "archive"]);
    expect(steps("archived", { isAuthor: true, isReviewer: true, isInitialReviewer: false })).toEqual([]);
  });

  it("declares its permissions", () => {
    expect(swmsWorkflow.permissions).toEqual([
      "safety.swms.archive",
      "safety.swms.create",
      "safety.swms.delete",
      "safety.swms.manage-review-and-signoff",
    ]);
  });

  it("names the spec 6 event of each step", () => {
    expect(eventOfStep("submit", "in_review")).toBe("non-high-risk-created");
    expect(eventOfStep("submit_high_risk", "initial_review")).toBe("high-risk-created");
    expect(eventOfStep("complete_initial_review", "final_review")).toBe("initial-review-done");
    expect(eventOfStep("accept", "accepted")).toBe("signed-off");
    expect(eventOfStep("reject", "not_accepted")).toBe("signed-off");
    expect(eventOfStep("request_changes", "review_needed")).toBeNull();
    expect(eventOfStep("archive", "archived")).toBeNull();
  });
});

describe("SWMS reference", () => {
  it("lists the 19 r291 categories, (a) to (s)", () => {
    expect(HIGH_RISK_CATEGORIES).toHaveLength(19);
    expect(new Set(HIGH_RISK_CATEGORIES).size).toBe(19);
    expect(highRiskParagraph("fall_over_2m")).toBe("r291(a)");
    expect(highRiskParagraph("tunnel")).toBe("r291(s)");
  });

  it("rates a step on the 5 × 5 matrix", () => {
    expect(riskOf("rare", "insignificant")).toEqual({ score: 1, level: "low" });
    expect(riskOf("unlikely", "minor")).toEqual({ score: 4, level: "low" });
    expect(riskOf("possible", "moderate")).toEqual({ score: 9, level: "medium" });
    expect(riskOf("likely", "moderate")).toEqual({ score: 12, level: "high" });
    expect(riskOf("almost_certain", "major")).toEqual({ score: 20, level: "extreme" });
    expect([5, 10, 15].map(riskLevel)).toEqual(["medium", "high", "extreme"]);
    expect(
      residualRiskRaised(
        { likelihood: "possible", consequence: "minor" },
        { likelihood: "likely", consequence: "minor" },
      ),
    ).toBe(true);
    expect(
      residualRiskRaised(
        { likelihood: "likely", consequence: "major" },
        { likelihood: "rare", consequence: "major" },
      ),
    ).toBe(false);
  });
});
