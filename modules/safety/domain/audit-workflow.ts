/**
 * SHE audits and inspections (issue #14; spec 4 "Audit"): one machinery with a kind. A schedule names its
 * lead auditor (lead inspector), responsible person, auditors (inspectors) and PDP representatives; the
 * auditors assess each location of the schedule (criteria with findings) and submit the assessment to the
 * lead auditor or an audit manager, who approves it, rejects it, or requests an amendment. Once every
 * location is decided the lead compiles the report; the audit completes only with a signed report or report
 * files, and never twice. Two transition tables on the core engine: the assessment's and the schedule's.
 * The rows and the decisions where the spec is silent are in the module README and decision 036.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import {
  defineWorkflow,
  type TransitionGuard,
  type TransitionRow,
} from "../../../server/workflow/transition-table";

export * from "./audit-states";

import type { AssessmentStatus, AuditKind, AuditScheduleStatus } from "./audit-states";

export const ASSESSMENT_STEPS = ["submit", "approve", "reject", "request_amendment"] as const;
export type AssessmentStep = (typeof ASSESSMENT_STEPS)[number];

export const SCHEDULE_STEPS = ["compile", "reopen", "complete", "cancel"] as const;
export type ScheduleStep = (typeof SCHEDULE_STEPS)[number];

export const AUDIT_PERMISSIONS = {
  view: "safety.audits.view",
  auditCreate: "safety.audits.audit_create",
  inspectionCreate: "safety.audits.inspection_create",
  auditEditAll: "safety.audits.audit_edit_all",
  inspectionEdit: "safety.audits.inspection_edit",
  inspectionDelete: "safety.audits.inspection_delete",
  criteriaCreate: "safety.audits.criteria_create",
  assessmentCreate: "safety.audits.assessment_create",
  assessmentApproveReject: "safety.audits.assessment_approve_reject",
  approveAudit: "safety.audits.safety_approve_she_audit",
  criteriaTemplateUpload: "safety.audits.criteria_template_upload",
  assessmentTemplateUpload: "safety.audits.assessment_template_upload",
  viewNotificationSettings: "safety.audits.view-notification-settings",
  editNotificationSettings: "safety.audits.audit_schedule_edit_notification_settings",
} as const satisfies Record<string, PermissionKey>;

/** Who creates and edits a schedule of each kind (spec 6: audit_create / inspection_create…). */
export const KIND_PERMISSIONS: Record<AuditKind, { create: PermissionKey; edit: PermissionKey }> = {
  audit: { create: AUDIT_PERMISSIONS.auditCreate, edit: AUDIT_PERMISSIONS.auditEditAll },
  inspection: { create: AUDIT_PERMISSIONS.inspectionCreate, edit: AUDIT_PERMISSIONS.inspectionEdit },
};

/** Spec 5: at most 100 users picked (auditors and PDP representatives, each list). */
export const MAX_AUDIT_ASSIGNEES = 100;

/**
 * The parts a user plays on a schedule: its lead auditor, one of its auditors (the lead assesses too), or
 * an audit manager (holds audit_edit_all: every schedule is theirs to review, like the lead).
 */
export type AuditParty = "lead" | "auditor" | "manager";

export type AssessmentRow = TransitionRow<AssessmentStatus, AssessmentStep> & {
  party: AuditParty | readonly AuditParty[];
};
export type ScheduleRow = TransitionRow<AuditScheduleStatus, ScheduleStep> & {
  party: AuditParty | readonly AuditParty[];
};

const P = AUDIT_PERMISSIONS;
const ASSESSORS: readonly AuditParty[] = ["auditor", "lead"];
const REVIEWERS: readonly AuditParty[] = ["lead", "manager"];

const review = (action: AssessmentStep, to: AssessmentStatus, reason: boolean): AssessmentRow => ({
  from: "pending_approval",
  action,
  to,
  permission: P.assessmentApproveReject,
  party: REVIEWERS,
  ...(reason ? { requiresComment: true as const } : {}),
});

/** The facts the submit guard checks: an assessment is submitted with at least one criterion. */
export type AssessmentFacts = { criteria: number };
const hasCriteria: TransitionGuard<AssessmentFacts> = {
  name: "has-criteria",
  check: (facts) => (facts.criteria > 0 ? null : { message: "safety:audit.errors.noCriteria" }),
};

export const ASSESSMENT_TRANSITIONS: readonly AssessmentRow[] = [
  {
    from: "draft",
    action: "submit",
    to: "pending_approval",
    permission: P.assessmentCreate,
    party: ASSESSORS,
    guard: hasCriteria,
  },
  {
    from: "pending_amendment",
    action: "submit",
    to: "pending_approval",
    permission: P.assessmentCreate,
    party: ASSESSORS,
    guard: hasCriteria,
  },
  review("approve", "approved", false),
  review("reject", "rejected", true),
  review("request_amendment", "pending_amendment", true),
];

export const assessmentWorkflow = defineWorkflow<AssessmentStatus, AssessmentStep, AssessmentRow>(
  ASSESSMENT_TRANSITIONS,
  (status) => status,
);

/** What the schedule's guards check, read on the schedule under its lock. */
export type ScheduleFacts = {
  /** Locations of the schedule, and how many of them have an approved or rejected assessment. */
  locations: number;
  decided: number;
  /** Signed reports uploaded and report files generated. */
  signedReports: number;
  reportFiles: number;
};

/** The spec 8 messages (safety:audit.errors.*). */
export const AUDIT_MESSAGES = {
  alreadyCompleted: "safety:audit.errors.alreadyCompleted",
  needsReports: "safety:audit.errors.needsReports",
  reportsExist: "safety:audit.errors.reportsExist",
} as const;

const everyLocationDecided: TransitionGuard<ScheduleFacts> = {
  name: "every-location-decided",
  check: (facts) =>
    facts.locations > 0 && facts.decided === facts.locations
      ? null
      : { message: "safety:audit.errors.undecided" },
};

/** Spec 4 and 5: 'Audit schedule must have signed reports or report files to complete.' */
const hasReports: TransitionGuard<ScheduleFacts> = {
  name: "has-reports",
  check: (facts) =>
    facts.signedReports + facts.reportFiles > 0 ? null : { message: AUDIT_MESSAGES.needsReports },
};

export const SCHEDULE_TRANSITIONS: readonly ScheduleRow[] = [
  {
    from: "pending_assessment",
    action: "compile",
    to: "pending_compilation",
    permission: P.assessmentApproveReject,
    party: REVIEWERS,
    guard: everyLocationDecided,
  },
  {
    from: "pending_compilation",
    action: "reopen",
    to: "pending_assessment",
    permission: P.assessmentApproveReject,
    party: REVIEWERS,
    requiresComment: true,
  },
  {
    from: "pending_compilation",
    action: "complete",
    to: "completed",
    permission: P.approveAudit,
    party: REVIEWERS,
    guard: hasReports,
  },
  {
    from: "pending_assessment",
    action: "cancel",
    to: "cancelled",
    permission: P.auditEditAll,
    party: "manager",
    requiresComment: true,
    confirm: true,
  },
];

export const scheduleWorkflow = defineWorkflow<AuditScheduleStatus, ScheduleStep, ScheduleRow>(
  SCHEDULE_TRANSITIONS,
  (status) => status,
);

/** Who the user is to a schedule, read on the schedule and its people. */
export type AuditRelation = { isLead: boolean; isAuditor: boolean; isManager: boolean };

export function auditParties(relation: AuditRelation): ReadonlySet<AuditParty> {
  const parties = new Set<AuditParty>();
  if (relation.isLead) parties.add("lead");
  if (relation.isAuditor) parties.add("auditor");
  if (relation.isManager) parties.add("manager");
  return parties;
}

/**
 * The refusal of a schedule step as the spec words it: completing a completed schedule is 'Audit schedule
 * has already been completed.' (the table has no row from completed, so the engine says "not allowed").
 */
export function scheduleRefusalMessage(status: AuditScheduleStatus, step: ScheduleStep): string | null {
  return status === "completed" && step === "complete" ? AUDIT_MESSAGES.alreadyCompleted : null;
}

/** Whether the schedule's fields, people, assessments and criteria may still change. */
export const isScheduleLive = (status: AuditScheduleStatus) => status === "pending_assessment";

/** Whether an assessment's criteria may still change (by its assessors). */
export const isAssessmentEditable = (status: AssessmentStatus) =>
  status === "draft" || status === "pending_amendment";

/** Assessments the review has settled: a location is decided once its assessment is approved or rejected. */
export const isAssessmentDecided = (status: AssessmentStatus) =>
  status === "approved" || status === "rejected";

/** The first two letters of a schedule's number ("AUD-0003", "INS-0007"). */
export const KIND_PREFIX: Record<AuditKind, string> = { audit: "AUD", inspection: "INS" };
