import type { ModuleSettingsPage } from "~/server/settings/module-settings-page.server";
import { OPERATION_SETTINGS_PATH } from "./diary-basics";

/** /operation/settings: the site diary's form (In/Out adds its own forms to the page). */
export const OPERATION_SETTINGS: ModuleSettingsPage = {
  moduleId: "operation",
  path: OPERATION_SETTINGS_PATH,
  forms: [
    // --- site diary settings form ---
    "siteDiary",
    // --- end site diary settings form ---
  ],
  save: "operation.settings.create-settings",
  reset: "operation.settings.create-settings",
  savedMessage: "settings:toast.updated",
};
