import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { TextField } from "~/app/ui/field";
import { NavTabs } from "~/app/ui/nav-tabs";
import { PageHeader } from "~/app/ui/page-header";
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
  // Tabs are links (?tab=): the loader sends only the open tab's data.
  const tabs = [
    { href: "/operation/in-out", label: t("operation:inout.tabs.inOut"), current: !page.activity },
    {
      href: "/operation/in-out?tab=activity",
      label: t("operation:inout.tabs.activity"),
      current: Boolean(page.activity),
    },
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
      <NavTabs tabs={tabs} label={t("operation:inout.tabs.label")} />
      <div>
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
              {/* The day and the search in one GET form: both land in the URL (no script needed). */}
              <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
                <TextField
                  label={t("operation:inout.day.date")}
                  inputProps={{ name: "date", type: "date", defaultValue: page.query.date, max: page.today }}
                />
                <TextField
                  className="min-w-0 flex-1 basis-48"
                  label={t("operation:inout.day.search")}
                  inputProps={{
                    name: "q",
                    type: "search",
                    defaultValue: page.query.q,
                    placeholder: t("operation:inout.day.searchPlaceholder"),
                  }}
                />
                <Button type="submit" variant="secondary">
                  {t("operation:inout.day.show")}
                </Button>
              </Form>
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
      </div>
    </div>
  );
}
