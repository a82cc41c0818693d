import { useTranslation } from "react-i18next";
import { ModuleSettingsView } from "~/app/admin/module-settings-view";
import type { SettingsCardView, SettingsFormResult } from "~/app/admin/settings-form";

/** A line of the "who hears what" table (quality-settings-page.server whoHearsWhat). */
export type WhoHearsWhatRow = { event: string; audiences: string[] };

type QualitySettingsViewProps = {
  title: string;
  intro: string;
  cards: SettingsCardView[];
  /** The action's answer to a form that did not validate: only the form it names shows the errors. */
  actionData?: { formKey: string; result: SettingsFormResult };
  /** On the notification pages: each event and who is told of it. */
  who?: WhoHearsWhatRow[];
  children?: React.ReactNode;
};

/** Quality's settings pages: the core's settings cards, with the notification pages' "who hears what" table. */
export function QualitySettingsView({
  title,
  intro,
  cards,
  actionData,
  who,
  children,
}: QualitySettingsViewProps) {
  const { t } = useTranslation("quality");
  return (
    <ModuleSettingsView
      title={title}
      intro={intro}
      cards={cards}
      actionData={actionData}
      after={
        who ? (
          <section aria-labelledby="who-hears-what" className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
            <h2 id="who-hears-what" className="text-lg font-medium text-slate-900">
              {t("settings.notificationPage.whoTitle")}
            </h2>
            <table className="mt-4 w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t("settings.notificationPage.event")}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t("settings.notificationPage.who")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {who.map((row) => (
                  <tr key={row.event}>
                    <th scope="row" className="py-2 pr-4 align-top font-normal text-slate-900">
                      {t(`settings.events.${row.event}`)}
                    </th>
                    <td className="py-2 align-top text-slate-700">
                      {row.audiences.map((audience) => t(`settings.audiences.${audience}`)).join(", ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null
      }
    >
      {children}
    </ModuleSettingsView>
  );
}
