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
import { PLANT_SETTINGS_FORMS } from "../domain/plant-settings";
import { PLANT_PERMISSIONS } from "../domain/plant-workflow";
import { PLANT_PATH, PLANT_SETTINGS_PATH } from "../server/plant-basics";
import { usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Plant settings | SiteProof" }];

/** Viewing needs the route's permission; saving and resetting need create-settings. */
const PAGE: ModuleSettingsPage = {
  moduleId: "plant",
  path: PLANT_SETTINGS_PATH,
  forms: [PLANT_SETTINGS_FORMS.settings],
  save: PLANT_PERMISSIONS.createSettings,
  reset: PLANT_PERMISSIONS.createSettings,
  savedMessage: "settings:toast.updated",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [card] = await loadModuleSettings(context, PAGE);
  return { card };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, PAGE, await readForm(request));
}

export default function PlantSettingsPage() {
  const { card } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = usePlantText();
  return (
    <ModuleSettingsView
      back={{ to: PLANT_PATH, label: t("plant:detail.back") }}
      title={t("plant:settingsPage.title")}
      intro={t("plant:settingsPage.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
