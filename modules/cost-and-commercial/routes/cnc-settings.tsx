import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SettingsFormCard } from "~/app/admin/settings-form";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { FormAlert, TextField } from "~/app/ui/field";
import { NavTabs } from "~/app/ui/nav-tabs";
import { PageHeader } from "~/app/ui/page-header";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { saveModuleSettings } from "~/server/settings/module-settings-page.server";
import type { SettingsActionData } from "~/server/settings/settings-page.server";
import {
  CNC_SETTINGS_INTENTS,
  CNC_SETTINGS_TABS,
  type CncSettingsTab,
  cncSettingsPath,
  EMAIL_TEMPLATE_CREATE_PATH,
} from "../server/calendar-basics";
import { CALENDAR_SETTINGS_PAGE } from "../server/cnc-settings.server";
import {
  deleteCalendar,
  loadCncSettings,
  resetPostContractData,
  setCalendarVisibility,
} from "../server/cnc-settings-page.server";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "settings", "common"] };

export const meta: MetaFunction = () => [{ title: "Cost and Commercial settings | SiteProof" }];

const tabOf = (value: string | null): CncSettingsTab =>
  (CNC_SETTINGS_TABS as readonly string[]).includes(value ?? "")
    ? (value as CncSettingsTab)
    : "email-templates";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadCncSettings(context, tabOf(new URL(request.url).searchParams.get("tab")));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === CNC_SETTINGS_INTENTS.calendarVisibility) return setCalendarVisibility(context, formData);
  if (intent === CNC_SETTINGS_INTENTS.calendarDelete) return deleteCalendar(context, formData);
  if (intent === CNC_SETTINGS_INTENTS.resetData) return resetPostContractData(context, formData);
  return saveModuleSettings(
    request,
    context,
    CALENDAR_SETTINGS_PAGE,
    formData,
    cncSettingsPath("calendar-settings"),
  );
}

/** Settings: Email templates, Calendar listing, Calendar settings, Data settings (`?tab=`). */
export default function CncSettingsPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SettingsActionData | undefined;
  const { t, translate, day } = useUpstreamText();
  const s = (key: string, params?: Record<string, unknown>) =>
    t(`cost-and-commercial:cncSettings.${key}`, params);
  const resetErrors = (useActionData<typeof action>() as { error?: Record<string, string[]> } | undefined)
    ?.error;
  const deleteRefusals = usePostErrors(CNC_SETTINGS_INTENTS.calendarDelete);
  return (
    <div className="space-y-4">
      <PageHeader title={s("title")} />
      <NavTabs
        label={s("tabsLabel")}
        tabs={CNC_SETTINGS_TABS.map((tab) => ({
          href: cncSettingsPath(tab),
          label: s(`tabs.${tab}`),
          current: tab === page.tab,
        }))}
      />
      {"templates" in page ? (
        <section className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{s("tabs.email-templates")}</h2>
            {page.can.createTemplate ? (
              <Link to={EMAIL_TEMPLATE_CREATE_PATH} className={buttonClass("primary")}>
                {t("cost-and-commercial:emailTemplates.add")}
              </Link>
            ) : null}
          </div>
          {page.templates.length === 0 ? (
            <p className="text-sm text-slate-600">{t("cost-and-commercial:emailTemplates.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {page.templates.map((template) => (
                <li key={template.id} className="p-3 text-sm">
                  <p className="font-medium text-slate-900">{template.name}</p>
                  <p className="break-words text-slate-600">{template.subject}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {"calendars" in page ? (
        <section className="space-y-3">
          <FormAlert errors={translate(deleteRefusals)} />
          {page.calendars.length === 0 ? (
            <p className="text-sm text-slate-600">{s("noCalendars")}</p>
          ) : (
            <ul className="space-y-3">
              {page.calendars.map((calendar) => (
                <li
                  key={calendar.id}
                  className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
                >
                  <p className="font-medium text-slate-900">
                    {calendar.name}{" "}
                    <span className="font-normal text-slate-600">
                      ({t(`cost-and-commercial:calendar.sides.${calendar.side}`)}, {calendar.fileName},{" "}
                      {s("taskCount", { count: calendar.tasks })}, {day(calendar.createdAt.slice(0, 10))})
                    </span>
                  </p>
                  <p>{calendar.visible ? s("shownOnCalendar") : s("hiddenFromCalendar")}</p>
                  <div className="flex flex-wrap items-start gap-2">
                    {page.can.editCalendar ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value={CNC_SETTINGS_INTENTS.calendarVisibility} />
                        <input type="hidden" name="calendarId" value={calendar.id} />
                        <input type="hidden" name="visible" value={calendar.visible ? "false" : "true"} />
                        <Button type="submit" variant="secondary" size="sm">
                          {calendar.visible ? s("hide") : s("show")}
                        </Button>
                      </Form>
                    ) : null}
                    {page.can.deleteCalendar ? (
                      <ConfirmInPlaceForm
                        summary={s("deleteCalendar")}
                        intent={CNC_SETTINGS_INTENTS.calendarDelete}
                        fields={{ calendarId: calendar.id }}
                        confirmLabel={t("cost-and-commercial:calendar.iAmSure")}
                        submitLabel={s("deleteConfirm", { name: calendar.name })}
                      />
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {"cards" in page
        ? page.cards.map((card) => (
            <SettingsFormCard
              key={card.key}
              card={card}
              result={actionData?.formKey === card.key ? actionData.result : undefined}
            />
          ))
        : null}
      {page.tab === "data" ? (
        <section className="space-y-3 rounded-lg border border-red-200 bg-white p-4">
          <h2 className="text-lg font-semibold text-slate-900">{s("resetTitle")}</h2>
          <p className="text-sm text-slate-700">{s("resetExplain")}</p>
          {page.can.resetData ? (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value={CNC_SETTINGS_INTENTS.resetData} />
              <TextField
                label={s("typeCode", { code: page.projectCode })}
                errors={translate(resetErrors?.projectCode)}
                inputProps={{ name: "projectCode", autoComplete: "off", required: true }}
              />
              <Button type="submit" variant="danger">
                {s("resetButton")}
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-600">{s("resetNotAllowed")}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
