import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { LinkTabs } from "~/app/ui/link-tabs";
import { PageHeader } from "~/app/ui/page-header";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { inOutAction } from "../server/in-out-actions.server";
import { loadInOutPage } from "../server/in-out-page.server";
import { GatePanel } from "../ui/in-out-gate-panel";
import { ActivityTable, DayTable, OnSiteList } from "../ui/in-out-lists";
import { SignInFields } from "../ui/in-out-sign-in-fields";
import { useInOutText } from "../ui/in-out-text";

export const handle = { i18n: ["operation", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "In/Out | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadInOutPage(context, new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  return inOutAction(context, request, formData, intent);
}

/** /operation/in-out: tabs In/Out and Activity Log (README "In/Out"). */
export default function InOutPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = (useActionData() ?? null) as SubmissionResult<string[]> | null;
  const { t, locale } = useInOutText();
  const tabs = [
    { value: "in-out", label: t("operation:inout.tabs.inOut") },
    { value: "activity", label: t("operation:inout.tabs.activity") },
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("operation:inout.title")}
        description={
          page.autoSignOut
            ? t("operation:inout.autoSignOutOn", { time: page.autoSignOut, zone: page.timeZone })
            : t("operation:inout.autoSignOutOff", { zone: page.timeZone })
        }
      />
      <LinkTabs tabs={tabs} label={t("operation:inout.tabs.label")}>
        {page.activity ? (
          <ActivityTable list={page.activity} timeZone={page.timeZone} />
        ) : (
          <div className="space-y-8">
            {page.canCreate ? (
              <div className="grid gap-4 lg:grid-cols-2">
                <section
                  aria-labelledby="sign-in"
                  className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
                >
                  <h2 id="sign-in" className="text-base font-semibold text-slate-900">
                    {t("operation:inout.signInTitle")}
                  </h2>
                  <Form method="post" className="space-y-4">
                    <input type="hidden" name="intent" value="sign-in" />
                    <SignInFields lastResult={lastResult} />
                    <Button type="submit">{t("operation:inout.signIn")}</Button>
                  </Form>
                </section>
                <GatePanel gate={page.gate} />
              </div>
            ) : null}
            {page.onSite ? (
              <OnSiteList
                people={page.onSite.rows}
                total={page.onSite.total}
                timeZone={page.timeZone}
                canSignOut={page.canCreate}
              />
            ) : null}
            <section aria-labelledby="day-records" className="space-y-3">
              <h2 id="day-records" className="text-lg font-semibold text-slate-900">
                {t("operation:inout.day.title", { date: formatDate(page.query.date, locale) })}
              </h2>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="get" className="flex items-end gap-2">
                  {page.query.q ? <input type="hidden" name="q" value={page.query.q} /> : null}
                  <DateField
                    label={t("operation:inout.day.date")}
                    inputProps={{ name: "date", defaultValue: page.query.date, max: page.today }}
                  />
                  <Button type="submit" variant="secondary">
                    {t("operation:inout.day.show")}
                  </Button>
                </Form>
                <div className="min-w-0 flex-1 basis-64">
                  <SearchBox
                    label={t("operation:inout.day.search")}
                    placeholder={t("operation:inout.day.searchPlaceholder")}
                  />
                </div>
              </div>
              {page.day ? (
                <DayTable
                  list={page.day}
                  timeZone={page.timeZone}
                  filtered={Boolean(page.query.q)}
                  canEdit={page.canEdit}
                />
              ) : null}
            </section>
          </div>
        )}
      </LinkTabs>
    </div>
  );
}
