import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { type HomeTab, homeTabs } from "~/server/extensions/contracts";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { widgetSettingsSchema } from "../domain/widget-settings-schema";
import { arrangedHomeWidgets, saveWidgetSettings } from "../server/home-layout.server";
import { WidgetSettingsView } from "../ui/widget-settings-view";

export const meta: MetaFunction = () => [{ title: "Home cards | SiteProof" }];
export const handle = { i18n: ["home"] };

/** Tabs with at least one card for this user; Overview always. */
function tabsOf(widgets: { tab: HomeTab }[]): HomeTab[] {
  return homeTabs.filter((tab) => tab === "overview" || widgets.some((widget) => widget.tab === tab));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const widgets = await arrangedHomeWidgets(context);
  const tabs = tabsOf(widgets);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab = tabs.find((value) => value === requested) ?? "overview";
  return {
    tabs,
    tab,
    cards: widgets
      .filter((widget) => widget.tab === tab)
      .map((widget) => ({ key: widget.key, title: widget.card.title, hidden: widget.hidden })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const submission = parseWithZod(await readForm(request), { schema: widgetSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const widgets = await arrangedHomeWidgets(context);
  const saved = await saveWidgetSettings(context, widgets, submission.value);
  if (saved === "refused")
    return data(submission.reply({ formErrors: ["home:settings.invalid"] }), { status: 400 });
  const tab = submission.value.tab === "overview" ? "" : `?tab=${submission.value.tab}`;
  // A move stays on the page to move again; Save goes back to the home view.
  return redirectWithToast(
    submission.value.move ? `/home-view/home/widgets${tab}` : `/home-view/home${tab}`,
    { type: "success", message: "home:settings.saved" },
  );
}

export default function HomeWidgetsPage() {
  return <WidgetSettingsView />;
}
