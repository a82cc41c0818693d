import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { type ISafetyAction, SafetyActionWatcher } from "../entities";
import { actionPath } from "./action-rules";

/** The actionNotifications settings form of the manifest: who hears of what. */
export type ActionNotificationSettings = {
  assignedNotifyAssignee: boolean;
  assignedNotifyWatchers: boolean;
  dueNotifyAssignee: boolean;
  dueDaysBefore: number;
  overdueNotifyAssignee: boolean;
  overdueNotifyCreator: boolean;
  closedNotifyCreator: boolean;
  closedNotifyAssignee: boolean;
  closedNotifyWatchers: boolean;
};

export const ACTION_NOTIFICATION_FORM = { moduleId: "safety", form: "actionNotifications" } as const;

export const actionNotificationSettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<ActionNotificationSettings>(
    em,
    projectId,
    ACTION_NOTIFICATION_FORM.moduleId,
    ACTION_NOTIFICATION_FORM.form,
  );

export type ActionEvent = "action-assigned" | "action-closed";

async function watcherIds(em: EntityManager, actionId: string): Promise<string[]> {
  const rows = await em.find(SafetyActionWatcher, { action: actionId }, { fields: ["user"] });
  return rows.map((row) => row.user.id);
}

/**
 * Tells the people the project's settings name of an action's assignment (on creation and on re-assignment)
 * or of its closure, in each reader's language. Runs after the change has committed; the actor is never told.
 */
export async function notifyActionEvent(
  em: EntityManager,
  input: { project: IProject; action: ISafetyAction; event: ActionEvent; actorId: string; actorName: string },
) {
  const { project, action, event } = input;
  const settings = await actionNotificationSettings(em, project.id);
  const watchers = await watcherIds(em, action.id);
  const people: (string | null | undefined)[] = [];
  if (event === "action-assigned") {
    if (settings.assignedNotifyAssignee) people.push(action.assignee?.id);
    if (settings.assignedNotifyWatchers) people.push(...watchers);
  } else {
    if (settings.closedNotifyCreator) people.push(action.createdBy?.id);
    if (settings.closedNotifyAssignee) people.push(action.assignee?.id);
    if (settings.closedNotifyWatchers) people.push(...watchers);
  }
  if (people.filter(Boolean).length === 0) return null;
  const recipients = await audienceMembers(em, project, [{ people }]);
  const text = (key: string) => async (locale: Locale) =>
    (await serverT(locale, "safety"))(`action.notifications.${event}.${key}`, {
      number: action.number,
      title: action.title,
      project: project.name,
      actor: input.actorName,
    });
  return notify(em, {
    projectId: project.id,
    event,
    recipients,
    title: text("title"),
    body: text("body"),
    link: actionPath(action.id),
    actorId: input.actorId,
    fallbackLocale: projectLocale(project),
  });
}
