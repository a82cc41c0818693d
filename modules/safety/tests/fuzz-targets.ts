/** Safety's forms, for the fuzz suite (tests/fuzz): the action form, its steps, comments, re-assignment and evidence. */
import { z } from "zod";
import { newStorageKey } from "~/plugins/storage/index.server";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { SafetyAction } from "../entities";
import {
  ACTION_ENTITY_TYPE,
  actionCommentSchema,
  actionCreateSchema,
  actionEditSchema,
  actionReassignSchema,
  actionTransitionSchema,
  evidenceDeleteSchema,
} from "../server/action-rules";
import { incidentTargets } from "./incident-fuzz-targets";

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

export const targets = fuzzTargets({
  // --- Incidents (incident-fuzz-targets.ts) ---
  ...incidentTargets,
  // --- end incidents ---
  "/safety/actions/create": {
    forms: [{ name: "new action", schema: actionCreateSchema, files: ["evidence"] }],
    async arrange(world) {
      return { ids: (await actionRecords(world)).ids };
    },
  },
  "/safety/actions/notification": {
    forms: settingsFuzzForms("project").filter((form) => form.fixed?.moduleId === "safety"),
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
});
