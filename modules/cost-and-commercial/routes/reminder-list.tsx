import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { PageHeader } from "~/app/ui/page-header";
import { Pagination } from "~/app/ui/pagination";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  CALENDAR_PATH,
  CALENDAR_PERMISSIONS,
  REMINDER_CREATE_PATH,
  reminderPath,
} from "../server/calendar-basics";
import { reminderRegister } from "../server/reminders.server";
import { upstreamPath } from "../server/upstream-basics";
import { useRecurrenceText } from "../ui/reminder-text";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Schedules and reminders | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const requested = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested > 0 && requested < 100_000 ? requested : 1;
  return {
    register: await reminderRegister(context, page),
    canCreate: context.can(CALENDAR_PERMISSIONS.editCalendar),
  };
}

/** /cost-and-commercial/upstream/schedules: the project's schedules and reminders with their next occurrences. */
export default function RemindersPage() {
  const { register, canCreate } = useLoaderData<typeof loader>();
  const { t, day } = useUpstreamText();
  const recurrence = useRecurrenceText();
  const h = (name: string) => t(`cost-and-commercial:reminders.fields.${name}`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3 text-sm">
        <Link to={upstreamPath()} className="font-medium text-brand-700 hover:underline">
          ← {t("cost-and-commercial:reminders.backToUpstream")}
        </Link>
        <Link to={CALENDAR_PATH} className="font-medium text-brand-700 hover:underline">
          {t("cost-and-commercial:calendar.title")}
        </Link>
      </div>
      <PageHeader
        title={t("cost-and-commercial:reminders.title")}
        description={t("cost-and-commercial:reminders.intro")}
        actions={
          canCreate ? (
            <Link to={REMINDER_CREATE_PATH} className={buttonClass("primary")}>
              {t("cost-and-commercial:reminders.add")}
            </Link>
          ) : null
        }
      />
      {register.total === 0 ? (
        <p className="text-sm text-slate-600">{t("cost-and-commercial:reminders.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600">
              <tr>
                <th className="px-2 py-2">{h("number")}</th>
                <th className="px-2 py-2">{h("title")}</th>
                <th className="px-2 py-2">{h("side")}</th>
                <th className="px-2 py-2">{h("recurrence")}</th>
                <th className="px-2 py-2">{h("status")}</th>
                <th className="px-2 py-2">{h("next")}</th>
              </tr>
            </thead>
            <tbody>
              {register.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100">
                  <td className="px-2 py-2">
                    <Link to={reminderPath(row.id)} className="font-medium text-brand-700 hover:underline">
                      {row.number}
                    </Link>
                  </td>
                  <td className="px-2 py-2">{row.title}</td>
                  <td className="px-2 py-2">{t(`cost-and-commercial:calendar.sides.${row.side}`)}</td>
                  <td className="px-2 py-2">{recurrence(row.choice)}</td>
                  <td className="px-2 py-2">{t(`cost-and-commercial:reminders.statuses.${row.status}`)}</td>
                  <td className="px-2 py-2">{row.next.map((next) => day(next)).join(", ") || "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={register.page} pageSize={register.pageSize} total={register.total} />
    </div>
  );
}
