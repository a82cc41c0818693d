/** The audit and inspection forms, for the fuzz suite (tests/fuzz): scheduling, details, steps, criteria, reports. */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import {
  SafetyAuditAssessment,
  SafetyAuditCriterion,
  SafetyAuditMember,
  SafetyAuditSchedule,
} from "../entities";
import {
  assessmentSchema,
  assessmentTransitionSchema,
  criterionDeleteSchema,
  criterionSchema,
  reportDeleteSchema,
  scheduleSaveSchema,
  scheduleSchema,
  scheduleTransitionSchema,
} from "../server/audit-rules";

const noFields = z.object({});

/**
 * A schedule led and audited by the member with rights (every step open to them), at a location with an
 * assessment in draft holding one criterion.
 */
async function auditRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const place = await createLocation(
    { em: scoped, projectId: world.project.id, actorId: null },
    { name: "Fuzz abutment", parentId: null },
  );
  if (!place.ok) throw new Error("location not created");
  const schedule = scoped.create(SafetyAuditSchedule, {
    project: world.project,
    number: "AUD-9001",
    kind: "audit",
    task: "Fuzz audit",
    status: "pending_assessment",
    location: place.value.id,
    leadAuditor: user,
    createdBy: user,
  } as never) as { id: string };
  scoped.create(SafetyAuditMember, { project: world.project, schedule, user, role: "auditor" } as never);
  const assessment = scoped.create(SafetyAuditAssessment, {
    project: world.project,
    schedule,
    location: place.value.id,
    status: "draft",
  } as never) as { id: string };
  const criterion = scoped.create(SafetyAuditCriterion, {
    project: world.project,
    assessment,
    position: 1,
    title: "Edge protection",
    result: "compliant",
  } as never) as { id: string };
  await scoped.flush();
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'AUD', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return {
    schedule,
    assessment,
    criterion,
    locationId: place.value.id,
    ids: [schedule.id, assessment.id, criterion.id, place.value.id, user.id, world.withoutRights.user.id],
  };
}

const on = (params: (records: Awaited<ReturnType<typeof auditRecords>>) => Record<string, string>) => ({
  async arrange(world: FuzzWorld) {
    const records = await auditRecords(world);
    return { params: params(records), ids: records.ids };
  },
});

const scheduling = {
  forms: [{ name: "schedule", schema: scheduleSchema }],
  async arrange(world: FuzzWorld) {
    return { ids: (await auditRecords(world)).ids };
  },
};

export const auditTargets = fuzzTargets({
  "/safety/audit/create-audit-schedule": scheduling,
  "/safety/inspection/create-audit-schedule": scheduling,
  "/safety/audit/notification-setting": {
    forms: settingsFuzzForms("project").filter(
      (form) => form.fixed?.moduleId === "safety" && form.fixed?.form === "auditNotifications",
    ),
  },
  "/safety/audit/audit-schedule-details/:id": {
    forms: [
      { name: "transition", schema: scheduleTransitionSchema },
      { name: "save", schema: scheduleSaveSchema },
      { name: "generate", schema: noFields, fixed: { intent: "generate" } },
      { name: "file-delete", schema: reportDeleteSchema },
    ],
    ...on(({ schedule }) => ({ id: schedule.id })),
  },
  "/safety/audit/audit-schedule-details/:id/reports": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    ...on(({ schedule }) => ({ id: schedule.id })),
  },
  "/safety/audit/:auditId/criteria-details/:locationId": {
    forms: [
      { name: "transition", schema: assessmentTransitionSchema },
      { name: "criterion-delete", schema: criterionDeleteSchema },
    ],
    ...on(({ schedule, locationId }) => ({ auditId: schedule.id, locationId })),
  },
  "/safety/audit/:auditId/create-assessment/:locationId": {
    forms: [
      { name: "assessment", schema: assessmentSchema },
      { name: "assessment-template", schema: noFields, files: ["workbook"] },
    ],
    ...on(({ schedule, locationId }) => ({ auditId: schedule.id, locationId })),
  },
  "/safety/audit/:auditId/create-criteria-au/:assessmentId": {
    forms: [
      { name: "criterion", schema: criterionSchema },
      { name: "criteria-template", schema: noFields, files: ["workbook"] },
    ],
    ...on(({ schedule, assessment }) => ({ auditId: schedule.id, assessmentId: assessment.id })),
  },
});
