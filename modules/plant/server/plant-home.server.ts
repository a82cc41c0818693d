import type { EntityManager } from "@mikro-orm/postgresql";
import { PLANT_PATH } from "./plant-basics";
import { type FilterDay, plantCount } from "./plant-register.server";
import { plantSettingsOf, plantSiteToday } from "./plant-settings.server";

/**
 * The plant figures of /plants-and-machinery/home and of the home card: plant on site today, plant with
 * documents expiring within the warning window or expired, and plant with a failed pre-start check in the last
 * 7 days — each the register's total behind its link (the same filters, the same SQL).
 */
export const PLANT_FIGURES = {
  onSite: { onSite: "yes" },
  documentsExpiring: { documents: "expiring" },
  documentsExpired: { documents: "expired" },
  failedChecks: { checks: "failed-7-days" },
} as const;
export type PlantFigure = keyof typeof PLANT_FIGURES;

export const figureHref = (figure: PlantFigure) =>
  `${PLANT_PATH}?${new URLSearchParams(PLANT_FIGURES[figure]).toString()}`;

export async function plantFigures(em: EntityManager, project: { id: string; language?: string | null }) {
  const [today, settings] = await Promise.all([plantSiteToday(em, project), plantSettingsOf(em, project.id)]);
  const day: FilterDay = { today, warningDays: settings.expiryWarningDays };
  const figures = Object.keys(PLANT_FIGURES) as PlantFigure[];
  const counts = await Promise.all(
    figures.map((figure) => plantCount(em, project.id, PLANT_FIGURES[figure], day)),
  );
  return {
    today,
    warningDays: settings.expiryWarningDays,
    figures: figures.map((figure, index) => ({ figure, count: counts[index], href: figureHref(figure) })),
  };
}
