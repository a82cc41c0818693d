import { type Provider, provide } from "~/server/extensions/contracts";
import { ALLOCATIONS_PATH, ROSTERING_HOME_PATH, rosterPath } from "../server/rostering-basics";
import { rosteringFigures } from "../server/rostering-home.server";

/** The rostering card on the home dashboard: people on site this week, unfilled allocations, rosters in conflict. */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "rostering",
      tab: "overview",
      permission: "rostering.roster.view",
      async load({ em, project, t }) {
        const figures = await rosteringFigures(em, project);
        const conflicts = figures.conflicts.reduce((sum, roster) => sum + roster.open, 0);
        return {
          title: t("rostering:home.cardTitle"),
          href: ROSTERING_HOME_PATH,
          counts: [
            {
              label: t("rostering:home.onSite"),
              value: figures.onSite.length,
              href: ROSTERING_HOME_PATH,
              tone: "neutral" as const,
            },
            {
              label: t("rostering:home.unfilled"),
              value: figures.unfilled.length,
              href: ALLOCATIONS_PATH,
              tone: figures.unfilled.length > 0 ? ("attention" as const) : ("neutral" as const),
            },
            {
              label: t("rostering:home.conflicts"),
              value: conflicts,
              href: ROSTERING_HOME_PATH,
              tone: conflicts > 0 ? ("overdue" as const) : ("neutral" as const),
            },
          ],
          waiting: figures.conflicts.map((roster) => ({
            id: roster.id,
            label: roster.name,
            detail: t("rostering:home.openConflicts", { count: roster.open }),
            href: rosterPath(roster.id),
          })),
        };
      },
    },
  ],
});
