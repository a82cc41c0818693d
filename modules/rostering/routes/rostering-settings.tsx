import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleSettingsView } from "~/app/admin/module-settings-view";
import type { SettingsCardView } from "~/app/admin/settings-form";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadModuleSettings, saveModuleSettings } from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { ROSTERING_HOME_PATH } from "../server/rostering-basics";
import { ROSTERING_SETTINGS_PAGE } from "../server/rostering-settings.server";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Rostering settings | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [card] = await loadModuleSettings(context, ROSTERING_SETTINGS_PAGE);
  return { card };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, ROSTERING_SETTINGS_PAGE, await readForm(request));
}

/** /rostering/rostering/settings: the fatigue rules and shift times every roster of the project is checked with. */
export default function RosteringSettingsPage() {
  const { card } = useLoaderData<{ card: SettingsCardView }>();
  const actionData = useActionData() as SettingsActionData | undefined;
  const { t } = useRosteringText();
  return (
    <ModuleSettingsView
      back={{ to: ROSTERING_HOME_PATH, label: t("rostering:back.home") }}
      title={t("rostering:settingsPage.title")}
      intro={t("rostering:settingsPage.intro")}
      cards={[card]}
      actionData={actionData}
    />
  );
}
