import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadModuleSettings, saveModuleSettings } from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { ITP_NOTIFICATION_SETTINGS, whoHearsWhat } from "../server/quality-settings-page.server";
import { QualitySettingsView } from "../ui/quality-settings-view";

export const handle = { i18n: ["quality", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "ITP notifications | SiteProof" }];

/** Who hears which ITP event in this project (quality.itp.view-notification-settings; saving needs edit-). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    cards: await loadModuleSettings(context, ITP_NOTIFICATION_SETTINGS),
    who: whoHearsWhat("itpNotifications"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, ITP_NOTIFICATION_SETTINGS, await readForm(request));
}

export default function ItpNotificationSettingsPage() {
  const { cards, who } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useTranslation("quality");
  return (
    <QualitySettingsView
      title={t("settings.notificationPage.itpTitle")}
      intro={t("settings.notificationPage.intro")}
      cards={cards}
      actionData={actionData}
      who={who}
    />
  );
}
