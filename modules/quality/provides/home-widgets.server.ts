import type { HomeWidgetItem } from "~/server/extensions/contracts";
import { type Provider, provide } from "~/server/extensions/contracts";
import { type ILot, Lot } from "../entities";
import { lotPath } from "../server/lot-rules";
import { qualityOverview } from "../server/overview.server";

/** How many records a card lists under "waiting for you"; the counts say how many there are in all. */
const LISTED = 5;

const OPEN = { status: { $nin: ["closed", "cancelled"] } } as const;
const LOT_FIELDS = ["number", "title", "status", "subStatus", "lotCloseTarget"] as const;

/** The fields a listed lot is read with. */
type ListedLot = Pick<ILot, "id" | "number" | "title" | "status" | "subStatus" | "lotCloseTarget">;

const isoDay = (value: unknown) => (value ? String(value).slice(0, 10) : null);

function pastTarget(projectId: string, today: string) {
  return { project: projectId, lotCloseTarget: { $lt: today }, ...OPEN } as const;
}

/**
 * The quality card on the home dashboard: open lots, what waits for the user's review step (from the
 * workflow tables, as on /quality/home), and lots past their target close date. Its "waiting for you"
 * items are the lots at the user's review steps, then — for the site team, who move lots forward — the
 * open lots past their target close date; each lot once, overdue ones marked.
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

        const atMyStep = waitingLots.length
          ? await em.find(
              Lot,
              {
                project: project.id,
                $or: waitingLots.map((entry) => ({ status: entry.status, subStatus: entry.subStatus })),
              } as never,
              { orderBy: { updatedAt: "desc" }, limit: LISTED, fields: [...LOT_FIELDS] },
            )
          : [];
        const overdueCount = canViewLots ? await em.count(Lot, pastTarget(project.id, today)) : 0;
        const overdueForTheTeam =
          canViewLots && can("quality.lot.update-status")
            ? await em.find(Lot, pastTarget(project.id, today), {
                orderBy: { lotCloseTarget: "asc" },
                limit: LISTED,
                fields: [...LOT_FIELDS],
              })
            : [];

        const stateText = (lot: ListedLot) =>
          [
            t(`quality:lot.status.${lot.status}`),
            lot.subStatus ? t(`quality:lot.subStatus.${lot.subStatus}`) : null,
          ]
            .filter(Boolean)
            .join(" · ");
        const item = (lot: ListedLot): HomeWidgetItem => {
          const dueOn = isoDay(lot.lotCloseTarget);
          const overdue =
            dueOn !== null && dueOn < today && lot.status !== "closed" && lot.status !== "cancelled";
          return {
            id: lot.id,
            label: `${lot.number} · ${lot.title}`,
            detail: overdue ? `${stateText(lot)} · ${t("quality:home.widget.closeTarget")}` : stateText(lot),
            href: lotPath(lot.id),
            dueOn: overdue ? dueOn : null,
            overdue,
          };
        };
        const listed = new Set(atMyStep.map((lot) => lot.id));

        return {
          title: t("quality:title"),
          href: "/quality/home",
          counts: [
            ...(canViewLots
              ? [
                  { label: t("quality:home.widget.openLots"), value: openLots, href: "/quality/lot" },
                  {
                    label: t("quality:home.widget.lotsWaiting"),
                    value: sum(waitingLots),
                    // One waiting state: its register lists exactly the lots counted; several: the overview.
                    href: waitingLots.length === 1 ? waitingLots[0].href : "/quality/home",
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
          waiting: [...atMyStep, ...overdueForTheTeam.filter((lot) => !listed.has(lot.id))].map(item),
        };
      },
    },
  ],
});
