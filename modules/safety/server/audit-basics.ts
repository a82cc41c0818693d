import type {
  AssessmentStatus,
  AuditKind,
  AuditScheduleStatus,
  CriterionResult,
} from "../domain/audit-states";

/**
 * The audit and inspection pages' paths, tones, limits and intents: what the registers need in the browser,
 * without the zod schemas of audit-rules.ts.
 */

export const AUDIT_PATH = "/safety/audit";
export const INSPECTION_PATH = "/safety/inspection";
export const registerPath = (kind: AuditKind) => (kind === "audit" ? AUDIT_PATH : INSPECTION_PATH);
export const createSchedulePath = (kind: AuditKind) => `${registerPath(kind)}/create-audit-schedule`;
/** Both kinds' schedules open on the one details page (the spec's audit-schedule-details/{id}). */
export const schedulePath = (id: string, tab?: string) =>
  `${AUDIT_PATH}/audit-schedule-details/${id}${tab ? `?tab=${tab}` : ""}`;
export const scheduleEditPath = (id: string) => `${AUDIT_PATH}/audit-schedule-details/${id}?edit=true`;
export const reportsPath = (id: string) => `${AUDIT_PATH}/audit-schedule-details/${id}/reports`;
export const reportFilePath = (id: string, fileId: string) => `${reportsPath(id)}/${fileId}`;
export const criteriaDetailsPath = (auditId: string, locationId: string) =>
  `${AUDIT_PATH}/${auditId}/criteria-details/${locationId}`;
export const assessmentFormPath = (auditId: string, locationId: string) =>
  `${AUDIT_PATH}/${auditId}/create-assessment/${locationId}`;
export const criterionFormPath = (auditId: string, assessmentId: string, criterionId?: string) =>
  `${AUDIT_PATH}/${auditId}/create-criteria-au/${assessmentId}${criterionId ? `?criterionId=${criterionId}` : ""}`;
export const AUDIT_NOTIFICATION_PATH = `${AUDIT_PATH}/notification-setting`;

/** The activity log's entity types: the schedule's history (its steps, edits, reports) and each assessment's. */
export const AUDIT_ENTITY_TYPE = "safety-audit";
export const ASSESSMENT_ENTITY_TYPE = "safety-audit-assessment";
export const CRITERION_ENTITY_TYPE = "safety-audit-criterion";
/** Report files (generated) and signed reports: core Attachments of the schedule. */
export const REPORT_FILE_ENTITY_TYPE = "safety-audit-report";
export const SIGNED_REPORT_ENTITY_TYPE = "safety-audit-signed-report";
/** Where an action raised from a criterion comes from (SafetyAction.sourceType). */
export const CRITERION_SOURCE_TYPE = "audit-criterion";

/** Column sizes of the audit entities, so the forms refuse what the database could not store. */
export const AUDIT_LIMITS = {
  task: 200,
  short: 100,
  summary: 4000,
  title: 200,
  requirement: 2000,
  comment: 2000,
} as const;

type Tone = "success" | "danger" | "info" | "neutral" | "warning";

export const SCHEDULE_STATUS_TONES: Record<AuditScheduleStatus, Tone> = {
  pending_assessment: "info",
  pending_compilation: "warning",
  completed: "success",
  cancelled: "neutral",
};

export const ASSESSMENT_STATUS_TONES: Record<AssessmentStatus | "not_started", Tone> = {
  not_started: "neutral",
  draft: "info",
  pending_approval: "warning",
  pending_amendment: "danger",
  approved: "success",
  rejected: "danger",
};

export const RESULT_TONES: Record<CriterionResult, Tone> = {
  compliant: "success",
  non_compliant: "danger",
  not_applicable: "neutral",
};

export const AUDIT_INTENTS = {
  transition: "transition",
  save: "save",
  generate: "generate",
  fileDelete: "file-delete",
  criterionDelete: "criterion-delete",
} as const;

/** The register's orders, each read from an index (the kind's sequence, its estimated start). */
export const AUDIT_SORTS = ["number", "estimatedStartDate"] as const;

/** The detail page's tabs (spec 2). */
export const SCHEDULE_TABS = ["details", "criteria", "report", "compilation"] as const;
export type ScheduleTab = (typeof SCHEDULE_TABS)[number];
