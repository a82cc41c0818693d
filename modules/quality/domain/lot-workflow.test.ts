import { describe, expect, it } from "vitest";
import { guardsOf } from "../../../server/workflow/transition-table";
import type { RecordItem } from "./lot-records";
import {
  applyLotAction,
  availableLotActions,
  isLotFinal,
  LOT_ACTIONS,
  LOT_INITIAL_STATE,
  LOT_STATUSES,
  LOT_SUB_STATUSES,
  LOT_TRANSITIONS,
  LOT_WORKFLOW_PERMISSIONS,
  type LotAction,
  type LotState,
  lotRecordsLock,
  lotStateKey,
} from "./lot-workflow";

// The lifecycle written out by hand (the README table): a change to the table must change this list.
// `state action → target @ permission-code [flags]`; target `deleted` means the lot is removed.
const EXPECTED = `
open/- start_work → active/work_started @ update-status
active/work_started mark_records_complete → active/completed_pending_records @ update-status
active/completed_pending_records submit_to_engineer → active/engineer_review @ update-status hold-points-cleared records-complete
non_conforming/engineer_rejected submit_to_engineer → active/engineer_review @ update-status hold-points-cleared records-complete
non_conforming/qa_returned submit_to_engineer → active/engineer_review @ update-status hold-points-cleared records-complete
non_conforming/external_rejected submit_to_engineer → active/engineer_review @ update-status hold-points-cleared records-complete
active/engineer_review engineer_approve → active/qa_review @ internal-review
active/engineer_review engineer_reject → non_conforming/engineer_rejected @ internal-review comment
active/qa_review qa_acknowledge → confirming/qa_review @ qa-review
confirming/qa_review qa_return → non_conforming/qa_returned @ qa-review comment
confirming/qa_review qa_approve → confirming/qa_approved @ qa-review ncrs-dispositioned
confirming/qa_approved send_external_review → confirming/external_review @ qa-review
confirming/external_review external_approve → guaranteed/external_approved @ external-review
confirming/external_review external_reject → non_conforming/external_rejected @ external-review comment
confirming/qa_approved close → closed/qa_approved @ close ncrs-dispositioned
guaranteed/external_approved close → closed/external_approved @ close ncrs-dispositioned
open/- cancel → cancelled/- @ lot-reopen-cancel confirm comment
active/work_started cancel → cancelled/- @ lot-reopen-cancel confirm comment
active/completed_pending_records cancel → cancelled/- @ lot-reopen-cancel confirm comment
non_conforming/engineer_rejected cancel → cancelled/- @ lot-reopen-cancel confirm comment
non_conforming/qa_returned cancel → cancelled/- @ lot-reopen-cancel confirm comment
non_conforming/external_rejected cancel → cancelled/- @ lot-reopen-cancel confirm comment
closed/qa_approved reopen → active/completed_pending_records @ lot-reopen-cancel comment
closed/external_approved reopen → active/completed_pending_records @ lot-reopen-cancel comment
cancelled/- reopen → open/- @ lot-reopen-cancel comment
open/- delete → deleted @ delete confirm
cancelled/- delete → deleted @ delete confirm
non_conforming/ncr_raised submit_to_engineer → active/engineer_review @ update-status hold-points-cleared records-complete
non_conforming/ncr_raised cancel → cancelled/- @ lot-reopen-cancel confirm comment
active/work_started raise_ncr → non_conforming/ncr_raised @ ncr.create
active/completed_pending_records raise_ncr → non_conforming/ncr_raised @ ncr.create
active/engineer_review raise_ncr → non_conforming/ncr_raised @ ncr.create
active/qa_review raise_ncr → non_conforming/ncr_raised @ ncr.create
confirming/qa_review raise_ncr → non_conforming/ncr_raised @ ncr.create
confirming/qa_approved raise_ncr → non_conforming/ncr_raised @ ncr.create
confirming/external_review raise_ncr → non_conforming/ncr_raised @ ncr.create
guaranteed/external_approved raise_ncr → non_conforming/ncr_raised @ ncr.create
`
  .trim()
  .split("\n");

const describeRow = (row: (typeof LOT_TRANSITIONS)[number]) =>
  [
    `${lotStateKey(row.from)} ${row.action} → ${row.to ? lotStateKey(row.to) : "deleted"} @ ${row.permission.replace("quality.lot.", "").replace("quality.", "")}`,
    row.confirm ? "confirm" : "",
    row.requiresComment ? "comment" : "",
    ...guardsOf(row).map((guard) => guard.name),
  ]
    .filter(Boolean)
    .join(" ");

const expected = new Map(
  EXPECTED.map((line) => {
    const [state, action, , target, , code, ...flags] = line.split(" ");
    return [
      `${state} ${action}`,
      {
        target,
        permission: code.startsWith("ncr.") ? `quality.${code}` : `quality.lot.${code}`,
        confirm: flags.includes("confirm"),
        comment: flags.includes("comment"),
      },
    ];
  }),
);

const parseState = (key: string): LotState => {
  const [status, sub] = key.split("/");
  return { status, subStatus: sub === "-" ? null : sub } as LotState;
};

// Every cell: each status with each sub-status (or none), nonsense pairs included, times each action.
const ALL_STATES: LotState[] = LOT_STATUSES.flatMap((status) =>
  [null, ...LOT_SUB_STATUSES].map((subStatus) => ({ status, subStatus })),
);
const ALL_PAIRS = ALL_STATES.flatMap((state) =>
  LOT_ACTIONS.map((action) => ({ key: `${lotStateKey(state)} ${action}`, state, action })),
);
const EVERYTHING = new Set(LOT_WORKFLOW_PERMISSIONS);
// No hold point holds the lot and its records are complete: the guarded steps run (the guards have their
// own tests below).
const ITEM: RecordItem = {
  itpNumber: "ITP-0001",
  position: 1,
  activity: "Subgrade proof roll",
  check: "conforming",
  needsSubcontractorSignature: true,
  subcontractorSigned: true,
  verifyingDocument: "Proof roll record",
  dispositioned: false,
};
const COMPLETE = { activeItps: 1, items: [ITEM], itrs: 1 };
const CLEAR = { facts: { holdingPoints: [], records: COMPLETE } };
const COMMENT = { comment: "Rework of the subgrade, see NCR-12", ...CLEAR };

describe("lot transition table", () => {
  it("is exactly the documented lifecycle", () => {
    expect(LOT_TRANSITIONS.map(describeRow).sort()).toEqual([...EXPECTED].sort());
  });

  it("has no duplicate (from, action) rows", () => {
    const keys = LOT_TRANSITIONS.map((row) => `${lotStateKey(row.from)} ${row.action}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("uses the spec 6 action codes under quality.lot", () => {
    expect(LOT_WORKFLOW_PERMISSIONS).toEqual([
      "quality.lot.close",
      "quality.lot.delete",
      "quality.lot.external-review",
      "quality.lot.internal-review",
      "quality.lot.lot-reopen-cancel",
      "quality.lot.qa-review",
      "quality.lot.update-status",
      "quality.ncr.create",
    ]);
  });

  it("reaches every state of the table from a new lot", () => {
    const seen = new Set([lotStateKey(LOT_INITIAL_STATE)]);
    const queue = [LOT_INITIAL_STATE];
    while (queue.length) {
      const state = queue.shift()!;
      for (const row of availableLotActions(state, EVERYTHING)) {
        if (row.to && !seen.has(lotStateKey(row.to))) {
          seen.add(lotStateKey(row.to));
          queue.push(row.to);
        }
      }
    }
    const used = LOT_TRANSITIONS.flatMap((row) => (row.to ? [row.from, row.to] : [row.from])).map(
      lotStateKey,
    );
    expect([...new Set(used)].filter((key) => !seen.has(key))).toEqual([]);
    // Every status and every sub-status is in use somewhere.
    expect(new Set([...seen].map((key) => key.split("/")[0]))).toEqual(new Set(LOT_STATUSES));
    expect(new Set([...seen].map((key) => key.split("/")[1]).filter((sub) => sub !== "-"))).toEqual(
      new Set(LOT_SUB_STATUSES),
    );
  });
});

describe("applyLotAction on every (state, action) cell", () => {
  it("covers the whole grid", () => {
    expect(ALL_PAIRS).toHaveLength(LOT_STATUSES.length * (LOT_SUB_STATUSES.length + 1) * LOT_ACTIONS.length);
  });

  it.each(ALL_PAIRS)("$key", ({ key, state, action }) => {
    const cell = expected.get(key);
    const result = applyLotAction(state, action, EVERYTHING, COMMENT);
    if (!cell) {
      expect(result).toEqual({ ok: false, reason: "not-allowed-from-state" });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.to).toEqual(cell.target === "deleted" ? null : parseState(cell.target));
    expect(result.row.permission).toBe(cell.permission);
  });
});

const ROWS = LOT_TRANSITIONS.map((row) => ({ name: describeRow(row), row }));

describe("guards", () => {
  it.each(ROWS)("missing permission refuses: $name", ({ row }) => {
    const withoutIt = new Set(LOT_WORKFLOW_PERMISSIONS.filter((key) => key !== row.permission));
    expect(applyLotAction(row.from, row.action, withoutIt, COMMENT)).toEqual({
      ok: false,
      reason: "missing-permission",
    });
    expect(applyLotAction(row.from, row.action, new Set([row.permission]), COMMENT).ok).toBe(true);
  });

  it.each(ROWS)("comment rule: $name", ({ row }) => {
    for (const comment of [undefined, "", "   "]) {
      const result = applyLotAction(row.from, row.action, EVERYTHING, { comment, ...CLEAR });
      if (row.requiresComment) expect(result).toEqual({ ok: false, reason: "comment-required" });
      else expect(result.ok).toBe(true);
    }
  });

  it("checks the state before the permission, and the permission before the comment", () => {
    expect(applyLotAction(LOT_INITIAL_STATE, "qa_approve", new Set())).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    expect(applyLotAction(LOT_INITIAL_STATE, "cancel", new Set())).toEqual({
      ok: false,
      reason: "missing-permission",
    });
  });

  it("asks for confirmation exactly for cancel and delete", () => {
    const confirmed = new Set(LOT_TRANSITIONS.filter((row) => row.confirm).map((row) => row.action));
    expect(confirmed).toEqual(new Set<LotAction>(["cancel", "delete"]));
    for (const row of LOT_TRANSITIONS) {
      if (row.action === "cancel" || row.action === "delete") expect(row.confirm).toBe(true);
    }
  });

  it("asks for a reason on every rejection, cancel and re-open", () => {
    const commented = new Set(LOT_TRANSITIONS.filter((row) => row.requiresComment).map((row) => row.action));
    expect(commented).toEqual(
      new Set<LotAction>(["engineer_reject", "qa_return", "external_reject", "cancel", "reopen"]),
    );
  });
});

describe("final states and available actions", () => {
  const finals = ALL_STATES.filter(isLotFinal).filter((state) =>
    LOT_TRANSITIONS.some((row) => lotStateKey(row.from) === lotStateKey(state)),
  );

  it("has the closed and cancelled states of the lifecycle as final", () => {
    expect(finals.map(lotStateKey).sort()).toEqual([
      "cancelled/-",
      "closed/external_approved",
      "closed/qa_approved",
    ]);
  });

  it.each(finals.map((state) => ({ key: lotStateKey(state), state })))(
    "$key only offers re-open (and delete when cancelled)",
    ({ state }) => {
      const actions = availableLotActions(state, EVERYTHING).map((row) => row.action);
      expect(actions.sort()).toEqual(state.status === "cancelled" ? ["delete", "reopen"] : ["reopen"]);
    },
  );

  it("offers only the actions the user's permissions allow", () => {
    const qaApproved: LotState = { status: "confirming", subStatus: "qa_approved" };
    expect(availableLotActions(qaApproved, EVERYTHING).map((row) => row.action)).toEqual([
      "send_external_review",
      "close",
      "raise_ncr",
    ]);
    expect(availableLotActions(qaApproved, new Set(["quality.lot.close"])).map((row) => row.action)).toEqual([
      "close",
    ]);
    expect(availableLotActions(qaApproved, new Set(["quality.lot.view"]))).toEqual([]);
  });

  it("walks the happy path from a new lot to closed by the client", () => {
    const path: LotAction[] = [
      "start_work",
      "mark_records_complete",
      "submit_to_engineer",
      "engineer_approve",
      "qa_acknowledge",
      "qa_approve",
      "send_external_review",
      "external_approve",
      "close",
    ];
    let state = LOT_INITIAL_STATE;
    for (const action of path) {
      const result = applyLotAction(state, action, EVERYTHING, CLEAR);
      if (!result.ok || !result.to) throw new Error(`${action} refused from ${lotStateKey(state)}`);
      state = result.to;
    }
    expect(state).toEqual({ status: "closed", subStatus: "external_approved" });
  });
});

describe("the hold point guard", () => {
  const HELD = {
    facts: {
      holdingPoints: [
        {
          itemId: "i-3",
          itpNumber: "ITP-0002",
          position: 3,
          activity: "Formwork inspection",
          state: "notified",
        },
        { itemId: "i-7", itpNumber: "ITP-0002", position: 7, activity: "Pre-pour", state: "not_started" },
      ],
      records: COMPLETE,
    },
  } as const;
  const guarded = LOT_TRANSITIONS.filter((row) =>
    guardsOf(row).some((guard) => guard.name === "hold-points-cleared"),
  );

  it("guards exactly the submissions to the Project Engineer", () => {
    expect(guarded.map((row) => row.action)).toEqual(guarded.map(() => "submit_to_engineer"));
    expect(guarded.map((row) => lotStateKey(row.from)).sort()).toEqual(
      LOT_TRANSITIONS.filter((row) => row.action === "submit_to_engineer")
        .map((row) => lotStateKey(row.from))
        .sort(),
    );
  });

  it.each(guarded.map((row) => ({ name: describeRow(row), row })))(
    "refuses while a hold point holds, naming the first: $name",
    ({ row }) => {
      expect(applyLotAction(row.from, row.action, EVERYTHING, HELD)).toEqual({
        ok: false,
        reason: "guard-refused",
        guard: "hold-points-cleared",
        block: {
          message: "quality:hpWp.errors.lotHeld",
          params: { itp: "ITP-0002", position: 3, activity: "Formwork inspection" },
        },
      });
      expect(applyLotAction(row.from, row.action, EVERYTHING, CLEAR).ok).toBe(true);
    },
  );

  it("refuses a guarded step whose facts were not read (a caller cannot skip the guard)", () => {
    for (const row of guarded)
      expect(applyLotAction(row.from, row.action, EVERYTHING)).toEqual({
        ok: false,
        reason: "guard-refused",
        guard: "hold-points-cleared",
        block: null,
      });
  });

  it("checks the state and the permission before the guard", () => {
    expect(applyLotAction(LOT_INITIAL_STATE, "submit_to_engineer", EVERYTHING, HELD)).toEqual({
      ok: false,
      reason: "not-allowed-from-state",
    });
    const pending: LotState = { status: "active", subStatus: "completed_pending_records" };
    expect(applyLotAction(pending, "submit_to_engineer", new Set(), HELD)).toEqual({
      ok: false,
      reason: "missing-permission",
    });
  });

  it("leaves every step without it alone whatever holds", () => {
    for (const row of LOT_TRANSITIONS.filter((candidate) => !guarded.includes(candidate)))
      expect(applyLotAction(row.from, row.action, EVERYTHING, { ...COMMENT, ...HELD }).ok).toBe(true);
  });
});

describe("the records gates (issue #12)", () => {
  const submissions = LOT_TRANSITIONS.filter((row) => row.action === "submit_to_engineer");
  const approvals = LOT_TRANSITIONS.filter((row) => row.action === "qa_approve" || row.action === "close");
  const withRecords = (records: Partial<typeof COMPLETE>) => ({
    comment: "x",
    facts: { holdingPoints: [], records: { ...COMPLETE, ...records } },
  });
  const unchecked = { ...ITEM, position: 2, activity: "Trim", check: "pending" as const };
  const nonConforming = { ...ITEM, position: 3, activity: "Compaction", check: "non_conforming" as const };

  it("guards exactly the submissions with records-complete, and QA approval and both closes with ncrs-dispositioned", () => {
    const named = (name: string) =>
      LOT_TRANSITIONS.filter((row) => guardsOf(row).some((guard) => guard.name === name))
        .map(describeRow)
        .sort();
    expect(named("records-complete")).toEqual(submissions.map(describeRow).sort());
    expect(named("ncrs-dispositioned")).toEqual(approvals.map(describeRow).sort());
    expect(approvals).toHaveLength(3);
  });

  const refusals: [string, Partial<typeof COMPLETE>, object][] = [
    [
      "no active ITP",
      { activeItps: 0, items: [] },
      { message: "quality:lot.gate.noItp", params: { count: 1 } },
    ],
    [
      "an item not checked",
      { items: [ITEM, unchecked] },
      {
        message: "quality:lot.gate.unchecked",
        params: { itp: "ITP-0001", position: 2, activity: "Trim", count: 1 },
      },
    ],
    [
      "a non-conforming item with no dispositioned NCR",
      { items: [nonConforming] },
      {
        message: "quality:lot.gate.nonConforming",
        params: { itp: "ITP-0001", position: 3, activity: "Compaction", count: 1 },
      },
    ],
    [
      "a subcontractor signature missing",
      { items: [{ ...ITEM, subcontractorSigned: false }] },
      {
        message: "quality:lot.gate.unsigned",
        params: { itp: "ITP-0001", position: 1, activity: "Subgrade proof roll", count: 1 },
      },
    ],
    [
      "no ITR while an item calls for a record",
      { itrs: 0 },
      {
        message: "quality:lot.gate.itr",
        params: {
          itp: "ITP-0001",
          position: 1,
          activity: "Subgrade proof roll",
          document: "Proof roll record",
          count: 1,
        },
      },
    ],
  ];

  for (const row of submissions)
    it.each(refusals)(`refuses ${describeRow(row)} with %s`, (_name, records, block) => {
      expect(applyLotAction(row.from, row.action, EVERYTHING, withRecords(records))).toEqual({
        ok: false,
        reason: "guard-refused",
        guard: "records-complete",
        block,
      });
    });

  it("lets a submission through with every item conforming or not applicable, signed, and an ITR", () => {
    const notApplicable = { ...ITEM, position: 2, check: "not_applicable" as const, verifyingDocument: null };
    for (const row of submissions)
      expect(
        applyLotAction(row.from, row.action, EVERYTHING, withRecords({ items: [ITEM, notApplicable] })).ok,
      ).toBe(true);
  });

  it("needs no ITR when no item calls for a record, and accepts a non-conformance with a dispositioned NCR", () => {
    const records = {
      itrs: 0,
      items: [
        { ...ITEM, verifyingDocument: null },
        { ...nonConforming, verifyingDocument: "  ", dispositioned: true },
      ],
    };
    for (const row of submissions)
      expect(applyLotAction(row.from, row.action, EVERYTHING, withRecords(records)).ok).toBe(true);
  });

  it("counts every missing record and names the first", () => {
    const [row] = submissions;
    const result = applyLotAction(
      row.from,
      row.action,
      EVERYTHING,
      withRecords({ items: [unchecked, { ...nonConforming, subcontractorSigned: false }], itrs: 0 }),
    );
    // unchecked, non-conforming, unsigned, and two items calling for an ITR.
    expect(result).toMatchObject({ block: { message: "quality:lot.gate.unchecked", params: { count: 5 } } });
  });

  it("checks the hold points before the records", () => {
    const [row] = submissions;
    const held = {
      facts: {
        holdingPoints: [
          { itemId: "h", itpNumber: "ITP-0001", position: 1, activity: "Hold", state: "notified" as const },
        ],
        records: { ...COMPLETE, activeItps: 0 },
      },
    };
    expect(applyLotAction(row.from, row.action, EVERYTHING, held)).toMatchObject({
      guard: "hold-points-cleared",
    });
  });

  it.each(approvals.map((row) => ({ name: describeRow(row), row })))(
    "refuses $name while a non-conforming check has no dispositioned NCR, and runs once it has",
    ({ row }) => {
      expect(
        applyLotAction(row.from, row.action, EVERYTHING, withRecords({ items: [ITEM, nonConforming] })),
      ).toEqual({
        ok: false,
        reason: "guard-refused",
        guard: "ncrs-dispositioned",
        block: {
          message: "quality:lot.gate.nonConforming",
          params: { itp: "ITP-0001", position: 3, activity: "Compaction", count: 1 },
        },
      });
      const dispositioned = { ...nonConforming, dispositioned: true };
      expect(
        applyLotAction(row.from, row.action, EVERYTHING, withRecords({ items: [dispositioned] })).ok,
      ).toBe(true);
      // Unchecked items and missing ITRs are the submission's gate, not QA's.
      expect(
        applyLotAction(row.from, row.action, EVERYTHING, withRecords({ items: [unchecked], itrs: 0 })).ok,
      ).toBe(true);
      expect(applyLotAction(row.from, row.action, EVERYTHING)).toMatchObject({
        reason: "guard-refused",
        block: null,
      });
    },
  );
});

describe("the records lock (issue #12)", () => {
  it("locks records in every state but the site team's, final ones until re-opened", () => {
    const byLock = new Map<string, string[]>();
    for (const row of LOT_TRANSITIONS) {
      const key = lotStateKey(row.from);
      const lock = String(lotRecordsLock(row.from));
      if (!byLock.get(lock)?.includes(key)) byLock.set(lock, [...(byLock.get(lock) ?? []), key]);
    }
    expect(byLock.get("null")?.sort()).toEqual([
      "active/completed_pending_records",
      "active/work_started",
      "non_conforming/engineer_rejected",
      "non_conforming/external_rejected",
      "non_conforming/ncr_raised",
      "non_conforming/qa_returned",
      "open/-",
    ]);
    expect(byLock.get("review")?.sort()).toEqual([
      "active/engineer_review",
      "active/qa_review",
      "confirming/external_review",
      "confirming/qa_approved",
      "confirming/qa_review",
      "guaranteed/external_approved",
    ]);
    expect(byLock.get("final")?.sort()).toEqual([
      "cancelled/-",
      "closed/external_approved",
      "closed/qa_approved",
    ]);
  });
});
