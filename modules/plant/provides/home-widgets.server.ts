import { type Provider, provide } from "~/server/extensions/contracts";
import { PLANT_HOME_PATH } from "../server/plant-basics";
import { plantFigures } from "../server/plant-home.server";

/** The plant card on the home dashboard: plant on site, documents expiring or expired, failed checks (7 days). */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "plant",
      tab: "overview",
      permission: "plant.register.view",
      async load({ em, project, t }) {
        const { figures, warningDays } = await plantFigures(em, project);
        return {
          title: t("plant:home.title"),
          href: PLANT_HOME_PATH,
          counts: figures.map(({ figure, count, href }) => ({
            label: t(`plant:home.figures.${figure}`, { days: warningDays }),
            value: count,
            href,
            tone:
              figure === "onSite"
                ? ("neutral" as const)
                : count > 0
                  ? ("attention" as const)
                  : ("neutral" as const),
          })),
          waiting: [],
        };
      },
    },
  ],
});
