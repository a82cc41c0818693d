import { type Provider, provide } from "~/server/extensions/contracts";
import { Lot } from "../entities";
import { lotPath } from "../server/lot-rules";
import { qualityOverview } from "../server/overview.server";

/** How many records a card lists under "waiting for you"; the counts say how many there are in all. */
const LISTED = 5;

/**
 * The quality card on the home dashboard: open lots, what waits for the user's review (from the workflow
 * tables, as on /quality/home), and lots past their target close date.
 */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "quality",
      tab: "overview",
      permission: ["quality.lot.view", "quality.itp.view"],
      async load({ em, project, can, t }) {
        const overview = await qualityOverview(em, project.id, can);
        const canViewLots = can("quality.lot.view");
        const today = new Date().toISOString().slice(0, 10);
        const openLots = overview.lotsByStatus
          .filter(({ status }) => status !== "closed" && status !== "cancelled")
          .reduce((sum, { count }) => sum + count, 0);
        const waitingLots = overview.waiting.filter((entry) => entry.kind === "lot");
        const waitingItps = overview.waiting.filter((entry) => entry.kind === "itp");
        const sum = (entries: typeof overview.waiting) =>
          entries.reduce((total, { count }) => total + count, 0);

        const overdue = canViewLots
          ? await em.find(
              Lot,
              {
                project: project.id,
                lotCloseTarget: { $lt: today },
                status: { $nin: ["closed", "cancelled"] },
              },
              {
                orderBy: { lotCloseTarget: "asc" },
                limit: LISTED,
                fields: ["number", "title", "lotCloseTarget"],
              },
            )
          : [];
        const overdueCount = canViewLots
          ? await em.count(Lot, {
              project: project.id,
              lotCloseTarget: { $lt: today },
              status: { $nin: ["closed", "cancelled"] },
            })
          : 0;
        const waiting = waitingLots.length
          ? await em.find(
              Lot,
              {
                project: project.id,
                $or: waitingLots.map((entry) => ({ status: entry.status, subStatus: entry.subStatus })),
              } as never,
              {
                orderBy: { updatedAt: "desc" },
                limit: LISTED,
                fields: ["number", "title", "status", "subStatus"],
              },
            )
          : [];
        const stateText = (status: string, subStatus: string | null) =>
          [t(`quality:lot.status.${status}`), subStatus ? t(`quality:lot.subStatus.${subStatus}`) : null]
            .filter(Boolean)
            .join(" · ");

        return {
          title: t("quality:title"),
          href: "/quality/home",
          counts: [
            ...(canViewLots
              ? [{ label: t("quality:home.widget.openLots"), value: openLots, href: "/quality/lot" }]
              : []),
            ...(canViewLots
              ? [
                  {
                    label: t("quality:home.widget.lotsWaiting"),
                    value: sum(waitingLots),
                    tone: "attention" as const,
                  },
                ]
              : []),
            ...(can("quality.itp.view")
              ? [
                  {
                    label: t("quality:home.widget.itpsWaiting"),
                    value: sum(waitingItps),
                    href:
                      waitingItps.length === 1
                        ? `/quality/itp?status=${waitingItps[0].status}`
                        : "/quality/itp",
                    tone: "attention" as const,
                  },
                ]
              : []),
            ...(canViewLots
              ? [
                  {
                    label: t("quality:home.widget.overdueLots"),
                    value: overdueCount,
                    tone: "overdue" as const,
                  },
                ]
              : []),
          ],
          waiting: [
            ...overdue.map((lot) => ({
              id: lot.id,
              label: `${lot.number} · ${lot.title}`,
              detail: t("quality:home.widget.closeTarget"),
              href: lotPath(lot.id),
              dueOn: lot.lotCloseTarget ? String(lot.lotCloseTarget).slice(0, 10) : null,
              overdue: true,
            })),
            ...waiting.map((lot) => ({
              id: lot.id,
              label: `${lot.number} · ${lot.title}`,
              detail: stateText(lot.status, lot.subStatus ?? null),
              href: lotPath(lot.id),
            })),
          ],
        };
      },
    },
  ],
});
