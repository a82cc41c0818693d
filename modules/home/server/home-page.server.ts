import { selectedLinkTab } from "~/app/ui/link-tabs";
import type { HomeTab, HomeWidgetItem } from "~/server/extensions/contracts";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { arrangedHomeWidgets } from "./home-layout.server";

const TAB_ORDER: readonly HomeTab[] = ["overview", "downstream", "supplier"];

/** Overdue first, then by due date, then as the modules listed them. */
function byUrgency(a: HomeWidgetItem, b: HomeWidgetItem) {
  if (Boolean(a.overdue) !== Boolean(b.overdue)) return a.overdue ? -1 : 1;
  return (a.dueOn ?? "9999").localeCompare(b.dueOn ?? "9999");
}

/** The home view's data, for both its addresses (`/` and `/home-view/home`), once the route's guard passed. */
export async function loadHomePage(context: ProjectContext, url: URL) {
  const { user, project, membership } = context;
  // In the user's order; a card they hid still makes its tab appear, so they can find it again.
  const widgets = await arrangedHomeWidgets(context);
  // The Overview tab is always there; Downstream and Supplier Dashboard appear once a module fills them.
  const tabs = TAB_ORDER.filter((tab) => tab === "overview" || widgets.some((widget) => widget.tab === tab));
  const tab = selectedLinkTab(
    url.searchParams,
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
