import type { ProjectContext } from "~/server/permissions/guard.server";
import type { ModuleSettingsPage } from "~/server/settings/module-settings-page.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { CNC_SETTINGS_PATH, CNC_SETTINGS_PERMISSIONS } from "./calendar-basics";
import type { WeekStart } from "./calendar-grid";
import type { CalendarSettings } from "./cnc-settings-form";

/** The calendar settings in force for a project (defaults until someone saves the form). */
export const calendarSettings = (context: Pick<ProjectContext, "em" | "project">) =>
  readProjectSettings<CalendarSettings>(context.em, context.project.id, "cost-and-commercial", "calendar");

const WEEK_START: Record<CalendarSettings["weekStartsOn"], WeekStart> = { monday: 0, saturday: 5, sunday: 6 };

export async function calendarWeekStart(context: Pick<ProjectContext, "em" | "project">): Promise<WeekStart> {
  return WEEK_START[(await calendarSettings(context)).weekStartsOn];
}

/** The Calendar settings tab on the core's settings cards: create-settings saves and resets. */
export const CALENDAR_SETTINGS_PAGE: ModuleSettingsPage = {
  moduleId: "cost-and-commercial",
  path: `${CNC_SETTINGS_PATH}?tab=calendar-settings`,
  forms: ["calendar"],
  save: CNC_SETTINGS_PERMISSIONS.create,
  reset: CNC_SETTINGS_PERMISSIONS.create,
  savedMessage: "cost-and-commercial:cncSettings.toast.saved",
};
