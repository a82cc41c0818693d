import type { EntityManager } from "@mikro-orm/postgresql";
import { translateMessage } from "~/app/utils/message-key";
import { type IProject, Notification } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { signedInMember } from "~/tests/setup/requests";
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { type ISafetyAction, SafetyAction } from "../entities";

/** Safety action tests' people, records and helpers. */

const P = ACTION_PERMISSIONS;

export async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

/**
 * A project with a site engineer who raises actions (create, edit, close her own), a worker who does them
 * (update-status), an HSSE manager (every right), and a viewer.
 */
export async function safetySite(em: EntityManager, project: IProject) {
  const engineer = await signedInMember(em, project, [P.view, P.create, P.edit, P.updateStatus, P.close], {
    name: "Erin Engineer",
  });
  const worker = await signedInMember(em, project, [P.view, P.updateStatus], { name: "Wade Worker" });
  const manager = await signedInMember(em, project, Object.values(P), { name: "Mona Manager" });
  const viewer = await signedInMember(em, project, [P.view], { name: "Vic Viewer" });
  return { engineer, worker, manager, viewer };
}

export function multipart(fields: Record<string, string | string[]>, files: File[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  for (const file of files) form.append("evidence", file);
  return form;
}

export const actionsOf = (em: EntityManager, project: IProject) =>
  scopeToProject(em, project.id).find(SafetyAction, {}, { orderBy: { sequence: "asc" } });

/** An action stored directly (for register and workflow tests), with overrides. */
export async function makeAction(
  em: EntityManager,
  project: IProject,
  overrides: Record<string, unknown> & { number: string },
): Promise<ISafetyAction> {
  const scoped = scopeToProject(em, project.id);
  const action = scoped.create(SafetyAction, {
    project,
    title: "Guard rail missing",
    status: "open",
    riskRanking: "medium",
    ...overrides,
  } as never) as ISafetyAction;
  await scoped.flush();
  return action;
}

export const notificationsOf = (em: EntityManager, userId: string, event?: string) =>
  em.find(
    Notification,
    { recipient: userId, ...(event ? { event } : {}) },
    { orderBy: { createdAt: "asc" } },
  );
