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
import { INCIDENT_PERMISSIONS } from "../domain/incident-workflow";

import { INCIDENT_PATH } from "../server/incident-basics";
import { INCIDENT_NOTIFICATION_FORM } from "../server/incident-notifications.server";
import { useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Incident notifications | SiteProof" }];

const PAGE = `${INCIDENT_PATH}/notification`;

/** Viewing needs the route's permission; saving and resetting to the defaults need edit-notification-settings. */
const PAGE_SETTINGS: ModuleSettingsPage = {
  moduleId: INCIDENT_NOTIFICATION_FORM.moduleId,
  path: PAGE,
  forms: [INCIDENT_NOTIFICATION_FORM.form],
  save: INCIDENT_PERMISSIONS.editNotificationSettings,
  reset: INCIDENT_PERMISSIONS.editNotificationSettings,
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

export default function IncidentNotificationPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useIncidentText();
  return (
    <ModuleSettingsView
      back={{ to: INCIDENT_PATH, label: t("safety:incident.detail.back") }}
      title={t("safety:incident.notificationSettings.title")}
      intro={t("safety:incident.notificationSettings.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
