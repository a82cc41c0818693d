import type { EntityManager } from "@mikro-orm/postgresql";
import { translateMessage } from "~/app/utils/message-key";
import { type IProject, ProjectSetting } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { signedInMember } from "~/tests/setup/requests";

export const IN_OUT = {
  view: "operation.inOut.view",
  create: "operation.inOut.create",
  edit: "operation.inOut.edit",
  delete: "operation.inOut.delete",
} as const;

/** A site office (every In/Out right), a supervisor who signs people in and out, and a viewer. */
export async function inOutSite(em: EntityManager, project: IProject) {
  const office = await signedInMember(em, project, Object.values(IN_OUT), { name: "Olive Office" });
  const supervisor = await signedInMember(em, project, [IN_OUT.view, IN_OUT.create], {
    name: "Sam Supervisor",
  });
  const viewer = await signedInMember(em, project, [IN_OUT.view], { name: "Vic Viewer" });
  return { office, supervisor, viewer };
}

/** Safety's incident settings: the In/Out automatic sign-out (spec 3). */
export async function setAutoSignOut(em: EntityManager, project: IProject, time: string, enabled = true) {
  em.create(ProjectSetting, {
    project,
    moduleId: "safety",
    form: "incidentSettings",
    values: { autoSignOutEnabled: enabled, autoSignOutTime: time },
  } as never);
  await em.flush();
}

export async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "operation");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

export const worker = (name: string, company = "Scaffold Co") => ({
  name,
  company,
  role: "Scaffolder",
  kind: "worker" as const,
  inducted: true,
});

/** The project's time zone (decision 029: Project settings › General). */
export async function setProjectTimeZone(em: EntityManager, project: IProject, timeZone: string) {
  em.create(ProjectSetting, {
    project,
    moduleId: "project-settings",
    form: "general",
    values: { timeZone },
  } as never);
  await em.flush();
}
