import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import type { loader } from "../routes/home";
import { HomeWidgetCardView } from "./home-widget-card";
import { WaitingList } from "./waiting-list";

/** The project's dashboard: what waits for me and what is overdue, then each module's card. */
export function HomePage() {
  const { userName, project, roleName, tabs, tab, waiting, cards } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["home", "common"]);
  const content = (
    <div className="space-y-6">
      <WaitingList items={waiting} />
      {cards.length === 0 ? (
        <EmptyState title={t("home:noWidgetsTitle")} description={t("home:noWidgets")} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <HomeWidgetCardView key={card.key} card={card} />
          ))}
        </div>
      )}
    </div>
  );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("home:welcome", { name: userName })}</h1>
          <p className="mt-1 text-slate-600">
            {t("home:projectLine", { name: project.name, number: project.number })}
            {roleName ? ` · ${t("home:role", { role: roleName })}` : ""}
          </p>
        </div>
        <Link
          to={`/home-view/home/widgets${tab === "overview" ? "" : `?tab=${tab}`}`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t("home:chooseCards")}
        </Link>
      </div>
      {tabs.length > 1 ? (
        <LinkTabs
          label={t("home:tabsLabel")}
          tabs={tabs.map((value) => ({ value, label: t(`home:tabs.${value}`) }))}
          defaultValue="overview"
        >
          {content}
        </LinkTabs>
      ) : (
        content
      )}
    </div>
  );
}
