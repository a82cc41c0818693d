import type { EntityManager } from "@mikro-orm/postgresql";
import type { ModuleSettingsPage } from "~/server/settings/module-settings-page.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import type { RosteringSettings } from "../domain/rostering-settings";
import { ROSTERING_SETTINGS_PATH } from "./rostering-basics";

export const ROSTERING_SETTINGS_FORM = "rosteringSettings";

/** The rostering settings in force for a project (the defaults until someone saves the form). */
export const rosteringSettingsOf = (em: EntityManager, projectId: string) =>
  readProjectSettings<RosteringSettings>(em, projectId, "rostering", ROSTERING_SETTINGS_FORM);

/** /rostering/rostering/settings on the core's module settings page: saving needs create-settings. */
export const ROSTERING_SETTINGS_PAGE = {
  moduleId: "rostering",
  path: ROSTERING_SETTINGS_PATH,
  forms: [ROSTERING_SETTINGS_FORM],
  save: "rostering.settings.create-settings",
  reset: "rostering.settings.create-settings",
  savedMessage: "settings:toast.updated",
} as const satisfies ModuleSettingsPage;
