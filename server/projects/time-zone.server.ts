import type { EntityManager } from "@mikro-orm/postgresql";
import { readProjectSettings } from "~/server/settings/settings.server";
import { defaultTimeZoneFor, isTimeZone, zonedDay } from "./time-zone";

/** Where the zone is kept: the project-settings module's General form (decision 029). */
export const TIME_ZONE_SETTING = {
  moduleId: "project-settings",
  form: "general",
  field: "timeZone",
} as const;

/** The project's time zone: the one chosen on its settings' General tab, else its region's (decision 029). */
export async function projectTimeZone(
  em: EntityManager,
  project: { id: string; language?: string | null },
): Promise<string> {
  const values = await readProjectSettings<{ timeZone?: string }>(
    em,
    project.id,
    TIME_ZONE_SETTING.moduleId,
    TIME_ZONE_SETTING.form,
  );
  return isTimeZone(values.timeZone) ? values.timeZone : defaultTimeZoneFor(project.language);
}

/** The project's today: the calendar day on its site's clock (decision 029). */
export async function projectToday(
  em: EntityManager,
  project: { id: string; language?: string | null },
  at = new Date(),
): Promise<string> {
  return zonedDay(at, await projectTimeZone(em, project));
}
