/**
 * Safety action lifecycle (issue #13; spec 4 lists the action's activity events, not its states): open →
 * in progress by the assignee → completed by the assignee → closed by the creator or a manager, who may
 * instead send it back to the assignee with a reason, and may re-open a closed action with a reason. The
 * rows and the decisions where the spec is silent are in the module README.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export const ACTION_STATUSES = ["open", "in_progress", "completed", "closed"] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const ACTION_STEPS = ["start", "complete", "send_back", "close", "reopen", "delete"] as const;
export type ActionStep = (typeof ACTION_STEPS)[number];

/** The risk ranking of a safety action, lowest first (a 4-level risk matrix's outcome). */
export const RISK_RANKINGS = ["low", "medium", "high", "extreme"] as const;
export type RiskRanking = (typeof RISK_RANKINGS)[number];

export const ACTION_PERMISSIONS = {
  view: "safety.actions.view",
  create: "safety.actions.create",
  edit: "safety.actions.edit",
  delete: "safety.actions.delete",
  updateStatus: "safety.actions.update-status",
  close: "safety.actions.close",
  reassign: "safety.actions.reassign",
  viewNotificationSettings: "safety.actions.view-notification-settings",
  editNotificationSettings: "safety.actions.edit-notification-settings",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: the person the action is assigned to, the person who
 * created it, or a manager (whoever may re-assign any action: decision 028).
 */
export type ActionParty = "assignee" | "creator" | "manager";

export type ActionRow = TransitionRow<ActionStatus, ActionStep> & {
  party: ActionParty | readonly ActionParty[];
};

export const ACTION_INITIAL_STATUS: ActionStatus = "open";

const P = ACTION_PERMISSIONS;
const OWNER: readonly ActionParty[] = ["creator", "manager"];

const assignee = (from: ActionStatus, action: ActionStep, to: ActionStatus): ActionRow => ({
  from,
  action,
  to,
  permission: P.updateStatus,
  party: "assignee",
});

export const ACTION_TRANSITIONS: readonly ActionRow[] = [
  assignee("open", "start", "in_progress"),
  // Work done on the spot (a guard rail fixed while walking past) is completed without being started.
  assignee("open", "complete", "completed"),
  assignee("in_progress", "complete", "completed"),
  { from: "completed", action: "close", to: "closed", permission: P.close, party: OWNER },
  {
    from: "completed",
    action: "send_back",
    to: "in_progress",
    permission: P.close,
    party: OWNER,
    requiresComment: true,
  },
  { from: "closed", action: "reopen", to: "open", permission: P.close, party: OWNER, requiresComment: true },
  { from: "open", action: "delete", to: null, permission: P.delete, party: OWNER, confirm: true },
];

export const actionWorkflow = defineWorkflow<ActionStatus, ActionStep, ActionRow>(
  ACTION_TRANSITIONS,
  (status) => status,
);

/** Who the user is to this action. A super admin counts as every party. */
export type ActionRelation = { isCreator: boolean; isAssignee: boolean; isManager: boolean };

export function actionParties(relation: ActionRelation): ReadonlySet<ActionParty> {
  const parties = new Set<ActionParty>();
  if (relation.isCreator) parties.add("creator");
  if (relation.isAssignee) parties.add("assignee");
  if (relation.isManager) parties.add("manager");
  return parties;
}

/** The rows this user may run now (the buttons to show). */
export function availableActionSteps(
  status: ActionStatus,
  granted: ReadonlySet<string>,
  relation: ActionRelation,
): ActionRow[] {
  return actionWorkflow.available(status, granted, actionParties(relation));
}

export type ActionRefusal =
  | "not-allowed-from-state"
  | "missing-permission"
  | "comment-required"
  | "not-party";

/** One step, checked as the server checks it: state, permission, reason, then who the user is to the action. */
export function applyActionStep(
  status: ActionStatus,
  step: ActionStep,
  granted: ReadonlySet<string>,
  relation: ActionRelation,
  input?: TransitionInput,
): { ok: true; to: ActionStatus | null; row: ActionRow } | { ok: false; reason: ActionRefusal } {
  const result = actionWorkflow.apply(status, step, granted, { ...input, parties: actionParties(relation) });
  // The table declares no guards: a guard refusal cannot come back.
  if (!result.ok)
    return {
      ok: false,
      reason: result.reason === "guard-refused" ? "not-allowed-from-state" : result.reason,
    };
  return result;
}

/** Statuses where the action still waits for its assignee: due and overdue look at these. */
export const ACTION_OPEN_STATUSES: readonly ActionStatus[] = ["open", "in_progress"];

/** Whether the action's fields, evidence and assignee may still change. */
export const isActionLive = (status: ActionStatus) => status !== "closed";

/** An assignee may be changed while the work is still to be done. */
export const canReassignIn = (status: ActionStatus) => ACTION_OPEN_STATUSES.includes(status);

/** At most this many watchers (spec 5: 'Maximum 100 users allowed.'). */
export const MAX_WATCHERS = 100;
