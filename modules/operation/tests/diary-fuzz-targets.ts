/**
 * The site diary's forms, for the fuzz suite (tests/fuzz, through fuzz-targets.ts): create and "Open today's
 * diary", the diary's page (the whole form, a note, an issue, a step, a photo's removal), its photos and its
 * PDF; the module's settings page.
 */
import { z } from "zod";
import { newStorageKey } from "~/plugins/storage/index.server";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import type { FuzzTargets, FuzzWorld } from "~/tests/fuzz/targets";
import { SiteDiary } from "../diary-entities";
import { DIARY_ENTITY_TYPE } from "../server/diary-basics";
import {
  diaryCreateSchema,
  diaryIssueSchema,
  diaryNoteSchema,
  diaryOpenTodaySchema,
  diaryPhotoDeleteSchema,
  diarySaveSchema,
  diaryTransitionSchema,
} from "../server/diary-rules";

const noFields = z.object({});

/** A diary in progress assigned to the member with rights (every form and step open), with one photo. */
async function diaryRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const diary = scoped.create(SiteDiary, {
    project: world.project,
    number: "SD-9001",
    formDate: "2026-11-20",
    dueDate: "2026-11-21",
    status: "in_progress",
    assignee: user,
    createdBy: user,
  } as never);
  const photo = scoped.create(Attachment, {
    project: world.project,
    entityType: DIARY_ENTITY_TYPE,
    entityId: diary.id,
    title: "deck.png",
    description: null,
    fileName: "deck.png",
    contentType: "image/png",
    size: 12,
    storageKey: newStorageKey(),
    uploadedBy: user,
  } as never);
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new diaries start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'SD', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return { diary, ids: [diary.id, photo.id, user.id, world.withoutRights.user.id] };
}

export const diaryTargets = {
  "/operation/site-diaries/create": {
    forms: [
      { name: "create", schema: diaryCreateSchema },
      { name: "open-today", schema: diaryOpenTodaySchema },
    ],
    async arrange(world: FuzzWorld) {
      return { ids: (await diaryRecords(world)).ids };
    },
  },
  "/operation/site-diaries/:id": {
    forms: [
      { name: "save", schema: diarySaveSchema },
      { name: "note", schema: diaryNoteSchema },
      { name: "issue", schema: diaryIssueSchema },
      { name: "transition", schema: diaryTransitionSchema },
      { name: "photo-delete", schema: diaryPhotoDeleteSchema },
    ],
    async arrange(world: FuzzWorld) {
      const { diary, ids } = await diaryRecords(world);
      return { params: { id: diary.id }, ids };
    },
  },
  "/operation/site-diaries/:id/photos": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world: FuzzWorld) {
      const { diary } = await diaryRecords(world);
      return { params: { id: diary.id } };
    },
  },
  "/operation/site-diaries/:id/report": {
    forms: [{ name: "generate", schema: noFields }],
    async arrange(world: FuzzWorld) {
      const { diary } = await diaryRecords(world);
      return { params: { id: diary.id } };
    },
  },
  "/operation/settings": {
    forms: settingsFuzzForms("project").filter((form) => form.fixed?.moduleId === "operation"),
  },
} satisfies FuzzTargets;
