import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SettingsFormCard } from "~/app/admin/settings-form";
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
    <div className="space-y-6">
      <Link to={INCIDENT_PATH} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t("safety:incident.detail.back")}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("safety:incident.notificationSettings.title")}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {t("safety:incident.notificationSettings.intro")}
        </p>
      </header>
      <SettingsFormCard
        card={card}
        result={actionData?.formKey === card.key ? actionData.result : undefined}
      />
    </div>
  );
}
