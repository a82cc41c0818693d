import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { preferenceGroups, savePreferences, settingsPageLinks } from "../server/centre.server";
import { PreferencesForm } from "../ui/preferences-form";

export const meta: MetaFunction = () => [{ title: "Notification settings | SiteProof" }];
export const handle = { i18n: ["notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, user, locale, disabledModules, can } = await requireRoute(request);
  return {
    groups: await preferenceGroups(em, user.id, locale, disabledModules),
    projectPages: await settingsPageLinks(locale, disabledModules, can),
  };
}

/** Saves the signed-in user's own choices; nobody else's can be named. */
export async function action({ request }: ActionFunctionArgs) {
  const { em, user } = await requireRoute(request);
  const saved = await savePreferences(em, user.id, await readForm(request));
  if (saved === null) throw new Response("Bad Request", { status: 400 });
  return redirectWithToast("/notifications/settings", {
    type: "success",
    message: "notifications:toast.settingsSaved",
  });
}

export default function NotificationSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("notifications");
  return (
    <div className="space-y-6">
      <header>
        <Link to="/notifications" className="text-sm font-medium text-brand-700 hover:underline">
          {t("settingsPage.back")}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900">{t("settingsPage.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("settingsPage.intro")}</p>
      </header>
      <PreferencesForm groups={data.groups} />
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{t("settingsPage.projectPages")}</h2>
        <p className="text-sm text-slate-600">{t("settingsPage.projectPagesIntro")}</p>
        {data.projectPages.length === 0 ? (
          <p className="text-sm text-slate-600">{t("settingsPage.noProjectPages")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
            {data.projectPages.map((page) => (
              <li key={page.path} className="px-4 py-2">
                <Link to={page.path} className="font-medium text-brand-700 hover:underline">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
