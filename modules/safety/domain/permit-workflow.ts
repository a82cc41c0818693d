/**
 * Permits to work (issue #14; spec 4: IN_PROGRESS, IN_REVIEW, ACTIVE, CLOSED, ARCHIVED; validity Active,
 * Inactive, Expired). A permit is prepared (its checklist answered), submitted, approved with the issuer's
 * signature (ACTIVE: the work may go on within its period), closed with a signature when the work is done
 * and the area handed back, and archived. The rows and the decisions where the spec is silent are in the
 * module README and decision 034. Pure: no Remix, no database.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionInput,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export const PERMIT_STATUSES = ["IN_PROGRESS", "IN_REVIEW", "ACTIVE", "CLOSED", "ARCHIVED"] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

export const PERMIT_TYPES = [
  "hot_work",
  "confined_space",
  "excavation",
  "work_at_height",
  "electrical_isolation",
  "lifting",
  "general",
] as const;
export type PermitType = (typeof PERMIT_TYPES)[number];

export const PERMIT_STEPS = ["submit", "approve", "return", "close", "archive", "delete"] as const;
export type PermitStep = (typeof PERMIT_STEPS)[number];

/** The steps that are signed: the form carries a drawn signature or a typed name. */
export const SIGNED_PERMIT_STEPS: readonly PermitStep[] = ["approve", "close"];

export const PERMIT_PERMISSIONS = {
  view: "safety.permits.view",
  create: "safety.permits.create",
  edit: "safety.permits.edit",
  delete: "safety.permits.delete",
  updateStatus: "safety.permits.update-status",
  approve: "safety.permits.approve",
  close: "safety.permits.close",
  archive: "safety.permits.archive",
} as const satisfies Record<string, PermissionKey>;

/**
 * Who may run a row besides holding its permission: who prepared the permit (creator), who authorises the
 * work (issuer), who is in charge of the work under it (receiver), or a manager (whoever holds archive).
 */
export type PermitParty = "creator" | "issuer" | "receiver" | "manager";

export type PermitRow = TransitionRow<PermitStatus, PermitStep> & {
  party: PermitParty | readonly PermitParty[];
};

// ---------------------------------------------------------------------------------------------------
// The checklist: items by type, each answered yes, no or not applicable.

export const CHECKLIST_ANSWERS = ["yes", "no", "na"] as const;
export type ChecklistAnswer = (typeof CHECKLIST_ANSWERS)[number];
export type ChecklistItem = { key: string; answer: ChecklistAnswer | null };

const COMMON_ITEMS = ["area_barricaded", "ppe", "workers_briefed", "emergency_plan"];

/** Each type's items (translation keys safety:permit.checklist.items.*), then the items every permit has. */
export const PERMIT_CHECKLISTS: Record<PermitType, readonly string[]> = {
  hot_work: ["combustibles_removed", "fire_extinguisher", "fire_watch", "gas_free", ...COMMON_ITEMS],
  confined_space: ["atmosphere_tested", "ventilation", "standby_person", "rescue_plan", ...COMMON_ITEMS],
  excavation: ["services_located", "shoring", "edge_protection", "spoil_clear", ...COMMON_ITEMS],
  work_at_height: ["harness_inspected", "anchor_points", "scaffold_tagged", "drop_zone", ...COMMON_ITEMS],
  electrical_isolation: ["isolation_points", "locked_tagged", "tested_dead", "earthing", ...COMMON_ITEMS],
  lifting: ["lift_plan", "crane_inspected", "rigger_competent", "exclusion_zone", ...COMMON_ITEMS],
  general: COMMON_ITEMS,
};

/** A new permit's checklist, or a type changed: the new type's items, keeping answers to items it shares. */
export function checklistFor(type: PermitType, previous: readonly ChecklistItem[] = []): ChecklistItem[] {
  const answers = new Map(previous.map((item) => [item.key, item.answer]));
  return PERMIT_CHECKLISTS[type].map((key) => ({ key, answer: answers.get(key) ?? null }));
}

/** What the table's guards read on a permit. */
export type PermitFacts = { unanswered: number; noAnswers: number; ended: boolean };

export function permitFacts(checklist: readonly ChecklistItem[], validTo: Date, now: Date): PermitFacts {
  return {
    unanswered: checklist.filter((item) => item.answer === null).length,
    noAnswers: checklist.filter((item) => item.answer === "no").length,
    ended: now.getTime() >= validTo.getTime(),
  };
}

const checklistAnswered: TransitionGuard<PermitFacts> = {
  name: "checklist-answered",
  check: (facts) =>
    facts.unanswered > 0
      ? { message: "safety:permit.errors.checklistUnanswered", params: { count: facts.unanswered } }
      : null,
};
const noHazardOpen: TransitionGuard<PermitFacts> = {
  name: "no-hazard-open",
  check: (facts) =>
    facts.noAnswers > 0
      ? { message: "safety:permit.errors.checklistNo", params: { count: facts.noAnswers } }
      : null,
};
const periodNotEnded: TransitionGuard<PermitFacts> = {
  name: "period-not-ended",
  check: (facts) => (facts.ended ? { message: "safety:permit.errors.periodEnded" } : null),
};

const P = PERMIT_PERMISSIONS;
const AUTHORISER: readonly PermitParty[] = ["issuer", "manager"];

export const PERMIT_TRANSITIONS: readonly PermitRow[] = [
  {
    from: "IN_PROGRESS",
    action: "submit",
    to: "IN_REVIEW",
    permission: P.updateStatus,
    party: ["creator", "receiver", "manager"],
    guard: checklistAnswered,
  },
  // Signed by the issuer: the work may go on, within the period.
  {
    from: "IN_REVIEW",
    action: "approve",
    to: "ACTIVE",
    permission: P.approve,
    party: AUTHORISER,
    guard: [checklistAnswered, noHazardOpen, periodNotEnded],
  },
  {
    from: "IN_REVIEW",
    action: "return",
    to: "IN_PROGRESS",
    permission: P.approve,
    party: AUTHORISER,
    requiresComment: true,
  },
  // Signed: the work is done or stopped, the area handed back.
  {
    from: "ACTIVE",
    action: "close",
    to: "CLOSED",
    permission: P.close,
    party: ["issuer", "receiver", "manager"],
  },
  { from: "CLOSED", action: "archive", to: "ARCHIVED", permission: P.archive, party: "manager" },
  {
    from: "IN_PROGRESS",
    action: "delete",
    to: null,
    permission: P.delete,
    party: ["creator", "manager"],
    confirm: true,
  },
];

export const permitWorkflow = defineWorkflow<PermitStatus, PermitStep, PermitRow>(
  PERMIT_TRANSITIONS,
  (status) => status,
);

export type PermitRelation = {
  isCreator: boolean;
  isIssuer: boolean;
  isReceiver: boolean;
  isManager: boolean;
};

export function permitParties(relation: PermitRelation): ReadonlySet<PermitParty> {
  const parties = new Set<PermitParty>();
  if (relation.isCreator) parties.add("creator");
  if (relation.isIssuer) parties.add("issuer");
  if (relation.isReceiver) parties.add("receiver");
  if (relation.isManager) parties.add("manager");
  return parties;
}

/** The rows this user may run now (the buttons to show; their guards are checked when sent). */
export function availablePermitSteps(
  status: PermitStatus,
  granted: ReadonlySet<string>,
  relation: PermitRelation,
): PermitRow[] {
  return permitWorkflow.available(status, granted, permitParties(relation));
}

/** One step, checked as the server checks it: state, permission, reason, who the user is, the guards. */
export function applyPermitStep(
  status: PermitStatus,
  step: PermitStep,
  granted: ReadonlySet<string>,
  relation: PermitRelation,
  input: Omit<TransitionInput, "parties" | "facts"> & { facts: PermitFacts },
) {
  return permitWorkflow.apply(status, step, granted, { ...input, parties: permitParties(relation) });
}

/** Its fields and checklist change while it is being prepared (a returned permit is prepared again). */
export const isPermitEditable = (status: PermitStatus) => status === "IN_PROGRESS";

// ---------------------------------------------------------------------------------------------------
// Validity (spec 4's vocabulary), computed from the period and the state, never stored.

export const PERMIT_VALIDITIES = ["active", "inactive", "expired"] as const;
export type PermitValidity = (typeof PERMIT_VALIDITIES)[number];

/**
 * Expired from the end of its period (the end itself is past it), whatever its state; Active while an
 * approved (ACTIVE) permit is within its period (its start included); otherwise Inactive: not approved yet,
 * not started yet, or closed before its end. The register's filter is the same rule in SQL
 * (permit-register.server.ts), tested to agree.
 */
export function permitValidity(
  status: PermitStatus,
  validFrom: Date,
  validTo: Date,
  now: Date,
): PermitValidity {
  if (now.getTime() >= validTo.getTime()) return "expired";
  if (status === "ACTIVE" && now.getTime() >= validFrom.getTime()) return "active";
  return "inactive";
}
