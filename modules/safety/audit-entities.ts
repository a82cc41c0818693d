import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Location } from "../../server/db/entities/location";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { numberedProperties } from "../../server/db/numbered";
import { projectOwned } from "../../server/db/project-scope";
import {
  ASSESSMENT_STATUSES,
  type AssessmentStatus,
  AUDIT_KINDS,
  AUDIT_SCHEDULE_STATUSES,
  type AuditScheduleStatus,
  CRITERION_RESULTS,
} from "./domain/audit-workflow";

/**
 * The SHE audit and inspection tables (README "Audits and inspections"): a schedule, its people, one
 * assessment per location, and the criteria assessed. Report files and signed reports are core Attachments
 * of the schedule. Every record is `projectOwned`.
 */

/** An audit or inspection schedule (spec 3 "Audit schedule"). */
export const SafetyAuditSchedule = projectOwned(
  defineEntity({
    name: "SafetyAuditSchedule",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      ...numberedProperties(),
      kind: p.enum(AUDIT_KINDS),
      task: p.string().length(200),
      zone: p.string().length(100).nullable(),
      /** The area audited; the criteria are assessed at it and at each place below it. */
      location: () => p.manyToOne(Location).nullable().deleteRule("restrict"),
      workPackage: p.string().length(100).nullable(),
      estimatedStartDate: p.date().nullable(),
      estimatedEndDate: p.date().nullable(),
      startDate: p.date().nullable(),
      completionDate: p.date().nullable(),
      reportDueDate: p.date().nullable(),
      tssReading: p.string().length(100).nullable(),
      internalReferenceNumber: p.string().length(100).nullable(),
      physicalWorkPercentage: p.integer().nullable(),
      status: p.enum(AUDIT_SCHEDULE_STATUSES).default("pending_assessment" satisfies AuditScheduleStatus),
      leadAuditor: () => p.manyToOne(User).nullable().deleteRule("set null"),
      responsiblePerson: () => p.manyToOne(User).nullable().deleteRule("set null"),
      completedAt: p.datetime().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "number"] }],
    // The registers (a kind each): search, tabs, filters and orders.
    indexes: [
      {
        name: "safety_audit_schedule_search_trgm_index",
        expression: `create index "safety_audit_schedule_search_trgm_index" on "safety_audit_schedule" using gin ((("number")::text || ' ' || ("task")::text || ' ' || coalesce("internal_reference_number", '')::text) gin_trgm_ops)`,
      },
      { properties: ["project", "kind", "sequence"] },
      { properties: ["project", "kind", "status", "sequence"] },
      { properties: ["project", "kind", "location"] },
      { properties: ["project", "kind", "leadAuditor", "status"] },
      { properties: ["project", "kind", "responsiblePerson"] },
      { properties: ["project", "kind", "estimatedStartDate", "sequence"] },
      { properties: ["project", "kind", "createdBy"] },
    ],
  }),
);
export type ISafetyAuditSchedule = InferEntity<typeof SafetyAuditSchedule>;

export const AUDIT_MEMBER_ROLES = ["auditor", "pdp_representative"] as const;
export type AuditMemberRole = (typeof AUDIT_MEMBER_ROLES)[number];

/** An auditor (inspector) or PDP representative of a schedule. */
export const SafetyAuditMember = projectOwned(
  defineEntity({
    name: "SafetyAuditMember",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      schedule: () => p.manyToOne(SafetyAuditSchedule).deleteRule("cascade"),
      user: () => p.manyToOne(User).deleteRule("cascade"),
      role: p.enum(AUDIT_MEMBER_ROLES),
    },
    uniques: [{ properties: ["schedule", "user", "role"] }],
    // My schedules: the schedules a user is on.
    indexes: [{ properties: ["user", "schedule"] }],
  }),
);
export type ISafetyAuditMember = InferEntity<typeof SafetyAuditMember>;

/** The assessment of one location of a schedule, submitted to the lead auditor (or an audit manager). */
export const SafetyAuditAssessment = projectOwned(
  defineEntity({
    name: "SafetyAuditAssessment",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      schedule: () => p.manyToOne(SafetyAuditSchedule).deleteRule("cascade"),
      location: () => p.manyToOne(Location).deleteRule("restrict"),
      status: p.enum(ASSESSMENT_STATUSES).default("draft" satisfies AssessmentStatus),
      summary: p.text().nullable(),
      assessedOn: p.date().nullable(),
      submittedAt: p.datetime().nullable(),
      decidedAt: p.datetime().nullable(),
      decidedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      /** The reviewer's reason for a rejection or an amendment request. */
      reviewComment: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["schedule", "location"] }],
  }),
);
export type ISafetyAuditAssessment = InferEntity<typeof SafetyAuditAssessment>;

/** One criterion assessed at a location: what is checked, the finding, and a comment. */
export const SafetyAuditCriterion = projectOwned(
  defineEntity({
    name: "SafetyAuditCriterion",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      assessment: () => p.manyToOne(SafetyAuditAssessment).deleteRule("cascade"),
      /** Its place in the assessment (the order it was added or imported). */
      position: p.integer(),
      title: p.string().length(200),
      requirement: p.text().nullable(),
      result: p.enum(CRITERION_RESULTS),
      comment: p.text().nullable(),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["assessment", "position"] }],
  }),
);
export type ISafetyAuditCriterion = InferEntity<typeof SafetyAuditCriterion>;

export const auditEntities = [
  SafetyAuditSchedule,
  SafetyAuditMember,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
];
