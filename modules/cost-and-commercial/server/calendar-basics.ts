import { CONTRACT_SIDES, type ContractSide } from "../domain/vocabularies";
import { CALENDAR_PATH, CNC_PATH, UPSTREAM_SCHEDULES_PATH } from "./upstream-basics";

/** The calendar, schedules and settings pages' paths, permissions, intents and limits (browser and server). */

export { CALENDAR_PATH, UPSTREAM_SCHEDULES_PATH };
export const CALENDAR_TASK_CREATE_PATH = `${CALENDAR_PATH}/tasks/new`;
export const calendarTaskPath = (id: string) => `${CALENDAR_PATH}/tasks/${id}`;
export const calendarTaskEditPath = (id: string) => `${CALENDAR_PATH}/tasks/${id}/edit`;
export const CALENDAR_UPLOAD_PATH = `${CALENDAR_PATH}/upload`;
export const CALENDAR_TEMPLATE_PATH = `${CALENDAR_PATH}/upload/template`;
export const REMINDER_CREATE_PATH = `${UPSTREAM_SCHEDULES_PATH}/new`;
export const reminderPath = (id: string) => `${UPSTREAM_SCHEDULES_PATH}/${id}`;
export const CNC_SETTINGS_PATH = `${CNC_PATH}/settings`;
export const EMAIL_TEMPLATE_CREATE_PATH = `${CNC_SETTINGS_PATH}/create-email-template`;

export const CALENDAR_PERMISSIONS = {
  viewCalendar: "cost-and-commercial.calendar.view-calendar",
  editCalendar: "cost-and-commercial.calendar.edit-calendar",
  deleteCalendar: "cost-and-commercial.calendar.delete-calendar",
  createTask: "cost-and-commercial.calendar.create-task",
  viewTask: "cost-and-commercial.calendar.view-task",
  editTask: "cost-and-commercial.calendar.edit-task",
  deleteTask: "cost-and-commercial.calendar.delete-task",
} as const;

export const CNC_SETTINGS_PERMISSIONS = {
  view: "cost-and-commercial.settings.view-settings",
  create: "cost-and-commercial.settings.create-settings",
  resetPostContractData: "cost-and-commercial.settings.reset-post-contract-data",
} as const;

export const CALENDAR_SIDES = CONTRACT_SIDES;
export const CALENDAR_VIEWS = ["month", "list"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The calendar page's URL for a side, a month (YYYY-MM) and a view. */
export function calendarPath(side: ContractSide, month?: string, view: CalendarView = "month") {
  const params = new URLSearchParams();
  if (side !== "upstream") params.set("side", side);
  if (month) params.set("month", month);
  if (view !== "month") params.set("view", view);
  const query = params.toString();
  return query ? `${CALENDAR_PATH}?${query}` : CALENDAR_PATH;
}

export const CALENDAR_TASK_INTENTS = { delete: "delete" } as const;

export const CALENDAR_LIMITS = {
  task: 200,
  description: 4000,
  packageName: 300,
  packageType: 50,
  text: 4000,
  collaborators: 20,
} as const;

/** The activity log's entity types. */
export const CALENDAR_TASK_ENTITY_TYPE = "cnc.calendar-task";
export const CALENDAR_ENTITY_TYPE = "cnc.calendar";
export const REMINDER_ENTITY_TYPE = "cnc.reminder";
export const EMAIL_TEMPLATE_ENTITY_TYPE = "cnc.email-template";

/** The settings page's tabs (`?tab=`) and its forms' intents. */
export const CNC_SETTINGS_TABS = ["email-templates", "calendars", "calendar-settings", "data"] as const;
export type CncSettingsTab = (typeof CNC_SETTINGS_TABS)[number];
export const cncSettingsPath = (tab: CncSettingsTab) =>
  tab === "email-templates" ? CNC_SETTINGS_PATH : `${CNC_SETTINGS_PATH}?tab=${tab}`;

export const CNC_SETTINGS_INTENTS = {
  calendarVisibility: "calendar-visibility",
  calendarDelete: "calendar-delete",
  resetData: "reset-data",
} as const;
