import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { confirmedCheckbox, requiredText } from "~/server/http/form-fields";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { loadModuleSettings } from "~/server/settings/module-settings-page.server";
import {
  BackCharge,
  CalendarTask,
  CommercialCalendar,
  ContractReminder,
  EmailTemplate,
  SubcontractClaim,
  SubcontractVariation,
} from "../entities";
import {
  CALENDAR_ENTITY_TYPE,
  CNC_SETTINGS_INTENTS,
  type CncSettingsTab,
  CALENDAR_PERMISSIONS as CP,
  cncSettingsPath,
  CNC_SETTINGS_PERMISSIONS as SP,
} from "./calendar-basics";
import { CALENDAR_SETTINGS_PAGE } from "./cnc-settings.server";

/**
 * /cost-and-commercial/settings (README "Calendar, reminders and settings"): tabs Email templates, Calendar
 * listing (show/hide, delete), Calendar settings (the core's settings form), Data settings (reset the
 * post-contract data after the project code is typed).
 */

/** The activity entry of a reset: on the project, so its history shows who wiped what and when. */
export const POST_CONTRACT_RESET_ENTITY_TYPE = "cnc.post-contract-data";

export async function loadCncSettings(context: ProjectContext, tab: CncSettingsTab) {
  const can = {
    createTemplate: context.can(SP.create),
    editCalendar: context.can(CP.editCalendar),
    deleteCalendar: context.can(CP.deleteCalendar),
    resetData: context.can(SP.resetPostContractData),
  };
  const base = { tab, can, projectCode: context.project.number };
  if (tab === "email-templates") {
    const templates = await context.em.find(
      EmailTemplate,
      { project: context.project.id },
      { orderBy: { name: "asc", id: "asc" } },
    );
    return {
      ...base,
      templates: templates.map((row) => ({ id: row.id, name: row.name, subject: row.subject })),
    };
  }
  if (tab === "calendars") {
    const calendars = await context.em.find(
      CommercialCalendar,
      { project: context.project.id },
      { orderBy: { createdAt: "desc", id: "desc" } },
    );
    const counts = await Promise.all(
      calendars.map((calendar) =>
        context.em.count(CalendarTask, { calendar: calendar.id, project: context.project.id }),
      ),
    );
    return {
      ...base,
      calendars: calendars.map((row, index) => ({
        id: row.id,
        name: row.name,
        side: row.side,
        fileName: row.fileName,
        visible: row.visible,
        tasks: counts[index],
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }
  if (tab === "calendar-settings")
    return { ...base, cards: await loadModuleSettings(context, CALENDAR_SETTINGS_PAGE) };
  return base;
}

const calendarVisibilitySchema = z.object({
  intent: z.literal(CNC_SETTINGS_INTENTS.calendarVisibility),
  calendarId: z.string().uuid(),
  visible: z.enum(["true", "false"]),
});

const calendarDeleteSchema = z.object({
  intent: z.literal(CNC_SETTINGS_INTENTS.calendarDelete),
  calendarId: z.string().uuid(),
  confirmed: confirmedCheckbox(message("cost-and-commercial:calendar.errors.confirmRequired")),
});

export const cncSettingsSchemas = { calendarVisibilitySchema, calendarDeleteSchema };

async function calendarOf(context: ProjectContext, id: unknown) {
  const calendar = isUuid(id)
    ? await context.em.findOne(CommercialCalendar, { id, project: context.project.id })
    : null;
  if (!calendar) throw new Response("Not found", { status: 404 });
  return calendar;
}

export async function setCalendarVisibility(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: calendarVisibilitySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const calendar = await calendarOf(context, submission.value.calendarId);
  const visible = submission.value.visible === "true";
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(CommercialCalendar, { id: calendar.id, project: context.project.id });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      before: { visible: row.visible },
      after: { visible },
    });
    row.visible = visible;
  });
  return redirectWithToast(cncSettingsPath("calendars"), {
    type: "success",
    message: `cost-and-commercial:cncSettings.toast.${visible ? "shown" : "hidden"}`,
    params: { name: calendar.name },
  });
}

export async function deleteCalendar(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: calendarDeleteSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const calendar = await calendarOf(context, submission.value.calendarId);
  await context.em.transactional(async (tx) => {
    const tasks = await tx.nativeDelete(CalendarTask, { calendar: calendar.id, project: context.project.id });
    await tx.nativeDelete(CommercialCalendar, { id: calendar.id, project: context.project.id });
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: CALENDAR_ENTITY_TYPE,
      entityId: calendar.id,
      action: "deleted",
      before: { name: calendar.name, fileName: calendar.fileName, tasks },
    });
  });
  return redirectWithToast(cncSettingsPath("calendars"), {
    type: "success",
    message: "cost-and-commercial:cncSettings.toast.calendarDeleted",
    params: { name: calendar.name },
  });
}

export const resetDataSchema = z.object({
  intent: z.literal(CNC_SETTINGS_INTENTS.resetData),
  projectCode: requiredText(100),
});

/**
 * Resets the project's post-contract data of this module, in one transaction: subcontract payment claims,
 * variations and back charges, calendar tasks, uploaded calendars, and schedules and reminders. The contracts
 * themselves (head contract and its claims, subcontracts and their securities), e-mail templates and settings
 * stay. Refused unless the project's code is typed exactly.
 */
export async function resetPostContractData(context: ProjectContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resetDataSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const code = context.project.number;
  if (submission.value.projectCode !== code)
    return data(
      submission.reply({
        fieldErrors: {
          projectCode: [message("cost-and-commercial:cncSettings.errors.codeMismatch", { code })],
        },
      }),
      { status: 400 },
    );
  const project = context.project.id;
  const removed = await context.em.transactional(async (tx) => {
    const counts = {
      variations: await tx.nativeDelete(SubcontractVariation, { project }),
      backCharges: await tx.nativeDelete(BackCharge, { project }),
      subcontractClaims: await tx.nativeDelete(SubcontractClaim, { project }),
      calendarTasks: await tx.nativeDelete(CalendarTask, { project }),
      calendars: await tx.nativeDelete(CommercialCalendar, { project }),
      reminders: await tx.nativeDelete(ContractReminder, { project }),
    };
    recordActivity(tx, {
      projectId: project,
      actorId: context.user.id,
      entityType: POST_CONTRACT_RESET_ENTITY_TYPE,
      entityId: project,
      action: "deleted",
      before: counts,
    });
    return counts;
  });
  return redirectWithToast(cncSettingsPath("data"), {
    type: "success",
    message: "cost-and-commercial:cncSettings.toast.reset",
    params: { count: Object.values(removed).reduce((sum, count) => sum + count, 0) },
  });
}
