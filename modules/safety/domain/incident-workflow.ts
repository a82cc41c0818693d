/**
 * The incident lifecycle (spec 4: RAISED → EVALUATION_BY_SHE_PERSONNEL → INVESTIGATION → SIGN_OFF →
 * CLOSED; actions raise, submit incident, submit evaluation, submit investigation, close, delete), who
 * runs each step, and what may be edited, locked, unlocked and re-assigned when (decision 030, README).
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionRow,
} from "../../../server/workflow/transition-table";
import type { IncidentStatus } from "./incident-fields";

export { INCIDENT_STATUSES, type IncidentStatus } from "./incident-fields";

export const INCIDENT_STEPS = [
  "submit_incident",
  "submit_evaluation",
  "submit_investigation",
  "close",
  "delete",
] as const;
export type IncidentStep = (typeof INCIDENT_STEPS)[number];

export const INCIDENT_PERMISSIONS = {
  view: "safety.incidents.view",
  create: "safety.incidents.create",
  edit: "safety.incidents.edit",
  delete: "safety.incidents.delete",
  updateStatus: "safety.incidents.update-status",
  close: "safety.incidents.close",
  lockUnlock: "safety.incidents.lock-unlock",
  unlockIncident: "safety.incidents.unlock-incident",
  reassignIncident: "safety.incidents.reassign-incident",
  viewNotificationSettings: "safety.incidents.view-notification-settings",
  editNotificationSettings: "safety.incidents.edit-notification-settings",
  viewSettings: "safety.incidents.view-settings",
  createSettings: "safety.incidents.create-settings",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: the member who raised the incident (reporter), the
 * SHE person it is assigned to (she), or a manager — whoever may re-assign any incident (decision 030).
 */
export type IncidentParty = "reporter" | "she" | "manager";

/** What the guards read on the incident. */
export type IncidentFacts = {
  locked: boolean;
  sheAssigned: boolean;
  /** The investigation's root cause is written. */
  rootCause: boolean;
  /** Report completed by, reviewed by with a reviewer role, signature and signed on are all given. */
  signOffComplete: boolean;
};

const notLocked: TransitionGuard<IncidentFacts> = {
  name: "not-locked",
  check: (facts) => (facts.locked ? { message: "safety:incident.errors.locked" } : null),
};
const sheAssigned: TransitionGuard<IncidentFacts> = {
  name: "she-assigned",
  check: (facts) => (facts.sheAssigned ? null : { message: "safety:incident.errors.sheRequired" }),
};
const rootCause: TransitionGuard<IncidentFacts> = {
  name: "root-cause",
  check: (facts) => (facts.rootCause ? null : { message: "safety:incident.errors.rootCauseRequired" }),
};
const signedOff: TransitionGuard<IncidentFacts> = {
  name: "signed-off",
  check: (facts) => (facts.signOffComplete ? null : { message: "safety:incident.errors.signOffRequired" }),
};

export type IncidentRow = TransitionRow<IncidentStatus, IncidentStep> & {
  party: IncidentParty | readonly IncidentParty[];
};

export const INCIDENT_INITIAL_STATUS: IncidentStatus = "RAISED";

const P = INCIDENT_PERMISSIONS;
const SHE: readonly IncidentParty[] = ["she", "manager"];

export const INCIDENT_TRANSITIONS: readonly IncidentRow[] = [
  {
    from: "RAISED",
    action: "submit_incident",
    to: "EVALUATION_BY_SHE_PERSONNEL",
    permission: P.updateStatus,
    party: ["reporter", "she", "manager"],
    guard: [notLocked, sheAssigned],
  },
  {
    from: "EVALUATION_BY_SHE_PERSONNEL",
    action: "submit_evaluation",
    to: "INVESTIGATION",
    permission: P.updateStatus,
    party: SHE,
    guard: notLocked,
  },
  {
    from: "INVESTIGATION",
    action: "submit_investigation",
    to: "SIGN_OFF",
    permission: P.updateStatus,
    party: SHE,
    guard: [notLocked, rootCause],
  },
  {
    from: "SIGN_OFF",
    action: "close",
    to: "CLOSED",
    permission: P.close,
    party: "manager",
    guard: [notLocked, signedOff],
  },
  {
    from: "RAISED",
    action: "delete",
    to: null,
    permission: P.delete,
    party: ["reporter", "manager"],
    confirm: true,
    guard: notLocked,
  },
];

export const incidentWorkflow = defineWorkflow<IncidentStatus, IncidentStep, IncidentRow>(
  INCIDENT_TRANSITIONS,
  (status) => status,
);

/** Who the user is to this incident. A super admin counts as every party. */
export type IncidentRelation = { isReporter: boolean; isShe: boolean; isManager: boolean };

export function incidentParties(relation: IncidentRelation): ReadonlySet<IncidentParty> {
  const parties = new Set<IncidentParty>();
  if (relation.isReporter) parties.add("reporter");
  if (relation.isShe) parties.add("she");
  if (relation.isManager) parties.add("manager");
  return parties;
}

/** The rows this user may run now (the buttons to show); a locked incident shows none. */
export function availableIncidentSteps(
  status: IncidentStatus,
  locked: boolean,
  granted: ReadonlySet<string>,
  relation: IncidentRelation,
): IncidentRow[] {
  if (locked) return [];
  return incidentWorkflow.available(status, granted, incidentParties(relation));
}

// ---------------------------------------------------------------------------------------------------
// Editing, locking, re-assigning (decision 030).

/** The form's steps (spec 2 "Incident steps"), in order. */
export const INCIDENT_SECTIONS = ["basic", "forms", "injury", "investigation", "signoff"] as const;
export type IncidentSection = (typeof INCIDENT_SECTIONS)[number];

type RecordState = { status: IncidentStatus; locked: boolean };

/**
 * The sections this user may change now. Nothing while locked (closing locks). The reporter changes the
 * first three while the incident is RAISED; the SHE person and the managers change them until it is
 * closed, the investigation during evaluation and investigation, the sign-off during sign-off; an
 * incident unlocked after closing is corrected by them in every section.
 */
export function editableSections(
  incident: RecordState,
  granted: ReadonlySet<string>,
  relation: IncidentRelation,
): IncidentSection[] {
  if (incident.locked || !granted.has(P.edit)) return [];
  const she = relation.isShe || relation.isManager;
  const { status } = incident;
  if (status === "CLOSED") return she ? [...INCIDENT_SECTIONS] : [];
  const sections: IncidentSection[] = [];
  if ((status === "RAISED" && relation.isReporter) || she) sections.push("basic", "forms", "injury");
  if (she && (status === "EVALUATION_BY_SHE_PERSONNEL" || status === "INVESTIGATION"))
    sections.push("investigation");
  if (she && status === "SIGN_OFF") sections.push("signoff");
  return sections;
}

/**
 * Lock and unlock. `lock-unlock` freezes an open incident (a legal hold, a dispute) and frees it again;
 * a closed incident is locked by its closing, and only `unlock-incident` opens it for a correction (it
 * stays CLOSED). Re-locking a corrected closed incident is `lock-unlock`'s.
 */
export function canLockIncident(incident: RecordState, granted: ReadonlySet<string>): boolean {
  return !incident.locked && granted.has(P.lockUnlock);
}

export function canUnlockIncident(incident: RecordState, granted: ReadonlySet<string>): boolean {
  if (!incident.locked) return false;
  return incident.status === "CLOSED" ? granted.has(P.unlockIncident) : granted.has(P.lockUnlock);
}

/** `reassign-incident` hands an incident to another SHE person, until it is closed, never while locked. */
export function canReassignIncident(incident: RecordState, granted: ReadonlySet<string>): boolean {
  return !incident.locked && incident.status !== "CLOSED" && granted.has(P.reassignIncident);
}
