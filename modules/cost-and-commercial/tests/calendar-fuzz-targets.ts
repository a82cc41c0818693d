/**
 * The calendar, schedules and settings forms, for the fuzz suite (tests/fuzz): tasks and their removal, the
 * calendar upload (with a file), schedules and reminders, e-mail templates, the calendar listing and the reset.
 */
import { z } from "zod";
import { scopeToProject } from "~/server/db/project-scope";
import type { FuzzWorld } from "~/tests/fuzz/targets";
import { CalendarTask, CommercialCalendar, ContractReminder } from "../entities";
import { calendarTaskDeleteSchema, calendarTaskSchema } from "../server/calendar-forms";
import { calendarUploadSchema } from "../server/calendar-upload.server";
import { cncSettingsSchemas, resetDataSchema } from "../server/cnc-settings-page.server";
import { emailTemplateSchema } from "../server/email-template.server";
import { reminderSchema } from "../server/reminder-forms";

async function calendarRecords(world: FuzzWorld) {
  const scoped = scopeToProject(world.em, world.project.id);
  const calendar = scoped.create(CommercialCalendar, {
    project: world.project,
    side: "upstream",
    name: "Fuzz calendar",
    fileName: "fuzz.ics",
  } as never);
  const task = scoped.create(CalendarTask, {
    project: world.project,
    side: "upstream",
    calendar,
    task: "Fuzz task",
    startDate: "2026-11-01",
    dueDate: "2026-11-02",
    collaboratorIds: [],
  } as never);
  const reminder = scoped.create(ContractReminder, {
    project: world.project,
    side: "upstream",
    number: "SCH-900",
    title: "Fuzz reminder",
    startDate: "2026-11-01",
    recurrence: "FREQ=MONTHLY;BYMONTHDAY=25",
    recipients: [],
  } as never);
  await scoped.flush();
  return { task, reminder, ids: [calendar.id, task.id, reminder.id, world.withRights.user.id] };
}

const arranged = (
  params?: (records: Awaited<ReturnType<typeof calendarRecords>>) => Record<string, string>,
) => ({
  async arrange(world: FuzzWorld) {
    const records = await calendarRecords(world);
    return { ids: records.ids, ...(params ? { params: params(records) } : {}) };
  },
});

export const calendarTargets = {
  "/cost-and-commercial/calendar/tasks/new": { forms: [{ name: "task", schema: calendarTaskSchema }] },
  "/cost-and-commercial/calendar/tasks/:taskId": {
    forms: [{ name: "delete", schema: calendarTaskDeleteSchema }],
    ...arranged((records) => ({ taskId: records.task.id })),
  },
  "/cost-and-commercial/calendar/tasks/:taskId/edit": {
    forms: [{ name: "edit", schema: calendarTaskSchema }],
    ...arranged((records) => ({ taskId: records.task.id })),
  },
  "/cost-and-commercial/calendar/upload": {
    forms: [
      { name: "upload", schema: calendarUploadSchema, files: ["file"] },
      { name: "no file", schema: z.object({}) },
    ],
  },
  "/cost-and-commercial/upstream/schedules/new": { forms: [{ name: "reminder", schema: reminderSchema }] },
  "/cost-and-commercial/upstream/schedules/:reminderId/edit": {
    forms: [{ name: "edit", schema: reminderSchema }],
    ...arranged((records) => ({ reminderId: records.reminder.id })),
  },
  "/cost-and-commercial/settings/create-email-template": {
    forms: [{ name: "template", schema: emailTemplateSchema }],
  },
  "/cost-and-commercial/settings": {
    forms: [
      { name: "calendar-visibility", schema: cncSettingsSchemas.calendarVisibilitySchema },
      { name: "calendar-delete", schema: cncSettingsSchemas.calendarDeleteSchema },
      { name: "reset-data", schema: resetDataSchema },
    ],
    ...arranged(),
  },
};
