import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadModuleSettings, saveModuleSettings } from "~/server/settings/module-settings-page.server";
import { PLANT_SETTINGS_PAGES } from "../server/plant-settings-pages";
import { PlantSettingsView } from "../ui/plant-settings-view";

export const handle = { i18n: ["plant", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Plant settings | SiteProof" }];

const PAGE = PLANT_SETTINGS_PAGES.settings;

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
  return <PlantSettingsView texts="settingsPage" />;
}
