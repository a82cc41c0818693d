import { formatCents } from "~/app/utils/format";
import { type Provider, provide } from "~/server/extensions/contracts";
import { commercialPicture } from "../server/cnc-home.server";
import { CNC_HOME_PATH, upstreamPath } from "../server/upstream-basics";

/** The Cost and Commercial card on the home dashboard: claims due and overdue, overdue reminders, contract sum vs claimed. */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "commercial",
      tab: "overview",
      permission: "cost-and-commercial.upstream.view",
      async load({ em, project, t, locale }) {
        const picture = await commercialPicture(em, project);
        const amount = (cents: number) => formatCents(cents, { currency: locale === "vi" ? "VND" : "USD" });
        return {
          title: t("cost-and-commercial:widgets.title"),
          href: CNC_HOME_PATH,
          counts: [
            {
              label: t("cost-and-commercial:widgets.claimsDue"),
              value: picture.claimsDue.length,
              href: CNC_HOME_PATH,
              tone: picture.claimsDue.length > 0 ? ("attention" as const) : ("neutral" as const),
            },
            {
              label: t("cost-and-commercial:widgets.claimsOverdue"),
              value: picture.claimsOverdue.length,
              href: CNC_HOME_PATH,
              tone: picture.claimsOverdue.length > 0 ? ("overdue" as const) : ("neutral" as const),
            },
            {
              label: t("cost-and-commercial:widgets.overdueReminders"),
              value: picture.overdueReminders.length,
              href: CNC_HOME_PATH,
              tone: picture.overdueReminders.length > 0 ? ("overdue" as const) : ("neutral" as const),
            },
          ],
          waiting: [
            ...(picture.contract
              ? [
                  {
                    id: "contract-sum",
                    label: t("cost-and-commercial:widgets.contractVsClaimed", {
                      sum: amount(picture.contract.contractSumCents),
                      claimed: amount(picture.contract.claimedCents),
                    }),
                    href: upstreamPath("claims"),
                  },
                ]
              : []),
            ...[...picture.claimsOverdue, ...picture.claimsDue].slice(0, 5).map((item) => ({
              id: item.id,
              label: t(`cost-and-commercial:home.deadline.${item.deadline}`, { number: item.number }),
              href: item.href,
              dueOn: item.dueOn,
              overdue: item.overdue,
            })),
          ],
        };
      },
    },
  ],
});
