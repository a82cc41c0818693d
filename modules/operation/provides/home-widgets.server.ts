import { type Provider, provide } from "~/server/extensions/contracts";
import { inOutHome } from "../server/in-out-home.server";

/** The In/Out card on the home view: who is on site now, and today's people and hours (each opens In/Out). */
export const provider: Provider<"home.widgets"> = provide("home.widgets", {
  widgets: [
    {
      id: "on-site",
      tab: "overview",
      permission: "operation.inOut.view",
      async load(context) {
        const inOut = await inOutHome(context);
        if (!inOut) return null;
        const { t } = context;
        // Hours are a decimal string ("12.50"); a card count is a whole number, so the card rounds them.
        const hours = Math.round(Number(inOut.hoursToday));
        return {
          title: t("operation:home.widgetTitle"),
          href: inOut.href,
          counts: [
            { label: t("operation:home.onSiteNow"), value: inOut.onSiteTotal, href: inOut.href },
            { label: t("operation:home.peopleToday"), value: inOut.peopleToday, href: inOut.href },
            { label: t("operation:home.hoursToday"), value: hours, href: inOut.href },
          ],
          waiting: [],
        };
      },
    },
  ],
});
