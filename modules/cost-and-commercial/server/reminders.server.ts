import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { activityRowsFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { nextNumber } from "~/server/db/counters";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { nextOccurrences, recurrenceChoiceOf } from "../domain/schedule-recurrence";
import { ContractReminder, EmailTemplate, type IContractReminder } from "../entities";
import { calendarSettings } from "./cnc-settings.server";
import {
  CALENDAR_PERMISSIONS as P,
  REMINDER_ENTITY_TYPE,
  type ReminderForm,
  reminderPath,
  reminderSchema,
} from "./reminder-forms";
import { siteToday } from "./rfa.server";

/**
 * Schedules and reminders (spec 3 "Schedule/reminder", README "Calendar, reminders and settings"): SCH-001 per
 * project, a recurrence built by the form into an RRULE, lead days, an e-mail template and recipients. Viewing
 * needs calendar.view-calendar; adding and editing calendar.edit-calendar (a reminder is part of the calendar).
 */

export const REMINDERS_PAGE_SIZE = 25;
const PREVIEW = 3;

const timingOf = (reminder: IContractReminder) => ({
  startDate: dayOfDateColumn(reminder.startDate) ?? "",
  endDate: dayOfDateColumn(reminder.endDate),
  recurrence: reminder.recurrence ?? null,
});

export function reminderRow(reminder: IContractReminder, today: string) {
  const timing = timingOf(reminder);
  return {
    id: reminder.id,
    number: reminder.number,
    title: reminder.title,
    side: reminder.side,
    status: reminder.status,
    ...timing,
    choice: recurrenceChoiceOf(timing.recurrence),
    leadDays: reminder.leadDays,
    next: reminder.status === "active" ? nextOccurrences(timing, today, PREVIEW) : [],
  };
}
export type ReminderRow = ReturnType<typeof reminderRow>;

/** The register, newest number last, one page at a time (in the database). */
export async function reminderRegister(context: ProjectContext, page: number) {
  const today = await siteToday(context);
  const [rows, total] = await context.em.findAndCount(
    ContractReminder,
    { project: context.project.id },
    {
      orderBy: { number: "asc", id: "asc" },
      limit: REMINDERS_PAGE_SIZE,
      offset: (page - 1) * REMINDERS_PAGE_SIZE,
    },
  );
  return { rows: rows.map((row) => reminderRow(row, today)), total, page, pageSize: REMINDERS_PAGE_SIZE };
}

export async function reminderById(context: ProjectContext, id: unknown) {
  const reminder = isUuid(id)
    ? await context.em.findOne(
        ContractReminder,
        { id, project: context.project.id },
        { populate: ["emailTemplate"] },
      )
    : null;
  if (!reminder) throw new Response("Not found", { status: 404 });
  return reminder;
}

/** The form's choices: the project's e-mail templates, and the lead days a new reminder starts with. */
export async function reminderChoices(context: ProjectContext) {
  const templates = await context.em.find(
    EmailTemplate,
    { project: context.project.id },
    { orderBy: { name: "asc", id: "asc" }, fields: ["id", "name"] },
  );
  const settings = await calendarSettings(context);
  return {
    templates: templates.map((template) => ({ value: template.id, label: template.name })),
    defaultLeadDays: settings.defaultLeadDays,
    today: await siteToday(context),
  };
}

export type ReminderValues = Record<string, string>;

/** The edit form's values: the stored RRULE read back into the chooser. */
export function reminderValues(reminder: IContractReminder): ReminderValues {
  const timing = timingOf(reminder);
  const choice = recurrenceChoiceOf(timing.recurrence) ?? { kind: "none" };
  return {
    side: reminder.side,
    title: reminder.title,
    startDate: timing.startDate,
    endDate: timing.endDate ?? "",
    status: reminder.status,
    recurrence: choice.kind,
    weekday: choice.kind === "weekly" ? choice.weekday : "",
    monthDay: choice.kind === "monthly-day" ? String(choice.monthDay) : "",
    leadDays: String(reminder.leadDays),
    emailTemplateId: reminder.emailTemplate?.id ?? "",
    documentTemplate: reminder.documentTemplate ?? "",
    recipients: reminder.recipients.join(", "),
  };
}

async function readReminderForm(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: reminderSchema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) };
  const values = submission.value;
  if (values.emailTemplateId) {
    const template = await context.em.count(EmailTemplate, {
      id: values.emailTemplateId,
      project: context.project.id,
    });
    if (template === 0)
      return {
        reply: data(
          submission.reply({
            fieldErrors: { emailTemplateId: [message("cost-and-commercial:reminders.errors.template")] },
          }),
          { status: 400 },
        ),
      };
  }
  return { values };
}

const columnsOf = (values: ReminderForm, defaultLeadDays: number) => ({
  side: values.side,
  title: values.title,
  startDate: values.startDate,
  endDate: values.endDate,
  status: values.status,
  recurrence: values.rule,
  leadDays: values.leadDays ?? defaultLeadDays,
  emailTemplate: values.emailTemplateId,
  documentTemplate: values.documentTemplate,
  recipients: values.recipients,
});

export async function createReminder(context: ProjectContext, formData: FormData) {
  if (!context.can(P.editCalendar)) throw new Response("Forbidden", { status: 403 });
  const read = await readReminderForm(context, formData);
  if ("reply" in read) return read.reply;
  const { defaultLeadDays } = await calendarSettings(context);
  const reminder = await context.em.transactional(async (tx) => {
    const created = tx.create(ContractReminder, {
      project: context.project.id,
      number: await nextNumber(tx, context.project.id, "SCH", 3),
      ...columnsOf(read.values, defaultLeadDays),
      createdBy: context.user.id,
    } as never) as IContractReminder;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: REMINDER_ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: { number: created.number, title: created.title, recurrence: created.recurrence },
    });
    return created;
  });
  return redirectWithToast(reminderPath(reminder.id), {
    type: "success",
    message: "cost-and-commercial:reminders.toast.created",
    params: { number: reminder.number },
  });
}

export async function updateReminder(
  context: ProjectContext,
  reminder: IContractReminder,
  formData: FormData,
) {
  if (!context.can(P.editCalendar)) throw new Response("Forbidden", { status: 403 });
  const read = await readReminderForm(context, formData);
  if ("reply" in read) return read.reply;
  const before = reminderValues(reminder);
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(ContractReminder, { id: reminder.id, project: context.project.id });
    tx.assign(row, columnsOf(read.values, row.leadDays) as never);
    const after = reminderValues(row);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: REMINDER_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      ...changedFields(before, after),
    });
  });
  return redirectWithToast(reminderPath(reminder.id), {
    type: "success",
    message: "cost-and-commercial:reminders.toast.saved",
    params: { number: reminder.number },
  });
}

/** A reminder's page: its fields, its next occurrences, its history. */
export async function reminderPage(context: ProjectContext, reminder: IContractReminder) {
  const today = await siteToday(context);
  const timing = timingOf(reminder);
  return {
    reminder: {
      ...reminderRow(reminder, today),
      next: reminder.status === "active" ? nextOccurrences(timing, today, 6) : [],
      emailTemplate: reminder.emailTemplate?.name ?? null,
      documentTemplate: reminder.documentTemplate ?? null,
      recipients: [...reminder.recipients],
      lastSentFor: dayOfDateColumn(reminder.lastSentFor),
    },
    canEdit: context.can(P.editCalendar),
    activity: await activityRowsFor(context.em, REMINDER_ENTITY_TYPE, reminder.id, 50),
  };
}
