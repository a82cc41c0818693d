/** The talk forms, for the fuzz suite (tests/fuzz): create, edit, the talk page's intents, photos, the sign-on. */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { SafetyTalk, SafetyTalkAttendee } from "../entities";
import { createSignOnLink, signOnToken } from "../server/sign-on.server";
import {
  signOnOpenSchema,
  signOnRevokeSchema,
  signOnSchema,
  talkCreateSchema,
  talkDeleteSchema,
  talkEditSchema,
  talkPhotoDeleteSchema,
} from "../server/talk-rules";

const noFields = z.object({});

/** A toolbox talk supervised by the member with rights, with one attendee and an open QR link. */
async function talkRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const user = world.withRights.user;
  const talk = scoped.create(SafetyTalk, {
    project: world.project,
    number: "TBT-9001",
    kind: "toolbox",
    title: "Working at height",
    heldOn: "2026-11-20",
    supervisor: user,
    createdBy: user,
  } as never) as { id: string };
  const attendee = scoped.create(SafetyTalkAttendee, {
    project: world.project,
    talk,
    position: 0,
    name: "Ana Lima",
    company: "Acme",
    status: "present",
  } as never);
  const link = createSignOnLink(scoped, {
    projectId: world.project.id,
    subject: "talk",
    subjectId: talk.id,
    createdBy: user.id,
  });
  await scoped.flush();
  // The fixture's number was not drawn from the project's counter: new talks start past it.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'TBT', 9001)
     on conflict (project_id, kind) do update set value = 9001`,
    [world.project.id],
  );
  return { talk, link, ids: [talk.id, attendee.id, link.id, user.id, world.withoutRights.user.id] };
}

export const talkTargets = fuzzTargets({
  "/safety/ptt/create": {
    forms: [{ name: "new talk", schema: talkCreateSchema, files: ["photos"] }],
    async arrange(world) {
      return { ids: (await talkRecords(world)).ids };
    },
  },
  "/safety/ptt/edit/:id": {
    forms: [{ name: "edit", schema: talkEditSchema, files: ["photos"] }],
    async arrange(world) {
      const { talk, ids } = await talkRecords(world);
      return { params: { id: talk.id }, ids };
    },
  },
  "/safety/meetings/ptt/:id": {
    forms: [
      { name: "sign-on-open", schema: signOnOpenSchema },
      { name: "sign-on-revoke", schema: signOnRevokeSchema },
      { name: "photo-delete", schema: talkPhotoDeleteSchema },
      { name: "delete", schema: talkDeleteSchema },
    ],
    async arrange(world) {
      const { talk, ids } = await talkRecords(world);
      return { params: { id: talk.id }, ids };
    },
  },
  "/safety/meetings/ptt/:id/photos": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { talk } = await talkRecords(world);
      return { params: { id: talk.id } };
    },
  },
  "/external/ptt/:id/sign-on": {
    forms: [{ name: "sign on", schema: signOnSchema }],
    async arrange(world) {
      const { link, ids } = await talkRecords(world);
      return { params: { id: link.id }, search: `?token=${encodeURIComponent(signOnToken(link))}`, ids };
    },
  },
});
