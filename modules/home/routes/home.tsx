import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import type { HomeTab, HomeWidgetItem } from "~/server/extensions/contracts";
import { requireRoute } from "~/server/permissions/guard.server";
import { arrangedHomeWidgets } from "../server/home-layout.server";
import { HomeWidgetCardView } from "../ui/home-widget-card";
import { WaitingList } from "../ui/waiting-list";

export const meta: MetaFunction = () => [{ title: "Home | SiteProof" }];
export const handle = { i18n: ["home"] };

const TAB_ORDER: readonly HomeTab[] = ["overview", "downstream", "supplier"];

/** Overdue first, then by due date, then as the modules listed them. */
function byUrgency(a: HomeWidgetItem, b: HomeWidgetItem) {
  if (Boolean(a.overdue) !== Boolean(b.overdue)) return a.overdue ? -1 : 1;
  return (a.dueOn ?? "9999").localeCompare(b.dueOn ?? "9999");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const { user, project, membership } = context;
  // In the user's order; a card they hid still makes its tab appear, so they can find it again.
  const widgets = await arrangedHomeWidgets(context);
  // The Overview tab is always there; Downstream and Supplier Dashboard appear once a module fills them.
  const tabs = TAB_ORDER.filter((tab) => tab === "overview" || widgets.some((widget) => widget.tab === tab));
  const tab = selectedLinkTab(
    new URL(request.url).searchParams,
    tabs.map((value) => ({ value, label: value })),
    "tab",
    "overview",
  ) as HomeTab;
  const onTab = widgets.filter((widget) => widget.tab === tab && !widget.hidden);
  return {
    userName: user.name,
    project: { name: project.name, number: project.number },
    roleName: user.isSuperAdmin ? null : (membership?.role?.name ?? null),
    tabs,
    tab,
    waiting: onTab
      .flatMap((widget) => widget.card.waiting.map((item) => ({ ...item, key: `${widget.key}.${item.id}` })))
      .sort(byUrgency),
    cards: onTab.map(({ key, card }) => ({ key, ...card })),
  };
}

/** The project's dashboard: what waits for me and what is overdue, then each module's card. */
export default function HomePage() {
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
