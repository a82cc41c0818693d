/**
 * Punch list defect lifecycle (spec 4 "Observation and punch list" statuses; the flow): raised →
 * in progress by the assignee → completed → in review → closed, or not approved / in dispute back to the
 * assignee. Each row names who may run it: the defect's raiser, its assignee, or a reviewer (QA), on top of
 * the permission the row needs. The decisions where the spec is silent are in the module README.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";

export const DEFECT_STATUSES = [
  "draft",
  "pending",
  "open",
  "in_progress",
  "completed",
  "in_review",
  "not_approved",
  "in_dispute",
  "closed",
] as const;
export type DefectStatus = (typeof DEFECT_STATUSES)[number];

export const DEFECT_ACTIONS = [
  "raise",
  "delete",
  "start",
  "dispute",
  "complete",
  "start_review",
  "approve",
  "reject",
  "rework",
  "reissue",
  "withdraw",
  "reopen",
] as const;
export type DefectAction = (typeof DEFECT_ACTIONS)[number];

export const DEFECT_PRIORITIES = ["high", "normal", "low"] as const;
export type DefectPriority = (typeof DEFECT_PRIORITIES)[number];

export const DEFECT_PERMISSIONS = {
  view: "quality.defects.view",
  create: "quality.defects.create",
  respond: "quality.defects.respond",
  review: "quality.defects.review",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: the person who raised the defect, the person it is
 * assigned to, or anyone holding the permission (a reviewer).
 */
export type DefectParty = "raiser" | "assignee" | "reviewer";

export type DefectRow = TransitionRow<DefectStatus, DefectAction> & { party: DefectParty };

/** A defect saved with "Save as draft"; "Raise" saves and raises it at once. */
export const DEFECT_INITIAL_STATUS: DefectStatus = "draft";

const P = DEFECT_PERMISSIONS;

const assignee = (
  from: DefectStatus,
  action: DefectAction,
  to: DefectStatus,
  extra: Partial<DefectRow> = {},
): DefectRow => ({ from, action, to, permission: P.respond, party: "assignee", ...extra });
const reviewer = (
  from: DefectStatus,
  action: DefectAction,
  to: DefectStatus,
  extra: Partial<DefectRow> = {},
): DefectRow => ({ from, action, to, permission: P.review, party: "reviewer", ...extra });

/** States where the defect waits for its assignee to start the work (or to dispute it). */
const WITH_ASSIGNEE: DefectStatus[] = ["pending", "open"];

export const DEFECT_TRANSITIONS: readonly DefectRow[] = [
  { from: "draft", action: "raise", to: "pending", permission: P.create, party: "raiser" },
  { from: "draft", action: "delete", to: null, permission: P.create, party: "raiser", confirm: true },
  ...WITH_ASSIGNEE.map((from) => assignee(from, "start", "in_progress")),
  ...[...WITH_ASSIGNEE, "not_approved" as const].map((from) =>
    assignee(from, "dispute", "in_dispute", { requiresComment: true }),
  ),
  assignee("in_progress", "complete", "completed"),
  reviewer("completed", "start_review", "in_review"),
  reviewer("in_review", "approve", "closed"),
  reviewer("in_review", "reject", "not_approved", { requiresComment: true }),
  assignee("not_approved", "rework", "in_progress"),
  reviewer("in_dispute", "reissue", "pending", { requiresComment: true }),
  reviewer("in_dispute", "withdraw", "closed", { requiresComment: true, confirm: true }),
  reviewer("closed", "reopen", "open", { requiresComment: true }),
];

export const defectWorkflow = defineWorkflow<DefectStatus, DefectAction, DefectRow>(
  DEFECT_TRANSITIONS,
  (status) => status,
);

/** Every permission key the defect table uses, for the manifest's permission tree. */
export const DEFECT_WORKFLOW_PERMISSIONS = defectWorkflow.permissions;

/** Who the user is to this defect. A super admin counts as every party. */
export type DefectRelation = { isRaiser: boolean; isAssignee: boolean };

/** The parts the user plays on the defect, for the engine's party check: anyone is a reviewer (the permission decides). */
export function defectParties(relation: DefectRelation): ReadonlySet<DefectParty> {
  const parties = new Set<DefectParty>(["reviewer"]);
  if (relation.isRaiser) parties.add("raiser");
  if (relation.isAssignee) parties.add("assignee");
  return parties;
}

/** The rows this user may run now: the table's, filtered by permission and by who they are to the defect. */
export function availableDefectActions(
  status: DefectStatus,
  granted: ReadonlySet<string>,
  relation: DefectRelation,
): DefectRow[] {
  return defectWorkflow.available(status, granted, defectParties(relation));
}

/** Statuses where the defect is still to be fixed: "My defects" and overdue look at these. */
export const DEFECT_OPEN_STATUSES: readonly DefectStatus[] = [
  "pending",
  "open",
  "in_progress",
  "not_approved",
  "in_dispute",
];
