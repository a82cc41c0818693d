import type { EntityManager } from "@mikro-orm/postgresql";
import { translateMessage } from "~/app/utils/message-key";
import { type IProject, ProjectSetting } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createLocation } from "~/server/locations/locations.server";
import { signedInMember } from "~/tests/setup/requests";
import { SiteDiary } from "../diary-entities";
import { DIARY_PERMISSIONS } from "../domain/diary-workflow";

/** Site diary tests' people, places and helpers. */

const D = DIARY_PERMISSIONS;

/**
 * A project with a site engineer who keeps the diaries (view, create, edit, download), a reviewer who closes,
 * returns, re-opens and archives them, a manager with every right, and a viewer.
 */
export async function diarySite(em: EntityManager, project: IProject) {
  const engineer = await signedInMember(em, project, [D.view, D.create, D.edit, D.download], {
    name: "Erin Engineer",
  });
  const reviewer = await signedInMember(em, project, [D.view, D.close, D.archive, D.download], {
    name: "Priya Patel",
  });
  const manager = await signedInMember(em, project, Object.values(D), { name: "Mona Manager" });
  const viewer = await signedInMember(em, project, [D.view], { name: "Vic Viewer" });
  return { engineer, reviewer, manager, viewer };
}

export async function makeLocation(em: EntityManager, project: IProject, name: string, parentId?: string) {
  const created = await createLocation(
    { em: scopeToProject(em, project.id), projectId: project.id, actorId: null },
    { name, parentId: parentId ?? null },
  );
  if (!created.ok) throw new Error(`location ${name} not created`);
  return created.value;
}

export async function setProjectTimeZone(em: EntityManager, project: IProject, timeZone: string) {
  em.create(ProjectSetting, {
    project,
    moduleId: "project-settings",
    form: "general",
    values: { timeZone },
  } as never);
  await em.flush();
}

export const diariesOf = (em: EntityManager, project: IProject) =>
  scopeToProject(em.fork(), project.id).find(SiteDiary, {}, { orderBy: { sequence: "asc" } });

/** Messages as the English reader sees them. */
export async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "operation");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}
