/**
 * NCR (non-conformance report) lifecycle (spec 4: in_progress, in_review, closed, archived; types product and
 * system). The record follows ISO 9001 8.7 (control of nonconforming outputs: containment, disposition,
 * concession with its authoriser, informing the client) and 10.2 (root cause, corrective action, its
 * effectiveness). Closing is the one guarded step: see ncrCloseBlockers.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export const NCR_STATUSES = ["in_progress", "in_review", "closed", "archived"] as const;
export type NcrStatus = (typeof NCR_STATUSES)[number];

export const NCR_TYPES = ["product", "system"] as const;
export type NcrType = (typeof NCR_TYPES)[number];

/** ISO 9001 8.7.1: what is done with the nonconforming output. `use_as_is` is a concession. */
export const NCR_DISPOSITIONS = ["rework", "repair", "use_as_is", "reject"] as const;
export type NcrDisposition = (typeof NCR_DISPOSITIONS)[number];

export const NCR_ACTIONS = ["submit_for_review", "return", "close", "archive"] as const;
export type NcrAction = (typeof NCR_ACTIONS)[number];

export const NCR_PERMISSIONS = {
  edit: "quality.ncr.edit",
  review: "quality.ncr.review",
  close: "quality.ncr.close",
  archive: "quality.ncr.archive",
} as const satisfies Record<string, PermissionKey>;

export const NCR_INITIAL_STATUS: NcrStatus = "in_progress";

export type NcrRow = TransitionRow<NcrStatus, NcrAction>;

const P = NCR_PERMISSIONS;

export const NCR_TRANSITIONS: readonly NcrRow[] = [
  { from: "in_progress", action: "submit_for_review", to: "in_review", permission: P.edit },
  // The reviewer sends it back for more work, saying why.
  { from: "in_review", action: "return", to: "in_progress", permission: P.review, requiresComment: true },
  {
    from: "in_review",
    action: "close",
    to: "closed",
    permission: P.close,
    confirm: true,
    guard: ncrCloseOutGuard(),
  },
  { from: "closed", action: "archive", to: "archived", permission: P.archive, confirm: true },
];

export const ncrWorkflow = defineWorkflow<NcrStatus, NcrAction, NcrRow>(NCR_TRANSITIONS, (status) => status);

export const NCR_WORKFLOW_PERMISSIONS = ncrWorkflow.permissions;

/** The ISO sections are edited while the NCR is with its author; a review, a closed or archived NCR is read-only. */
export const isNcrEditable = (status: NcrStatus) => status === "in_progress";

/** Open NCRs hold their lot (a product NCR's lot cannot pass while one is open). */
export const isNcrOpen = (status: NcrStatus) => status === "in_progress" || status === "in_review";

export interface NcrCloseOut {
  disposition: NcrDisposition | null;
  concessionAuthorisedBy: string | null;
  correctiveAction: string | null;
  effectivenessCheck: string | null;
}

export const NCR_CLOSE_BLOCKERS = [
  "disposition-missing",
  "concession-authoriser-missing",
  "corrective-action-missing",
  "effectiveness-missing",
] as const;
export type NcrCloseBlocker = (typeof NCR_CLOSE_BLOCKERS)[number];

const blank = (value: string | null) => !value?.trim();

/**
 * What still stops an NCR from closing, in the order the form shows it: a disposition (8.7), the one who
 * authorised a concession ("use as is"), a corrective action (10.2.1 c) and the check of its
 * effectiveness (10.2.1 d). Empty when it may close.
 */
export function ncrCloseBlockers(record: NcrCloseOut): NcrCloseBlocker[] {
  const blockers: NcrCloseBlocker[] = [];
  if (!record.disposition) blockers.push("disposition-missing");
  if (record.disposition === "use_as_is" && blank(record.concessionAuthorisedBy))
    blockers.push("concession-authoriser-missing");
  if (blank(record.correctiveAction)) blockers.push("corrective-action-missing");
  if (blank(record.effectivenessCheck)) blockers.push("effectiveness-missing");
  return blockers;
}

/**
 * Closing needs the close-out (ncrCloseBlockers), checked on the record the step locked. The block names the
 * first part missing and lists them all in `missing`, for the form to show every one.
 */
function ncrCloseOutGuard(): TransitionGuard<NcrCloseOut> {
  return {
    name: "close-out-complete",
    check(record) {
      const blockers = ncrCloseBlockers(record);
      if (blockers.length === 0) return null;
      return { message: `quality:ncr.closeOut.${blockers[0]}`, params: { missing: blockers.join(",") } };
    },
  };
}

/** The messages of a refused close-out, one per part missing, from the guard's block. */
export function ncrCloseOutMessages(params: Record<string, string | number> | undefined): string[] {
  return String(params?.missing ?? "")
    .split(",")
    .filter(Boolean)
    .map((blocker) => `quality:ncr.closeOut.${blocker}`);
}

export function availableNcrActions(status: NcrStatus, granted: ReadonlySet<string>): NcrRow[] {
  return ncrWorkflow.available(status, granted);
}
