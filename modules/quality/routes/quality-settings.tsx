import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadModuleSettings, saveModuleSettings } from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { QUALITY_SETTINGS } from "../server/quality-settings-page.server";
import { QualitySettingsView } from "../ui/quality-settings-view";

export const handle = { i18n: ["quality", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Quality settings | SiteProof" }];

/** Numbering prefixes, the client's hold point mail and the forms' file names (quality.settings.view-settings; saving needs create-). */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    cards: await loadModuleSettings(context, QUALITY_SETTINGS),
    // The notification pages have their own permissions: linked for those who may open them.
    notificationPages: [
      context.can("quality.lot.view-notification-settings") ? "lot" : null,
      context.can("quality.itp.view-notification-settings") ? "itp" : null,
    ].filter((page): page is "lot" | "itp" => page !== null),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return saveModuleSettings(request, context, QUALITY_SETTINGS, await readForm(request));
}

export default function QualitySettingsPage() {
  const { cards, notificationPages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = useTranslation("quality");
  return (
    <QualitySettingsView
      title={t("settings.pageTitle")}
      intro={t("settings.intro")}
      cards={cards}
      actionData={actionData}
    >
      {notificationPages.length > 0 ? (
        <nav aria-label={t("settings.notificationPage.linksLabel")}>
          <ul className="flex flex-wrap gap-4 text-sm">
            {notificationPages.map((page) => (
              <li key={page}>
                <Link
                  to={`/quality/${page}/notification`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {t(`settings.notificationPage.${page}Title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="max-w-3xl text-sm text-slate-600">{t("settings.numbering.hint")}</p>
      <p className="max-w-3xl text-sm text-slate-600">{t("settings.formTemplates.hint")}</p>
    </QualitySettingsView>
  );
}
