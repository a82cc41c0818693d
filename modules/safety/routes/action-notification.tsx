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
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { ACTION_NOTIFICATION_FORM } from "../server/action-notifications.server";
import { ACTION_PATH } from "../server/action-rules";
import { useActionText } from "../ui/action-view";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Action notifications | SiteProof" }];

const PAGE = `${ACTION_PATH}/notification`;

/** Viewing needs the route's permission; saving and resetting to the defaults need edit-notification-settings. */
const PAGE_SETTINGS: ModuleSettingsPage = {
  moduleId: ACTION_NOTIFICATION_FORM.moduleId,
  path: PAGE,
  forms: [ACTION_NOTIFICATION_FORM.form],
  save: ACTION_PERMISSIONS.editNotificationSettings,
  reset: ACTION_PERMISSIONS.editNotificationSettings,
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

export default function ActionNotificationPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useActionText();
  return (
    <ModuleSettingsView
      back={{ to: ACTION_PATH, label: t("safety:action.detail.back") }}
      title={t("safety:action.notificationSettings.title")}
      intro={t("safety:action.notificationSettings.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
