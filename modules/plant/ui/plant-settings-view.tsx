import { useActionData, useLoaderData } from "@remix-run/react";
import { ModuleSettingsView } from "~/app/admin/module-settings-view";
import type { SettingsCardView } from "~/app/admin/settings-form";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { PLANT_PATH } from "../server/plant-basics";
import { usePlantText } from "./plant-text";

/** One of the plant settings pages: its card, back to the register. `texts`: plant:notificationSettings or plant:settingsPage. */
export function PlantSettingsView({ texts }: { texts: "notificationSettings" | "settingsPage" }) {
  const { card } = useLoaderData<{ card: SettingsCardView }>();
  const actionData = useActionData() as SettingsActionData | undefined;
  const { t } = usePlantText();
  return (
    <ModuleSettingsView
      back={{ to: PLANT_PATH, label: t("plant:detail.back") }}
      title={t(`plant:${texts}.title`)}
      intro={t(`plant:${texts}.intro`)}
      cards={[card]}
      actionData={actionData}
    />
  );
}
