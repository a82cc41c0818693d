import { type Provider, provide } from "~/server/extensions/contracts";
import { DOCKETS_HOME_PATH } from "../server/docket-basics";
import { docketFigures, WAITING_HREF } from "../server/docket-home.server";

/** The dockets card on the home dashboard: dockets waiting for my approval, and dockets per state. */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "dockets",
      tab: "overview",
      permission: "dockets.docket.view",
      async load({ em, project, user, t }) {
        const figures = await docketFigures(em, project.id, user.id);
        return {
          title: t("dockets:widgets.title"),
          href: DOCKETS_HOME_PATH,
          counts: [
            {
              label: t("dockets:widgets.waiting"),
              value: figures.waitingCount,
              href: WAITING_HREF,
              tone: figures.waitingCount > 0 ? ("attention" as const) : ("neutral" as const),
            },
            ...figures.states.map(({ status, count, href }) => ({
              label: t(`dockets:status.${status}`),
              value: count,
              href,
              tone: "neutral" as const,
            })),
          ],
          waiting: figures.waiting.map((docket) => ({
            id: docket.id,
            label: docket.number,
            detail: docket.company ?? undefined,
            href: docket.href,
          })),
        };
      },
    },
  ],
});
