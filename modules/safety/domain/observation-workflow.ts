/**
 * Safety observation lifecycle (issue #13; spec 4 lists the states it shares with the punch list, not the
 * moves): someone on site raises what they saw — a positive observation, an unsafe act or an unsafe
 * condition. An unsafe one is assigned to the member who puts it right: open → in progress → completed by
 * the assignee; its raiser or a manager then closes it, or does not approve it (back to the assignee with a
 * reason). The assignee may dispute it (not theirs, not valid) with a reason; a manager re-issues it or
 * withdraws it. A positive observation, or one put right on the spot, is closed when raised: there is
 * nothing to do. The rows and the decisions where the spec is silent are in the module README and
 * decision 031.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

/** The spec's nine states minus draft, pending and in_review (decision 031 says why). */
export const OBSERVATION_STATUSES = [
  "open",
  "in_progress",
  "completed",
  "not_approved",
  "in_dispute",
  "closed",
] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

export const OBSERVATION_KINDS = ["positive", "unsafe_act", "unsafe_condition"] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

export const OBSERVATION_STEPS = [
  "start",
  "complete",
  "dispute",
  "close",
  "reject",
  "rework",
  "reissue",
  "withdraw",
  "reopen",
  "delete",
] as const;
export type ObservationStep = (typeof OBSERVATION_STEPS)[number];

export const OBSERVATION_PERMISSIONS = {
  view: "safety.observations.view",
  create: "safety.observations.create",
  edit: "safety.observations.edit",
  delete: "safety.observations.delete",
  updateStatus: "safety.observations.update-status",
  close: "safety.observations.close",
  reassign: "safety.observations.reassign",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: the member the observation is assigned to, the person
 * who raised it, or a manager (whoever holds reassign, as for actions: decision 028).
 */
export type ObservationParty = "assignee" | "raiser" | "manager";

export type ObservationRow = TransitionRow<ObservationStatus, ObservationStep> & {
  party: ObservationParty | readonly ObservationParty[];
};

const P = OBSERVATION_PERMISSIONS;
const CHECKER: readonly ObservationParty[] = ["raiser", "manager"];

const assignee = (
  from: ObservationStatus,
  action: ObservationStep,
  to: ObservationStatus,
  extra: Partial<ObservationRow> = {},
): ObservationRow => ({ from, action, to, permission: P.updateStatus, party: "assignee", ...extra });

export const OBSERVATION_TRANSITIONS: readonly ObservationRow[] = [
  assignee("open", "start", "in_progress"),
  // Put right as soon as it was seen to: completed without being started.
  assignee("open", "complete", "completed"),
  assignee("in_progress", "complete", "completed"),
  assignee("open", "dispute", "in_dispute", { requiresComment: true }),
  assignee("in_progress", "dispute", "in_dispute", { requiresComment: true }),
  assignee("not_approved", "dispute", "in_dispute", { requiresComment: true }),
  assignee("not_approved", "rework", "in_progress"),
  { from: "completed", action: "close", to: "closed", permission: P.close, party: CHECKER },
  {
    from: "completed",
    action: "reject",
    to: "not_approved",
    permission: P.close,
    party: CHECKER,
    requiresComment: true,
  },
  // A dispute is settled by a manager: re-issued (after a re-assignment, say) or withdrawn.
  {
    from: "in_dispute",
    action: "reissue",
    to: "open",
    permission: P.close,
    party: "manager",
    requiresComment: true,
  },
  {
    from: "in_dispute",
    action: "withdraw",
    to: "closed",
    permission: P.close,
    party: "manager",
    requiresComment: true,
  },
  {
    from: "closed",
    action: "reopen",
    to: "open",
    permission: P.close,
    party: CHECKER,
    requiresComment: true,
  },
  { from: "open", action: "delete", to: null, permission: P.delete, party: CHECKER, confirm: true },
];

export const observationWorkflow = defineWorkflow<ObservationStatus, ObservationStep, ObservationRow>(
  OBSERVATION_TRANSITIONS,
  (status) => status,
);

/**
 * Who the user is to this observation. `hasWork` is false for an observation with nothing to put right (a
 * positive one, or one put right on the spot, closed when raised): nobody is a party to its table.
 */
export type ObservationRelation = {
  isRaiser: boolean;
  isAssignee: boolean;
  isManager: boolean;
  hasWork: boolean;
};

export function observationParties(relation: ObservationRelation): ReadonlySet<ObservationParty> {
  const parties = new Set<ObservationParty>();
  if (!relation.hasWork) return parties;
  if (relation.isRaiser) parties.add("raiser");
  if (relation.isAssignee) parties.add("assignee");
  if (relation.isManager) parties.add("manager");
  return parties;
}

/** The rows this user may run now (the buttons to show). */
export function availableObservationSteps(
  status: ObservationStatus,
  granted: ReadonlySet<string>,
  relation: ObservationRelation,
): ObservationRow[] {
  return observationWorkflow.available(status, granted, observationParties(relation));
}

export type ObservationRefusal =
  | "not-allowed-from-state"
  | "missing-permission"
  | "comment-required"
  | "not-party";

/** One step, checked as the server checks it: state, permission, reason, then who the user is to it. */
export function applyObservationStep(
  status: ObservationStatus,
  step: ObservationStep,
  granted: ReadonlySet<string>,
  relation: ObservationRelation,
  input?: TransitionInput,
):
  | { ok: true; to: ObservationStatus | null; row: ObservationRow }
  | { ok: false; reason: ObservationRefusal } {
  const result = observationWorkflow.apply(status, step, granted, {
    ...input,
    parties: observationParties(relation),
  });
  // The table declares no guards: a guard refusal cannot come back.
  if (!result.ok)
    return {
      ok: false,
      reason: result.reason === "guard-refused" ? "not-allowed-from-state" : result.reason,
    };
  return result;
}

/** Whether an observation of this kind asks someone to put something right. */
export const kindNeedsWork = (kind: ObservationKind) => kind !== "positive";

/** The status an observation is raised in: closed when there is nothing to put right. */
export const initialObservationStatus = (
  kind: ObservationKind,
  rectifiedOnSpot: boolean,
): ObservationStatus => (kindNeedsWork(kind) && !rectifiedOnSpot ? "open" : "closed");

/** Statuses where the observation waits for its assignee: "assigned to me" looks at these. */
export const OBSERVATION_OPEN_STATUSES: readonly ObservationStatus[] = [
  "open",
  "in_progress",
  "not_approved",
];

/** Whether its fields, photos and assignee may still change. */
export const isObservationLive = (status: ObservationStatus) => status !== "closed";

/** A manager hands it to someone else while it is still to be put right, or while disputed. */
export const canReassignObservationIn = (status: ObservationStatus) =>
  status === "open" || status === "in_progress" || status === "not_approved" || status === "in_dispute";
