import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";

export type PreferenceGroupView = {
  moduleId: string | null;
  title: string;
  events: { event: string; label: string; inApp: boolean; email: boolean }[];
};

/** The user's notification settings: per event, an in-app and an e-mail checkbox; a plain post. */
export function PreferencesForm({ groups }: { groups: PreferenceGroupView[] }) {
  const { t } = useTranslation("notifications");
  return (
    <Form method="post" className="space-y-6">
      {groups.map((group) => (
        <fieldset key={group.moduleId ?? "core"} className="rounded-lg bg-white ring-1 ring-slate-200">
          <legend className="sr-only">{group.title}</legend>
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2">
            <h2 className="font-semibold text-slate-900">{group.title}</h2>
            <div className="flex gap-4 text-xs font-medium text-slate-600">
              <span className="w-14 text-center">{t("settingsPage.inApp")}</span>
              <span className="w-14 text-center">{t("settingsPage.email")}</span>
            </div>
          </div>
          <ul className="divide-y divide-slate-100">
            {group.events.map((row) => (
              <li key={row.event} className="flex items-center justify-between gap-3 px-4 py-2">
                <input type="hidden" name="event" value={row.event} />
                <span className="min-w-0 flex-1 text-sm text-slate-800">{row.label}</span>
                <div className="flex gap-4">
                  <label className="flex w-14 justify-center">
                    <span className="sr-only">{t("settingsPage.inAppFor", { event: row.label })}</span>
                    <input
                      type="checkbox"
                      name={`inApp:${row.event}`}
                      defaultChecked={row.inApp}
                      className="size-5"
                    />
                  </label>
                  <label className="flex w-14 justify-center">
                    <span className="sr-only">{t("settingsPage.emailFor", { event: row.label })}</span>
                    <input
                      type="checkbox"
                      name={`email:${row.event}`}
                      defaultChecked={row.email}
                      className="size-5"
                    />
                  </label>
                </div>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <Button type="submit">{t("settingsPage.save")}</Button>
    </Form>
  );
}
