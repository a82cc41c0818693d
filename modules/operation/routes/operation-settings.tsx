import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleSettingsView } from "~/app/admin/module-settings-view";
import { usePageText } from "~/app/ui/use-page-text";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadModuleSettings, saveModuleSettings } from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { OPERATION_SETTINGS } from "../server/diary-settings.server";

export const handle = { i18n: ["operation", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Operation settings | SiteProof" }];

/** The module's settings (operation.settings.view-settings; saving needs create-settings, checked by the action). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return { cards: await loadModuleSettings(context, OPERATION_SETTINGS) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, OPERATION_SETTINGS, await readForm(request));
}

export default function OperationSettingsPage() {
  const { cards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = usePageText(["operation"]);
  return (
    <ModuleSettingsView
      title={t("operation:settings.title")}
      intro={t("operation:settings.intro")}
      cards={cards}
      actionData={actionData}
    />
  );
}
