import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleSettingsView } from "~/app/admin/module-settings-view";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  loadModuleSettings,
  type ModuleSettingsPage,
  saveModuleSettings,
} from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { SWMS_PERMISSIONS } from "../domain/swms-workflow";
import { SWMS_PATH } from "../server/swms-basics";
import { SWMS_NOTIFICATION_FORM } from "../server/swms-notifications.server";
import { useSwmsText } from "../ui/swms-status";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "SWMS notifications | SiteProof" }];

const PAGE = `${SWMS_PATH}/notification`;

/** Viewing needs the route's permission (view-notification); saving and resetting need edit-notification. */
const PAGE_SETTINGS: ModuleSettingsPage = {
  moduleId: SWMS_NOTIFICATION_FORM.moduleId,
  path: PAGE,
  forms: [SWMS_NOTIFICATION_FORM.form],
  save: SWMS_PERMISSIONS.editNotification,
  reset: SWMS_PERMISSIONS.editNotification,
  savedMessage: "settings:toast.notificationsUpdated",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [card] = await loadModuleSettings(context, PAGE_SETTINGS);
  return { card };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, PAGE_SETTINGS, await readForm(request));
}

export default function SwmsNotificationPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useSwmsText();
  return (
    <ModuleSettingsView
      back={{ to: SWMS_PATH, label: t("safety:swms.detail.back") }}
      title={t("safety:swms.notificationSettings.title")}
      intro={t("safety:swms.notificationSettings.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
