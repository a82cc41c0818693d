import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SettingsFormCard } from "~/app/admin/settings-form";
import { usePageText } from "~/app/ui/use-page-text";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import { SETTINGS_INTENTS } from "../server/settings-basics";
import { saveHours, saveIncidentSettings, settingsPageData } from "../server/settings-page.server";
import { HoursWorkedGrid } from "../ui/settings-hours-grid";

export const handle = { i18n: ["safety", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Safety settings | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return settingsPageData(context, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // save and reset (the incident settings form) and save-hours all need create-settings (the manifest).
  const intent = requireIntent(context, formData);
  if (intent === SETTINGS_INTENTS.saveHours) return saveHours(context, formData);
  return saveIncidentSettings(context, request, formData);
}

export default function SafetySettingsPage() {
  const { incident, hours, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t } = usePageText(["safety", "settings", "common"]);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t("safety:setting.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("safety:setting.intro")}</p>
      </header>
      <SettingsFormCard
        card={incident}
        result={actionData?.formKey === incident.key ? actionData.result : undefined}
      />
      <HoursWorkedGrid
        view={hours}
        result={actionData?.formKey === "hours" ? (actionData.result as never) : undefined}
      />
      <section aria-labelledby="links-title" className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
        <h2 id="links-title" className="text-lg font-medium text-slate-900">
          {t("safety:setting.links.title")}
        </h2>
        {links.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("safety:setting.links.none")}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {links.map((link) => (
              <li key={link.path}>
                <Link to={link.path} className="text-sm font-medium text-brand-700 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
