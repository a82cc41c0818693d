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
import { ACTION_PERMISSIONS } from "../domain/action-workflow";
import { ACTION_NOTIFICATION_FORM } from "../server/action-notifications.server";
import { ACTION_PATH } from "../server/action-rules";
import { useActionText } from "../ui/action-view";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Action notifications | SiteProof" }];

const PAGE = `${ACTION_PATH}/notification`;

function actionNotificationForm(): SettingsFormRef {
  const ref = findSettingsForm("project", ACTION_NOTIFICATION_FORM.moduleId, ACTION_NOTIFICATION_FORM.form);
  if (!ref) throw new Error("The safety manifest declares no actionNotifications settings form");
  return ref;
}

/** Viewing needs the route's permission; saving and resetting to the defaults need edit-notification-settings. */
function rightsOf(context: ProjectContext) {
  const canSave = context.can(ACTION_PERMISSIONS.editNotificationSettings);
  return { canSave, canReset: canSave };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [card] = await settingsCards(
    context.em,
    context.locale,
    { scope: "project", projectId: context.project.id },
    [actionNotificationForm()],
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
    forms: [actionNotificationForm()],
    rightsOf: () => rightsOf(context),
    redirectTo: () => PAGE,
    savedMessage: () => "settings:toast.notificationsUpdated",
  });
}

export default function ActionNotificationPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useActionText();
  return (
    <div className="space-y-6">
      <Link to={ACTION_PATH} className="inline-block text-sm font-medium text-brand-700 hover:underline">
        ← {t("safety:action.detail.back")}
      </Link>
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("safety:action.notificationSettings.title")}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {t("safety:action.notificationSettings.intro")}
        </p>
      </header>
      <SettingsFormCard
        card={card}
        result={actionData?.formKey === card.key ? actionData.result : undefined}
      />
    </div>
  );
}
