import { Readable } from "node:stream";
import type { EntityManager } from "@mikro-orm/postgresql";
import type {
  AssessmentStatus,
  AuditKind,
  AuditScheduleStatus,
  CriterionResult,
} from "~/modules/safety/domain/audit-workflow";
import {
  type ISafetyAuditSchedule,
  SafetyAuditAssessment,
  SafetyAuditCriterion,
  SafetyAuditMember,
  SafetyAuditSchedule,
} from "~/modules/safety/entities";
import { fileStorage, newStorageKey } from "~/plugins/storage/index.server";
import { recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { type IProject, type IUser, Location } from "~/server/db/entities";
import { saveAttachmentRecords } from "~/server/uploads/attachments.server";

/** The entity types of modules/safety/server/audit-basics (the seed does not import a module's server files). */
const AUDIT_ENTITY_TYPE = "safety-audit";
const ASSESSMENT_ENTITY_TYPE = "safety-audit-assessment";
const SIGNED_REPORT_ENTITY_TYPE = "safety-audit-signed-report";

type People = { engineer: IUser; manager: IUser; viewer: IUser };

type ScheduleSeed = {
  kind: AuditKind;
  task: string;
  status: AuditScheduleStatus;
  /** [parent, name] of a seeded location, or the top-level name; null for none. */
  at: [string, string] | [string] | null;
  lead: keyof People;
  /** The assessment of each place (the schedule's location first, then the places below it), by its order. */
  assessments: AssessmentStatus[];
  startInDays: number;
  reference?: string;
};

/** An audit and an inspection in each state (decision 036), on the bridge's places. */
const SCHEDULES: ScheduleSeed[] = [
  {
    kind: "audit",
    task: "Monthly SHE audit: span 2",
    status: "pending_assessment",
    at: ["Span 2"],
    lead: "manager",
    assessments: ["approved", "pending_approval", "pending_amendment", "draft"],
    startInDays: -2,
    reference: "HSE-AUD-2026-11",
  },
  {
    kind: "audit",
    task: "Piling works audit: pier 1",
    status: "pending_compilation",
    at: ["Pier 1", "Piles"],
    lead: "manager",
    assessments: ["approved"],
    startInDays: -9,
  },
  {
    kind: "audit",
    task: "Lifting operations audit: pier 2",
    status: "completed",
    at: ["Pier 2", "Pile cap"],
    lead: "manager",
    assessments: ["rejected"],
    startInDays: -30,
    reference: "HSE-AUD-2026-10",
  },
  {
    kind: "audit",
    task: "Night works audit",
    status: "cancelled",
    at: null,
    lead: "manager",
    assessments: [],
    startInDays: 5,
  },
  {
    kind: "inspection",
    task: "Weekly scaffold inspection: span 1",
    status: "pending_assessment",
    at: ["Span 1"],
    lead: "engineer",
    assessments: ["pending_approval", "draft"],
    startInDays: -1,
  },
  {
    kind: "inspection",
    task: "Excavation inspection: abutment A",
    status: "pending_compilation",
    at: ["Abutment A", "Piles"],
    lead: "engineer",
    assessments: ["approved"],
    startInDays: -6,
  },
  {
    kind: "inspection",
    task: "Temporary works inspection: pier 1",
    status: "completed",
    at: ["Pier 1", "Pile cap"],
    lead: "engineer",
    assessments: ["approved"],
    startInDays: -21,
  },
  {
    kind: "inspection",
    task: "Traffic management inspection",
    status: "cancelled",
    at: null,
    lead: "engineer",
    assessments: [],
    startInDays: 3,
  },
];

const CRITERIA: { title: string; requirement: string; result: CriterionResult; comment?: string }[] = [
  {
    title: "Edge protection in place",
    requirement: "Guardrails on every open edge over 2 m",
    result: "non_compliant",
    comment: "East edge open for 6 m",
  },
  { title: "Housekeeping", requirement: "Walkways clear, materials stacked", result: "compliant" },
  { title: "Plant pre-start checks", requirement: "Daily pre-start sheet signed", result: "compliant" },
];

const day = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

async function placesOf(em: EntityManager, project: IProject, at: ScheduleSeed["at"]) {
  if (!at) return [];
  const top = await em.findOne(
    Location,
    at.length === 2
      ? { project, name: at[1], parent: { name: at[0] } }
      : { project, name: at[0], parent: null },
    { filters: false },
  );
  if (!top) return [];
  const below = await em.find(
    Location,
    { project, parent: top },
    { filters: false, orderBy: { name: "asc" } },
  );
  return [top, ...below];
}

/**
 * The demo project's audits and inspections: one of each kind in each state, with their people,
 * assessments in the states the review uses, criteria (one non-compliant), and a signed report on the
 * completed ones.
 */
export async function seedAuditDemo(em: EntityManager, input: { bridge: IProject } & People) {
  const { bridge } = input;
  const people: People = input;
  for (const seed of SCHEDULES) {
    const lead = people[seed.lead];
    const auditor = seed.lead === "manager" ? people.engineer : people.manager;
    const places = await placesOf(em, bridge, seed.at);
    const schedule = em.create(SafetyAuditSchedule, {
      project: bridge,
      number: await nextNumber(em, bridge.id, seed.kind === "audit" ? "AUD" : "INS"),
      kind: seed.kind,
      task: seed.task,
      zone: seed.at ? seed.at[0] : null,
      location: places[0] ?? null,
      workPackage: "WP-12 Substructure",
      estimatedStartDate: day(seed.startInDays),
      estimatedEndDate: day(seed.startInDays + 2),
      startDate: seed.startInDays < 0 ? day(seed.startInDays) : null,
      completionDate: seed.status === "completed" ? day(seed.startInDays + 2) : null,
      reportDueDate: day(seed.startInDays + 7),
      tssReading: seed.kind === "audit" ? "38 mg/L" : null,
      internalReferenceNumber: seed.reference ?? null,
      physicalWorkPercentage: 40,
      status: seed.status,
      leadAuditor: lead,
      responsiblePerson: people.manager,
      completedAt: seed.status === "completed" ? new Date() : null,
      createdBy: lead,
    } as never) as ISafetyAuditSchedule;
    em.create(SafetyAuditMember, { project: bridge, schedule, user: auditor, role: "auditor" } as never);
    em.create(SafetyAuditMember, {
      project: bridge,
      schedule,
      user: people.viewer,
      role: "pdp_representative",
    } as never);
    recordActivity(em, {
      projectId: bridge.id,
      actorId: lead.id,
      entityType: AUDIT_ENTITY_TYPE,
      entityId: schedule.id,
      action: "created",
      after: { number: schedule.number, kind: seed.kind, task: seed.task, status: "pending_assessment" },
    });
    seed.assessments.forEach((status, index) => {
      const place = places[index];
      if (!place) return;
      const decided = status === "approved" || status === "rejected" || status === "pending_amendment";
      const assessment = em.create(SafetyAuditAssessment, {
        project: bridge,
        schedule,
        location: place,
        status,
        summary: "Walked the area with the foreman and the subcontractor's supervisor.",
        assessedOn: day(seed.startInDays),
        submittedAt: status === "draft" ? null : new Date(),
        decidedAt: decided ? new Date() : null,
        decidedBy: decided ? lead : null,
        reviewComment:
          status === "rejected"
            ? "Photos of the exclusion zone are missing."
            : status === "pending_amendment"
              ? "Add the stair tower to the criteria."
              : null,
        createdBy: auditor,
      } as never) as { id: string };
      for (const [position, criterion] of CRITERIA.slice(0, index % 2 === 0 ? 3 : 2).entries())
        em.create(SafetyAuditCriterion, {
          project: bridge,
          assessment,
          position: position + 1,
          ...criterion,
          comment: criterion.comment ?? null,
          createdBy: auditor,
        } as never);
      recordActivity(em, {
        projectId: bridge.id,
        actorId: auditor.id,
        entityType: ASSESSMENT_ENTITY_TYPE,
        entityId: assessment.id,
        action: "created",
        after: { status: "draft" },
      });
    });
    if (seed.status === "completed") {
      recordActivity(em, {
        projectId: bridge.id,
        actorId: lead.id,
        entityType: AUDIT_ENTITY_TYPE,
        entityId: schedule.id,
        action: "status-changed",
        before: { status: "pending_compilation" },
        after: { status: "completed", action: "complete", comment: null },
      });
      await em.flush();
      const text = Buffer.from(`${schedule.number} ${seed.task}: report signed by ${lead.name}.\n`);
      const key = newStorageKey();
      const { size } = await fileStorage().put(key, Readable.from(text), { contentType: "text/plain" });
      await saveAttachmentRecords(em, {
        projectId: bridge.id,
        entityType: SIGNED_REPORT_ENTITY_TYPE,
        entityId: schedule.id,
        files: [{ key, fileName: `${schedule.number}-signed-report.txt`, contentType: "text/plain", size }],
        uploadedBy: lead.id,
      });
    }
  }
  await em.flush();
}
