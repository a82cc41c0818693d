import { describe, expect, it } from "vitest";
import { guardsOf, type TransitionInput } from "~/server/workflow/transition-table";
import {
  availableNcrActions,
  isNcrEditable,
  isNcrOpen,
  NCR_ACTIONS,
  NCR_STATUSES,
  NCR_TRANSITIONS,
  NCR_WORKFLOW_PERMISSIONS,
  type NcrAction,
  type NcrCloseOut,
  type NcrStatus,
  ncrCloseBlockers,
  ncrCloseOutMessages,
  ncrWorkflow,
} from "./ncr-workflow";

/** One step as the server runs it: the close-out read on the record is what the table's guard checks. */
const applyNcrAction = (
  status: NcrStatus,
  action: NcrAction,
  granted: ReadonlySet<string>,
  record: NcrCloseOut,
  input: TransitionInput = {},
) => ncrWorkflow.apply(status, action, granted, { ...input, facts: record });

// The lifecycle written out by hand (the README table): a change to the table must change this list.
const EXPECTED = `
in_progress submit_for_review → in_review @ edit
in_review return → in_progress @ review comment
in_review close → closed @ close confirm close-out
closed archive → archived @ archive confirm
`
  .trim()
  .split("\n");

const describeRow = (row: (typeof NCR_TRANSITIONS)[number]) =>
  [
    `${row.from} ${row.action} → ${row.to} @ ${row.permission.replace("quality.ncr.", "")}`,
    row.requiresComment ? "comment" : "",
    row.confirm ? "confirm" : "",
    guardsOf(row).some((guard) => guard.name === "close-out-complete") ? "close-out" : "",
  ]
    .filter(Boolean)
    .join(" ");

const expected = new Map(
  EXPECTED.map((line) => {
    const [from, action, , to, , code] = line.split(" ");
    return [`${from} ${action}`, { to, permission: `quality.ncr.${code}` }];
  }),
);

const READY: NcrCloseOut = {
  disposition: "rework",
  concessionAuthorisedBy: null,
  correctiveAction: "Retrain the crew on compaction testing",
  effectivenessCheck: "Next three lots passed first time",
};
const EVERYTHING = new Set(NCR_WORKFLOW_PERMISSIONS);
const COMMENT = { comment: "Root cause is not the real one" };
const ALL_PAIRS = NCR_STATUSES.flatMap((status) =>
  NCR_ACTIONS.map((action) => ({ key: `${status} ${action}`, status, action })),
);

describe("NCR transition table", () => {
  it("is exactly the documented lifecycle", () => {
    expect(NCR_TRANSITIONS.map(describeRow).sort()).toEqual([...EXPECTED].sort());
  });

  it("uses the permission keys under quality.ncr", () => {
    expect(NCR_WORKFLOW_PERMISSIONS).toEqual([
      "quality.ncr.archive",
      "quality.ncr.close",
      "quality.ncr.edit",
      "quality.ncr.review",
    ]);
  });

  it("covers the whole grid", () => {
    expect(ALL_PAIRS).toHaveLength(16);
  });

  it.each(ALL_PAIRS)("$key", ({ key, status, action }) => {
    const cell = expected.get(key);
    const result = applyNcrAction(status, action, EVERYTHING, READY, COMMENT);
    if (!cell) {
      expect(result).toEqual({ ok: false, reason: "not-allowed-from-state" });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.to).toBe(cell.to);
    expect(result.row.permission).toBe(cell.permission);
  });
});

describe("guards", () => {
  it.each(NCR_TRANSITIONS.map((row) => ({ name: describeRow(row), row })))(
    "permission and comment: $name",
    ({ row }) => {
      const withoutIt = new Set(NCR_WORKFLOW_PERMISSIONS.filter((key) => key !== row.permission));
      expect(applyNcrAction(row.from, row.action, withoutIt, READY, COMMENT)).toEqual({
        ok: false,
        reason: "missing-permission",
      });
      expect(applyNcrAction(row.from, row.action, new Set([row.permission]), READY, COMMENT).ok).toBe(true);
      for (const comment of [undefined, "", "  "]) {
        const result = applyNcrAction(row.from, row.action, EVERYTHING, READY, { comment });
        if (row.requiresComment) expect(result).toEqual({ ok: false, reason: "comment-required" });
        else expect(result.ok).toBe(true);
      }
    },
  );

  it("refuses to close without the close-out, after the state and the permission", () => {
    const empty: NcrCloseOut = {
      disposition: null,
      concessionAuthorisedBy: null,
      correctiveAction: " ",
      effectivenessCheck: null,
    };
    const refused = applyNcrAction("in_review", "close", EVERYTHING, empty);
    expect(refused).toMatchObject({ ok: false, reason: "guard-refused", guard: "close-out-complete" });
    expect(refused.ok === false && refused.reason === "guard-refused" && refused.block).toBeTruthy();
    if (refused.ok || refused.reason !== "guard-refused") return;
    expect(ncrCloseOutMessages(refused.block?.params)).toEqual([
      "quality:ncr.closeOut.disposition-missing",
      "quality:ncr.closeOut.corrective-action-missing",
      "quality:ncr.closeOut.effectiveness-missing",
    ]);
    expect(applyNcrAction("in_review", "close", new Set(), empty)).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(applyNcrAction("in_progress", "close", EVERYTHING, empty)).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    // Only close checks the close-out: an unfinished NCR can go to review and come back.
    expect(applyNcrAction("in_progress", "submit_for_review", EVERYTHING, empty).ok).toBe(true);
  });

  it("needs the concession's authoriser when the disposition is use as is", () => {
    const concession = { ...READY, disposition: "use_as_is" as const };
    expect(ncrCloseBlockers(concession)).toEqual(["concession-authoriser-missing"]);
    expect(ncrCloseBlockers({ ...concession, concessionAuthorisedBy: "  " })).toEqual([
      "concession-authoriser-missing",
    ]);
    expect(
      ncrCloseBlockers({ ...concession, concessionAuthorisedBy: "J. Nguyen, client's engineer" }),
    ).toEqual([]);
    for (const disposition of ["rework", "repair", "reject"] as const)
      expect(ncrCloseBlockers({ ...READY, disposition })).toEqual([]);
  });

  it("asks for confirmation to close and to archive, and a reason to return", () => {
    expect(NCR_TRANSITIONS.filter((row) => row.confirm).map((row) => row.action)).toEqual([
      "close",
      "archive",
    ]);
    expect(NCR_TRANSITIONS.filter((row) => row.requiresComment).map((row) => row.action)).toEqual(["return"]);
  });
});

describe("states", () => {
  it("is editable only in progress, open until closed", () => {
    expect(NCR_STATUSES.filter(isNcrEditable)).toEqual(["in_progress"]);
    expect(NCR_STATUSES.filter(isNcrOpen)).toEqual(["in_progress", "in_review"]);
  });

  it("offers the actions the user may run", () => {
    expect(availableNcrActions("in_review", EVERYTHING).map((row) => row.action)).toEqual([
      "return",
      "close",
    ]);
    expect(availableNcrActions("in_review", new Set(["quality.ncr.close"])).map((row) => row.action)).toEqual(
      ["close"],
    );
    expect(availableNcrActions("archived", EVERYTHING)).toEqual([]);
  });
});
