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
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import { AUDIT_NOTIFICATION_PATH, AUDIT_PATH } from "../server/audit-basics";
import { useAuditText } from "../ui/audit-status";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Audit notifications | SiteProof" }];

const PAGE = AUDIT_NOTIFICATION_PATH;

/** The audit and inspection notification settings (follows the action and incident pages). Viewing needs the route's permission; saving and resetting to the defaults need edit-notification-settings. */
const PAGE_SETTINGS: ModuleSettingsPage = {
  moduleId: "safety",
  path: PAGE,
  forms: ["auditNotifications"],
  save: AUDIT_PERMISSIONS.editNotificationSettings,
  reset: AUDIT_PERMISSIONS.editNotificationSettings,
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

export default function AuditNotificationPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useAuditText();
  return (
    <ModuleSettingsView
      back={{ to: AUDIT_PATH, label: t("safety:audit.detail.back.audit") }}
      title={t("safety:audit.notificationSettings.title")}
      intro={t("safety:audit.notificationSettings.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
