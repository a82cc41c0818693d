/**
 * Lot lifecycle (spec 4), Q6-style: work started → records complete → Project Engineer review →
 * QA review → external (client) review → guaranteed → closed. The spec names the statuses,
 * sub-statuses and a few actions but not the transitions; the decisions are in the module README.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";
import type { HoldingPoint } from "./hold-points";
import {
  type LotRecordFacts,
  type MissingRecord,
  missingRecords,
  unresolvedNonConformances,
} from "./lot-records";

export const LOT_STATUSES = [
  "open",
  "active",
  "guaranteed",
  "non_conforming",
  "confirming",
  "closed",
  "cancelled",
] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_SUB_STATUSES = [
  "work_started",
  "completed_pending_records",
  "engineer_review",
  "engineer_rejected",
  "qa_review",
  "qa_returned",
  "qa_approved",
  "external_review",
  "external_approved",
  "external_rejected",
  "ncr_raised",
] as const;
export type LotSubStatus = (typeof LOT_SUB_STATUSES)[number];

export interface LotState {
  status: LotStatus;
  /** `null` while the lot is open (no work yet) and once it is cancelled. */
  subStatus: LotSubStatus | null;
}

export const LOT_ACTIONS = [
  "start_work",
  "mark_records_complete",
  "submit_to_engineer",
  "engineer_approve",
  "engineer_reject",
  "qa_acknowledge",
  "qa_return",
  "qa_approve",
  "send_external_review",
  "external_approve",
  "external_reject",
  "close",
  "cancel",
  "reopen",
  "delete",
  "raise_ncr",
] as const;
export type LotAction = (typeof LOT_ACTIONS)[number];

export const LOT_PERMISSIONS = {
  updateStatus: "quality.lot.update-status",
  internalReview: "quality.lot.internal-review",
  qaReview: "quality.lot.qa-review",
  externalReview: "quality.lot.external-review",
  close: "quality.lot.close",
  reopenCancel: "quality.lot.lot-reopen-cancel",
  delete: "quality.lot.delete",
  raiseNcr: "quality.ncr.create",
} as const satisfies Record<string, PermissionKey>;

/** A new lot. */
export const LOT_INITIAL_STATE: LotState = { status: "open", subStatus: null };

const s = (status: LotStatus, subStatus: LotSubStatus | null = null): LotState => ({ status, subStatus });

const OPEN = s("open");
const WORK_STARTED = s("active", "work_started");
const RECORDS_PENDING = s("active", "completed_pending_records");
const ENGINEER_REVIEW = s("active", "engineer_review");
const AWAITING_QA = s("active", "qa_review");
const QA_REVIEW = s("confirming", "qa_review");
const QA_APPROVED = s("confirming", "qa_approved");
const EXTERNAL_REVIEW = s("confirming", "external_review");
const EXTERNAL_APPROVED = s("guaranteed", "external_approved");
const ENGINEER_REJECTED = s("non_conforming", "engineer_rejected");
const QA_RETURNED = s("non_conforming", "qa_returned");
const EXTERNAL_REJECTED = s("non_conforming", "external_rejected");
const CLOSED_BY_QA = s("closed", "qa_approved");
const CLOSED_BY_CLIENT = s("closed", "external_approved");
const CANCELLED = s("cancelled");
const NCR_RAISED = s("non_conforming", "ncr_raised");

type LotRow = TransitionRow<LotState, LotAction>;

const P = LOT_PERMISSIONS;

/**
 * What the lot's guards read on the lot: the hold points still holding it (hold-points.ts holdingPoints) and
 * its records (lot-records.ts).
 */
export interface LotFacts {
  holdingPoints: readonly HoldingPoint[];
  records: LotRecordFacts;
}

/** The first missing record as the refusal names it, with how many are missing in all. */
const firstMissing = (missing: readonly MissingRecord[]) => {
  const [first] = missing;
  return first
    ? { message: `quality:lot.gate.${first.kind}`, params: { ...first.params, count: missing.length } }
    : null;
};

/**
 * A lot's records prove conformance before it goes to the Project Engineer (issue #12, decision 026): an
 * active ITP, every item checked, the subcontractor's signatures and the ITRs its items call for.
 */
export const recordsComplete: TransitionGuard<LotFacts> = {
  name: "records-complete",
  check: ({ records }) => firstMissing(missingRecords(records)),
};

/** A non-conforming check stops QA approval and closing until an NCR for it is raised and dispositioned. */
export const nonConformancesDispositioned: TransitionGuard<LotFacts> = {
  name: "ncrs-dispositioned",
  check: ({ records }) => firstMissing(unresolvedNonConformances(records)),
};

/**
 * A hold point blocks (issue #12): the lot goes to the Project Engineer only when every hold point on it is
 * released, released with comment or not required. The refusal names the first one still holding.
 */
export const holdPointsCleared: TransitionGuard<LotFacts> = {
  name: "hold-points-cleared",
  check({ holdingPoints: [first] }) {
    if (!first) return null;
    return {
      message: "quality:hpWp.errors.lotHeld",
      params: { itp: first.itpNumber, position: first.position, activity: first.activity },
    };
  },
};

const NON_CONFORMING = [ENGINEER_REJECTED, QA_RETURNED, EXTERNAL_REJECTED, NCR_RAISED];
/**
 * States where work has been done and not yet closed: a product NCR raised on the lot makes it non-conforming.
 * The step is run by raising the NCR (never a button of the lot page); a lot already non-conforming stays as it is.
 */
const NCR_CAN_BE_RAISED = [
  WORK_STARTED,
  RECORDS_PENDING,
  ENGINEER_REVIEW,
  AWAITING_QA,
  QA_REVIEW,
  QA_APPROVED,
  EXTERNAL_REVIEW,
  EXTERNAL_APPROVED,
];
/** States where the lot is with the site team (not under review, not accepted): cancel is allowed. */
const WITH_SITE_TEAM = [OPEN, WORK_STARTED, RECORDS_PENDING, ...NON_CONFORMING];

export const LOT_TRANSITIONS: readonly LotRow[] = [
  { from: OPEN, action: "start_work", to: WORK_STARTED, permission: P.updateStatus },
  { from: WORK_STARTED, action: "mark_records_complete", to: RECORDS_PENDING, permission: P.updateStatus },
  // After any rejection the site team fixes the work or records and resubmits to the engineer; never
  // while a hold point is holding the lot.
  ...[RECORDS_PENDING, ...NON_CONFORMING].map(
    (from): LotRow => ({
      from,
      action: "submit_to_engineer",
      to: ENGINEER_REVIEW,
      permission: P.updateStatus,
      guard: [holdPointsCleared, recordsComplete],
    }),
  ),
  { from: ENGINEER_REVIEW, action: "engineer_approve", to: AWAITING_QA, permission: P.internalReview },
  {
    from: ENGINEER_REVIEW,
    action: "engineer_reject",
    to: ENGINEER_REJECTED,
    permission: P.internalReview,
    requiresComment: true,
  },
  { from: AWAITING_QA, action: "qa_acknowledge", to: QA_REVIEW, permission: P.qaReview },
  { from: QA_REVIEW, action: "qa_return", to: QA_RETURNED, permission: P.qaReview, requiresComment: true },
  {
    from: QA_REVIEW,
    action: "qa_approve",
    to: QA_APPROVED,
    permission: P.qaReview,
    guard: nonConformancesDispositioned,
  },
  { from: QA_APPROVED, action: "send_external_review", to: EXTERNAL_REVIEW, permission: P.qaReview },
  { from: EXTERNAL_REVIEW, action: "external_approve", to: EXTERNAL_APPROVED, permission: P.externalReview },
  {
    from: EXTERNAL_REVIEW,
    action: "external_reject",
    to: EXTERNAL_REJECTED,
    permission: P.externalReview,
    requiresComment: true,
  },
  // QA may close on the client's behalf when the contract needs no client review.
  {
    from: QA_APPROVED,
    action: "close",
    to: CLOSED_BY_QA,
    permission: P.close,
    guard: nonConformancesDispositioned,
  },
  {
    from: EXTERNAL_APPROVED,
    action: "close",
    to: CLOSED_BY_CLIENT,
    permission: P.close,
    guard: nonConformancesDispositioned,
  },
  ...WITH_SITE_TEAM.map(
    (from): LotRow => ({
      from,
      action: "cancel",
      to: CANCELLED,
      permission: P.reopenCancel,
      confirm: true,
      requiresComment: true,
    }),
  ),
  // Re-opening a closed lot sends its records back for amendment; a cancelled lot starts again as open.
  ...[CLOSED_BY_QA, CLOSED_BY_CLIENT].map(
    (from): LotRow => ({
      from,
      action: "reopen",
      to: RECORDS_PENDING,
      permission: P.reopenCancel,
      requiresComment: true,
    }),
  ),
  { from: CANCELLED, action: "reopen", to: OPEN, permission: P.reopenCancel, requiresComment: true },
  ...NCR_CAN_BE_RAISED.map(
    (from): LotRow => ({ from, action: "raise_ncr", to: NCR_RAISED, permission: P.raiseNcr }),
  ),
  // Only a lot with nothing recorded yet, or a cancelled one, can be deleted.
  ...[OPEN, CANCELLED].map(
    (from): LotRow => ({ from, action: "delete", to: null, permission: P.delete, confirm: true }),
  ),
];

export const lotStateKey = (state: LotState) => `${state.status}/${state.subStatus ?? "-"}`;

export const lotWorkflow = defineWorkflow(LOT_TRANSITIONS, lotStateKey);

/** Every permission key the lot table uses, for the manifest's permission tree. */
export const LOT_WORKFLOW_PERMISSIONS = lotWorkflow.permissions;

/**
 * Where a lot's records (fields, equipment, related lots, ITPs, checks, signatures, ITRs) may change: with
 * the site team only (open, work started, records complete, non-conforming). Under review (engineer, QA,
 * client), accepted, closed or cancelled they are locked until the lot is returned or re-opened
 * (issue #12). `final` (closed or cancelled) needs a re-open; `review` waits for a return.
 */
export type LotRecordsLock = "final" | "review" | null;

export function lotRecordsLock(state: LotState): LotRecordsLock {
  if (isLotFinal(state)) return "final";
  return WITH_SITE_TEAM.some((open) => lotStateKey(open) === lotStateKey(state)) ? null : "review";
}

/** Final states: only `reopen` (and `delete` for cancelled) leave them. */
export const isLotFinal = (state: LotState) => state.status === "closed" || state.status === "cancelled";

export function availableLotActions(state: LotState, granted: ReadonlySet<string>): LotRow[] {
  return lotWorkflow.available(state, granted);
}

export function applyLotAction(
  state: LotState,
  action: LotAction,
  granted: ReadonlySet<string>,
  input?: TransitionInput & { facts?: LotFacts },
) {
  return lotWorkflow.apply(state, action, granted, input);
}
