import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import { PageHeader } from "~/app/ui/page-header";
import type { action, loader } from "../routes/home-widgets";
import { WidgetSettingsForm } from "./widget-settings-form";

/** Choose and order the home cards, one tab at a time. */
export function WidgetSettingsView() {
  const { tabs, tab, cards } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["home", "common"]);
  const body =
    cards.length === 0 ? (
      <EmptyState title={t("home:noWidgetsTitle")} description={t("home:noWidgets")} />
    ) : (
      <WidgetSettingsForm
        key={`${tab}:${cards.map((card) => card.key).join(",")}`}
        tab={tab}
        cards={cards}
        lastResult={lastResult}
      />
    );
  return (
    <div className="space-y-6">
      <PageHeader title={t("home:settings.title")} description={t("home:settings.description")} />
      {tabs.length > 1 ? (
        <LinkTabs
          label={t("home:tabsLabel")}
          tabs={tabs.map((value) => ({ value, label: t(`home:tabs.${value}`) }))}
          defaultValue="overview"
        >
          {body}
        </LinkTabs>
      ) : (
        body
      )}
    </div>
  );
}
