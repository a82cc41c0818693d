/**
 * The audit and inspection vocabularies (spec 4 and 9) without the transition tables: what the registers
 * need in the browser (domain/audit-workflow.ts has the tables and re-exports these).
 */

export const AUDIT_KINDS = ["audit", "inspection"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The register's views (spec 9). */
export const AUDIT_VIEWS = ["MY_AUDIT_SCHEDULES", "ALL_AUDIT_SCHEDULES"] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];

/** A schedule's states, from spec 4's assessment/approval vocabulary. */
export const AUDIT_SCHEDULE_STATUSES = [
  "pending_assessment",
  "pending_compilation",
  "completed",
  "cancelled",
] as const;
export type AuditScheduleStatus = (typeof AUDIT_SCHEDULE_STATUSES)[number];

/** An assessment's states (one assessment per location of a schedule), from the same vocabulary. */
export const ASSESSMENT_STATUSES = [
  "draft",
  "pending_approval",
  "pending_amendment",
  "approved",
  "rejected",
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** A criterion's finding at a location. */
export const CRITERION_RESULTS = ["compliant", "non_compliant", "not_applicable"] as const;
export type CriterionResult = (typeof CRITERION_RESULTS)[number];
