import { type Provider, provide } from "~/server/extensions/contracts";
import { projectToday } from "~/server/projects/time-zone.server";
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { openActionsByDue } from "../server/home.server";

/**
 * The safety card on the home view: the project's open actions overdue and due within 7 days, and the
 * overdue ones assigned to the reader, each linking to the action register listing exactly those.
 */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "safety-actions",
      tab: "overview",
      permission: ACTION_PERMISSIONS.view,
      async load(context) {
        const { em, project, t } = context;
        const today = await projectToday(em, project);
        const { buckets, mineOverdue, mineOverdueHref } = await openActionsByDue(context, today);
        const bucket = (due: "overdue" | "due_week") => buckets.find((entry) => entry.due === due)!;
        return {
          title: t("safety:home.widgetTitle"),
          href: "/safety/home",
          counts: [
            {
              label: t("safety:home.actions.overdue"),
              value: bucket("overdue").count,
              href: bucket("overdue").href,
              tone: bucket("overdue").count > 0 ? ("overdue" as const) : ("neutral" as const),
            },
            {
              label: t("safety:home.actions.due_week"),
              value: bucket("due_week").count,
              href: bucket("due_week").href,
              tone: "neutral" as const,
            },
            {
              label: t("safety:home.widgetMineOverdue"),
              value: mineOverdue,
              href: mineOverdueHref,
              tone: mineOverdue > 0 ? ("attention" as const) : ("neutral" as const),
            },
          ],
          waiting: [],
        };
      },
    },
  ],
});
