import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import {
  loadQualitySettings,
  QUALITY_SETTINGS,
  saveQualitySettings,
} from "../server/quality-settings-page.server";
import { QualitySettingsView } from "../ui/quality-settings-view";

export const handle = { i18n: ["quality", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Quality settings | SiteProof" }];

/** Numbering prefixes and the client's hold point mail (quality.settings.view-settings; saving needs create-). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return { cards: await loadQualitySettings(context, QUALITY_SETTINGS) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveQualitySettings(request, context, QUALITY_SETTINGS, await readForm(request));
}

export default function QualitySettingsPage() {
  const { cards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useTranslation("quality");
  return (
    <QualitySettingsView
      title={t("settings.pageTitle")}
      intro={t("settings.intro")}
      cards={cards}
      actionData={actionData}
    >
      <p className="max-w-3xl text-sm text-slate-600">{t("settings.numbering.hint")}</p>
    </QualitySettingsView>
  );
}
