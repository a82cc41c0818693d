import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, Notification, Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import type { Locale } from "~/server/i18n/locale";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import { defineSchedule } from "~/server/jobs/schedules.server";
import { audienceMembers } from "~/server/notifications/audience.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { projectsWithModule } from "~/server/settings/project-modules.server";
import { ACTION_OPEN_STATUSES } from "../domain/action-workflow";
import { type ISafetyAction, SafetyAction } from "../entities";
import { actionNotificationSettings } from "./action-notifications.server";
import { actionPath } from "./action-rules";

/**
 * The daily reminders of a project's actions (the actionNotifications settings): the assignee is reminded
 * of an action due in the set number of days, and the assignee and the creator are told of an overdue one
 * — each once a day at most, whatever runs the job (a notification of the same event and action already
 * sent that day is not sent again).
 */
export type ActionReminderEvent = "action-due" | "action-overdue";

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function sentToday(em: EntityManager, event: string, link: string, today: string) {
  const since = new Date(`${today}T00:00:00Z`);
  return (await em.count(Notification, { event, link, createdAt: { $gte: since } })) > 0;
}

async function remind(
  em: EntityManager,
  project: IProject,
  action: ISafetyAction,
  event: ActionReminderEvent,
  people: (string | null | undefined)[],
  today: string,
) {
  const link = actionPath(action.id);
  if (people.filter(Boolean).length === 0 || (await sentToday(em, event, link, today))) return 0;
  const recipients = await audienceMembers(em, project, [{ people }]);
  const text = (key: string) => async (locale: Locale) =>
    (await serverT(locale, "safety"))(`action.notifications.${event}.${key}`, {
      number: action.number,
      title: action.title,
      project: project.name,
      due: String(action.dueDate ?? "").slice(0, 10),
    });
  const outcome = await notify(em, {
    projectId: project.id,
    event,
    recipients,
    title: text("title"),
    body: text("body"),
    link,
    actorId: null,
    fallbackLocale: projectLocale(project),
  });
  return outcome.notified;
}

/** Sends today's due and overdue reminders of one project's open actions; answers how many people were told. */
export async function sendActionReminders(manager: EntityManager, projectId: string, today: string) {
  // The project's rows only, whatever manager the caller holds (the job's is scoped already).
  const em = scopeToProject(manager, projectId);
  const project = await em.findOneOrFail(Project, { id: projectId });
  const settings = await actionNotificationSettings(em, projectId);
  let told = 0;
  const open = { project: projectId, status: { $in: [...ACTION_OPEN_STATUSES] } };
  if (settings.dueNotifyAssignee) {
    const due = await em.find(
      SafetyAction,
      { ...open, dueDate: addDays(today, settings.dueDaysBefore) },
      { populate: ["assignee"] },
    );
    for (const action of due)
      told += await remind(em, project, action, "action-due", [action.assignee?.id], today);
  }
  if (settings.overdueNotifyAssignee || settings.overdueNotifyCreator) {
    const overdue = await em.find(
      SafetyAction,
      { ...open, dueDate: { $lt: today } },
      { populate: ["assignee"] },
    );
    for (const action of overdue)
      told += await remind(
        em,
        project,
        action,
        "action-overdue",
        [
          settings.overdueNotifyAssignee ? action.assignee?.id : null,
          settings.overdueNotifyCreator ? action.createdBy?.id : null,
        ],
        today,
      );
  }
  return told;
}

/** The job of one project's reminders for a day (payload `{ day }`, today when absent). */
export const actionRemindersJob = defineJob<{ day?: string }>(
  "safety.action-reminders",
  async ({ em, run, payload }) => {
    if (!run.project) throw new Error("Action reminders belong to a project");
    await sendActionReminders(em, run.project.id, payload.day ?? new Date().toISOString().slice(0, 10));
  },
);

/** Reminders go out at six in the morning, before the site's pre-start meeting. */
export const REMINDER_HOUR = 6;

/** The day and the hour it is at `at` in a time zone (an IANA name). */
export function dayAndHourIn(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/**
 * Every hour, each project with safety on whose clock (its time zone, decision 029) says REMINDER_HOUR gets
 * its reminders run for its own day: one run per project, so one project's failure is its own.
 */
export const actionRemindersSchedule = defineSchedule({
  name: "safety.action-reminders-daily",
  cron: "0 * * * *",
  async run({ em, at }) {
    for (const project of await projectsWithModule(em, "safety")) {
      const local = dayAndHourIn(at, await projectTimeZone(em, project));
      if (local.hour !== REMINDER_HOUR) continue;
      await enqueueJob(em, { kind: actionRemindersJob, projectId: project.id, payload: { day: local.day } });
    }
  },
});
