import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SettingsFormCard } from "~/app/admin/settings-form";
import { readForm } from "~/server/http/form.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { findSettingsForm, type SettingsFormRef } from "~/server/settings/settings.server";
import {
  type SettingsActionData,
  settingsAction,
  settingsCards,
} from "~/server/settings/settings-page.server";
import { INCIDENT_PERMISSIONS } from "../domain/incident-workflow";

import { INCIDENT_PATH } from "../server/incident-basics";
import { INCIDENT_NOTIFICATION_FORM } from "../server/incident-notifications.server";
import { useIncidentText } from "../ui/incident-status";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Incident notifications | SiteProof" }];

const PAGE = `${INCIDENT_PATH}/notification`;

function incidentNotificationForm(): SettingsFormRef {
  const ref = findSettingsForm(
    "project",
    INCIDENT_NOTIFICATION_FORM.moduleId,
    INCIDENT_NOTIFICATION_FORM.form,
  );
  if (!ref) throw new Error("The safety manifest declares no incidentNotifications settings form");
  return ref;
}

/** Viewing needs the route's permission; saving and resetting to the defaults need edit-notification-settings. */
function rightsOf(context: ProjectContext) {
  const canSave = context.can(INCIDENT_PERMISSIONS.editNotificationSettings);
  return { canSave, canReset: canSave };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [card] = await settingsCards(
    context.em,
    context.locale,
    { scope: "project", projectId: context.project.id },
    [incidentNotificationForm()],
    () => rightsOf(context),
  );
  return { card };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return settingsAction({
    request,
    formData: await readForm(request),
    em: context.em,
    locale: context.locale,
    actorId: context.user.id,
    target: { scope: "project", projectId: context.project.id },
    forms: [incidentNotificationForm()],
    rightsOf: () => rightsOf(context),
    redirectTo: () => PAGE,
    savedMessage: () => "settings:toast.notificationsUpdated",
  });
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
