/**
 * Safety's forms, for the fuzz suite (tests/fuzz): the action form, its steps, comments, re-assignment and
 * evidence; the observation form, its steps, re-assignment and photos; the enforcement scan form.
 */
import { z } from "zod";
import { newStorageKey } from "~/plugins/storage/index.server";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzTargets, type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { SafetyAction, SafetyEnforcementScan, SafetyObservation } from "../entities";
import {
  ACTION_ENTITY_TYPE,
  actionCommentSchema,
  actionCreateSchema,
  actionEditSchema,
  actionReassignSchema,
  actionTransitionSchema,
  evidenceDeleteSchema,
} from "../server/action-rules";
import { scanCreateSchema } from "../server/enforcement-rules";
import { hoursFormSchema } from "../server/hours-rules";
import {
  observationCreateSchema,
  observationEditSchema,
  observationReassignSchema,
  observationTransitionSchema,
  photoDeleteSchema,
} from "../server/observation-rules";
import { currentMonth } from "../server/settings-page.server";
import { auditTargets } from "./audit-fuzz-targets";
import { incidentTargets } from "./incident-fuzz-targets";
import { permitTargets } from "./permit-fuzz-targets";
import { swmsTargets } from "./swms-fuzz-targets";
import { talkTargets } from "./talk-fuzz-targets";

const noFields = z.object({});

/** An open action created by and assigned to the member with rights (so every step is reachable), with one file. */
async function actionRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const action = scoped.create(SafetyAction, {
    project: world.project,
    number: "ACT-9001",
    title: "Guard rail missing",
    status: "open",
    riskRanking: "high",
    assignee: user,
    createdBy: user,
  } as never);
  const file = scoped.create(Attachment, {
    project: world.project,
    entityType: ACTION_ENTITY_TYPE,
    entityId: action.id,
    title: "rail.pdf",
    description: null,
    fileName: "rail.pdf",
    contentType: "application/pdf",
    size: 12,
    storageKey: newStorageKey(),
    uploadedBy: user,
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new actions start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'ACT', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return { action, ids: [action.id, file.id, user.id, world.withoutRights.user.id] };
}

// --- Observations and enforcement (decision 031) ---

/**
 * An open observation raised by and assigned to the member with rights (every step reachable), and a failed
 * scan: the sources the action form may name.
 */
async function observationRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const observation = scoped.create(SafetyObservation, {
    project: world.project,
    number: "OBS-9001",
    kind: "unsafe_condition",
    title: "Unguarded edge",
    observedOn: "2026-11-20",
    status: "open",
    assignee: user,
    createdBy: user,
  } as never);
  const scan = scoped.create(SafetyEnforcementScan, {
    project: world.project,
    number: "ENF-9001",
    objectType: "WORKER",
    objectId: "W-1",
    objectName: "Sam Lee",
    status: "FAIL",
    createdBy: user,
  } as never);
  await scoped.flush();
  // The fixtures' numbers were not drawn from the project's counters: new records start past them.
  for (const kind of ["OBS", "ENF"])
    await world.em.execute(
      `insert into project_counter (project_id, kind, value) values (?, ?, 9001)
       on conflict (project_id, kind) do update set value = 9001`,
      [world.project.id, kind],
    );
  return { observation, ids: [observation.id, scan.id, user.id, world.withoutRights.user.id] };
}

const observationTargets = {
  "/safety/observation/create": {
    forms: [{ name: "new observation", schema: observationCreateSchema, files: ["photos"] }],
    async arrange(world: FuzzWorld) {
      return { ids: (await observationRecords(world)).ids };
    },
  },
  "/safety/observation/:id": {
    forms: [
      { name: "transition", schema: observationTransitionSchema },
      { name: "reassign", schema: observationReassignSchema },
      { name: "photo-delete", schema: photoDeleteSchema },
    ],
    async arrange(world: FuzzWorld) {
      const { observation, ids } = await observationRecords(world);
      return { params: { id: observation.id }, ids };
    },
  },
  "/safety/observation/:id/edit": {
    forms: [{ name: "edit", schema: observationEditSchema }],
    async arrange(world: FuzzWorld) {
      const { observation, ids } = await observationRecords(world);
      return { params: { id: observation.id }, ids };
    },
  },
  "/safety/observation/:id/photos": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world: FuzzWorld) {
      const { observation } = await observationRecords(world);
      return { params: { id: observation.id } };
    },
  },
  "/safety/enforcement/create": {
    forms: [{ name: "scan", schema: scanCreateSchema }],
  },
} satisfies FuzzTargets;

// --- end observations and enforcement ---

export const targets = fuzzTargets({
  ...observationTargets,
  // --- Incidents (incident-fuzz-targets.ts) ---
  ...incidentTargets,
  // --- end incidents ---
  // --- Audits and inspections (audit-fuzz-targets.ts) ---
  ...auditTargets,
  // --- end audits and inspections ---
  // --- Talks (talk-fuzz-targets.ts) ---
  ...talkTargets,
  // --- end talks ---
  // --- SWMS (swms-fuzz-targets.ts) ---
  ...swmsTargets,
  // --- end SWMS ---
  // --- Permits to work and SDS (permit-fuzz-targets.ts) ---
  ...permitTargets,
  // --- end permits to work and SDS ---
  "/safety/actions/create": {
    forms: [{ name: "new action", schema: actionCreateSchema, files: ["evidence"] }],
    async arrange(world) {
      return { ids: (await actionRecords(world)).ids };
    },
  },
  "/safety/actions/notification": {
    forms: settingsFuzzForms("project").filter(
      (form) => form.fixed?.moduleId === "safety" && form.fixed.form === "actionNotifications",
    ),
  },
  "/safety/actions/:id": {
    forms: [
      { name: "transition", schema: actionTransitionSchema },
      { name: "comment", schema: actionCommentSchema },
      { name: "reassign", schema: actionReassignSchema },
      { name: "evidence-delete", schema: evidenceDeleteSchema },
    ],
    async arrange(world) {
      const { action, ids } = await actionRecords(world);
      return { params: { id: action.id }, ids };
    },
  },
  "/safety/actions/:id/edit": {
    forms: [{ name: "edit", schema: actionEditSchema }],
    async arrange(world) {
      const { action, ids } = await actionRecords(world);
      return { params: { id: action.id }, ids };
    },
  },
  "/safety/actions/:id/evidence": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { action } = await actionRecords(world);
      return { params: { id: action.id } };
    },
  },
  // --- settings: the incident settings form and the hours worked grid
  "/safety/setting": {
    forms: [
      ...settingsFuzzForms("project").filter(
        (form) => form.fixed?.moduleId === "safety" && form.fixed.form === "incidentSettings",
      ),
      { name: "hours worked", schema: hoursFormSchema(currentMonth()), fixed: { intent: "save-hours" } },
    ],
  },
  // --- end of settings
});
