import type { ModuleSettingsPage } from "~/server/settings/module-settings-page.server";
import { PLANT_SETTINGS_FORMS } from "../domain/plant-settings";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { PLANT_NOTIFICATIONS_PATH, PLANT_SETTINGS_PATH } from "./plant-basics";

/**
 * The plant module's two settings pages on the core's module settings page: viewing needs the route's
 * permission; saving and resetting to the defaults the page's own.
 */
export const PLANT_SETTINGS_PAGES = {
  notifications: {
    moduleId: "plant",
    path: PLANT_NOTIFICATIONS_PATH,
    forms: [PLANT_SETTINGS_FORMS.notifications],
    save: PLANT_PERMISSIONS.editNotificationSettings,
    reset: PLANT_PERMISSIONS.editNotificationSettings,
    savedMessage: "settings:toast.notificationsUpdated",
  },
  settings: {
    moduleId: "plant",
    path: PLANT_SETTINGS_PATH,
    forms: [PLANT_SETTINGS_FORMS.settings],
    save: PLANT_PERMISSIONS.createSettings,
    reset: PLANT_PERMISSIONS.createSettings,
    savedMessage: "settings:toast.updated",
  },
} as const satisfies Record<string, ModuleSettingsPage>;
