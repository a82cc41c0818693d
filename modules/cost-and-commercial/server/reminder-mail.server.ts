import type { EntityManager } from "@mikro-orm/postgresql";
import { sendMail } from "~/plugins/mail/mail.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { Project } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { defineJob, enqueueJob } from "~/server/jobs/jobs.server";
import { defineSchedule } from "~/server/jobs/schedules.server";
import { projectLocale } from "~/server/notifications/notify.server";
import { zonedDay, zonedParts } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { projectsWithModule } from "~/server/settings/project-modules.server";
import { occurrenceToSend } from "../domain/schedule-recurrence";
import { ContractReminder, EmailTemplate as EmailTemplateRef, type IContractReminder } from "../entities";
import { fillTemplate } from "./email-template-placeholders";

/**
 * The daily reminder e-mails (README "Calendar, reminders and settings"): each active reminder whose next
 * occurrence falls within its lead days (`occurrenceToSend`) is e-mailed to its recipients with its template's
 * {placeholders} filled (or the module's default words). The occurrence is claimed first — lastSentFor moved
 * forward by a conditional update, outside any network call — so two runs of the same day, or two servers,
 * never send it twice; a send that fails after the claim is logged by the job's run, not retried.
 */

export const REMINDER_MAIL_KIND = "cost-and-commercial.reminder-mail";
/** Reminder e-mails go at seven in the morning on the project's clock. */
export const REMINDER_MAIL_HOUR = 7;

type Mail = { to: string; subject: string; text: string };

async function claimOccurrence(em: EntityManager, reminder: IContractReminder, occurrence: string) {
  const claimed = await em.nativeUpdate(
    ContractReminder,
    {
      id: reminder.id,
      $or: [{ lastSentFor: null }, { lastSentFor: { $lt: occurrence } }],
    },
    { lastSentFor: occurrence },
  );
  return claimed === 1;
}

async function mailsOf(
  em: EntityManager,
  projectName: string,
  locale: ReturnType<typeof projectLocale>,
  reminder: IContractReminder,
  occurrence: string,
): Promise<Mail[]> {
  const values = {
    project: projectName,
    number: reminder.number,
    title: reminder.title,
    occurrence,
    leadDays: String(reminder.leadDays),
    documentTemplate: reminder.documentTemplate ?? "",
    startDate: dayOfDateColumn(reminder.startDate) ?? "",
    endDate: dayOfDateColumn(reminder.endDate) ?? "",
  };
  const template = reminder.emailTemplate
    ? await em.findOne(EmailTemplateRef, reminder.emailTemplate.id)
    : null;
  const t = await serverT(locale, "cost-and-commercial");
  const subject = template
    ? fillTemplate(template.subject, values)
    : (t("reminders.mail.subject", values) as string);
  const text = template ? fillTemplate(template.body, values) : (t("reminders.mail.body", values) as string);
  return reminder.recipients.map((to) => ({ to, subject, text }));
}

/** Sends one project's reminders due on `today` (its own day); answers how many e-mails went. */
export async function sendDueReminders(manager: EntityManager, projectId: string, today: string) {
  const em = scopeToProject(manager, projectId);
  const project = await em.findOneOrFail(Project, { id: projectId });
  const reminders = await em.find(
    ContractReminder,
    { project: projectId, status: "active", startDate: { $lte: shiftedEnd(today) } },
    { orderBy: { number: "asc" } },
  );
  let sent = 0;
  for (const reminder of reminders) {
    const occurrence = occurrenceToSend(
      {
        startDate: dayOfDateColumn(reminder.startDate) ?? "",
        endDate: dayOfDateColumn(reminder.endDate),
        recurrence: reminder.recurrence ?? null,
        leadDays: reminder.leadDays,
        lastSentFor: dayOfDateColumn(reminder.lastSentFor),
      },
      today,
    );
    if (!occurrence || reminder.recipients.length === 0) continue;
    if (!(await claimOccurrence(em, reminder, occurrence))) continue;
    for (const mail of await mailsOf(em, project.name, projectLocale(project), reminder, occurrence)) {
      await sendMail(em, mail);
      sent += 1;
    }
  }
  return sent;
}

/** Any reminder starting within the longest lead (60 days) may be due: the domain decides which. */
function shiftedEnd(today: string) {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 60);
  return date.toISOString().slice(0, 10);
}

export const reminderMailJob = defineJob<{ day?: string }>(
  REMINDER_MAIL_KIND,
  async ({ em, run, payload }) => {
    if (!run.project) throw new Error("Reminder e-mails belong to a project");
    const sent = await sendDueReminders(
      em,
      run.project.id,
      payload.day ?? new Date().toISOString().slice(0, 10),
    );
    return { sent };
  },
);

/** Every hour, each project with the module on whose clock says REMINDER_MAIL_HOUR gets its day's run. */
export const reminderMailSchedule = defineSchedule({
  name: "cost-and-commercial.reminder-mail-daily",
  cron: "0 * * * *",
  async run({ em, at }) {
    for (const project of await projectsWithModule(em, "cost-and-commercial")) {
      const zone = await projectTimeZone(em, project);
      if (zonedParts(at, zone).hour !== REMINDER_MAIL_HOUR) continue;
      await enqueueJob(em, {
        kind: reminderMailJob,
        projectId: project.id,
        payload: { day: zonedDay(at, zone) },
      });
    }
  },
});
