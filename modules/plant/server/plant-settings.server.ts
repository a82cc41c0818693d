import type { EntityManager } from "@mikro-orm/postgresql";
import { projectToday } from "~/server/projects/time-zone.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import { checklistItems } from "../domain/plant-rules";
import {
  PLANT_SETTINGS_FORMS,
  type PlantNotificationSettings,
  type PlantSettings,
} from "../domain/plant-settings";

/** The plant settings in force for a project (the defaults until someone saves the forms). */
export async function plantSettingsOf(em: EntityManager, projectId: string) {
  const values = await readProjectSettings<PlantSettings>(
    em,
    projectId,
    "plant",
    PLANT_SETTINGS_FORMS.settings,
  );
  return { checklist: checklistItems(values.checklist), expiryWarningDays: values.expiryWarningDays };
}

export const plantNotificationSettingsOf = (em: EntityManager, projectId: string) =>
  readProjectSettings<PlantNotificationSettings>(em, projectId, "plant", PLANT_SETTINGS_FORMS.notifications);

/** The site's today (the project's clock, decision 029). */
export async function plantSiteToday(
  em: EntityManager,
  project: { id: string; language?: string | null },
  at = new Date(),
) {
  return await projectToday(em, project, at);
}
