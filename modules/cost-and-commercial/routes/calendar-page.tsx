import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { NavTabs } from "~/app/ui/nav-tabs";
import { PageHeader } from "~/app/ui/page-header";
import { requireRoute } from "~/server/permissions/guard.server";
import type { ContractSide } from "../domain/vocabularies";
import {
  CALENDAR_TASK_CREATE_PATH,
  CALENDAR_UPLOAD_PATH,
  type CalendarView,
  calendarPath,
  CALENDAR_PERMISSIONS as P,
  UPSTREAM_SCHEDULES_PATH,
} from "../server/calendar-basics";
import { monthOf, monthWeeks, shiftMonth, weekdayOrder } from "../server/calendar-grid";
import { calendarMonth } from "../server/calendar-month.server";
import { calendarWeekStart } from "../server/cnc-settings.server";
import { siteToday } from "../server/rfa.server";
import { CalendarGrid, CalendarList, DeadlineLegend, useCalendarFormat } from "../ui/calendar-month";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Calendar | SiteProof" }];

/** /cost-and-commercial/calendar?side=upstream|downstream&month=YYYY-MM&view=month|list */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const params = new URL(request.url).searchParams;
  const side: ContractSide = params.get("side") === "downstream" ? "downstream" : "upstream";
  const view: CalendarView = params.get("view") === "list" ? "list" : "month";
  const today = await siteToday(context);
  const month = monthOf(params.get("month"), today);
  const weekStart = await calendarWeekStart(context);
  return {
    side,
    view,
    month,
    today,
    weeks: monthWeeks(month, weekStart),
    weekdays: weekdayOrder(weekStart),
    entries: await calendarMonth(context, side, month, today),
    can: {
      createTask: context.can(P.createTask),
      upload: context.can(P.editCalendar),
    },
  };
}

export default function CalendarPage() {
  const page = useLoaderData<typeof loader>();
  const { side, view, month } = page;
  const { t, monthLabel } = useCalendarFormat();
  const sideLink = (value: ContractSide) => ({
    href: calendarPath(value, month, view),
    label: t(`cost-and-commercial:calendar.sides.${value}`),
    current: value === side,
  });
  const viewLink = (value: CalendarView) => ({
    href: calendarPath(side, month, value),
    label: t(`cost-and-commercial:calendar.views.${value}`),
    current: value === view,
  });
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("cost-and-commercial:calendar.title")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={UPSTREAM_SCHEDULES_PATH} className={buttonClass("secondary")}>
              {t("cost-and-commercial:reminders.title")}
            </Link>
            {page.can.upload ? (
              <Link to={CALENDAR_UPLOAD_PATH} className={buttonClass("secondary")}>
                {t("cost-and-commercial:calendar.upload.add")}
              </Link>
            ) : null}
            {page.can.createTask ? (
              <Link to={`${CALENDAR_TASK_CREATE_PATH}?side=${side}`} className={buttonClass("primary")}>
                {t("cost-and-commercial:calendar.addTask")}
              </Link>
            ) : null}
          </div>
        }
      />
      <NavTabs
        label={t("cost-and-commercial:calendar.sidesLabel")}
        tabs={[sideLink("upstream"), sideLink("downstream")]}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Link
            to={calendarPath(side, shiftMonth(month, -1), view)}
            className={buttonClass("secondary", "sm")}
            aria-label={t("cost-and-commercial:calendar.previousMonth")}
          >
            ←
          </Link>
          <h2 className="min-w-36 text-center text-lg font-semibold text-slate-900">{monthLabel(month)}</h2>
          <Link
            to={calendarPath(side, shiftMonth(month, 1), view)}
            className={buttonClass("secondary", "sm")}
            aria-label={t("cost-and-commercial:calendar.nextMonth")}
          >
            →
          </Link>
        </div>
        <NavTabs
          label={t("cost-and-commercial:calendar.viewsLabel")}
          tabs={[viewLink("month"), viewLink("list")]}
        />
      </div>
      <DeadlineLegend />
      {view === "month" ? (
        <>
          <CalendarGrid
            month={month}
            weeks={page.weeks}
            weekdays={page.weekdays}
            today={page.today}
            entries={page.entries}
          />
          <CalendarList entries={page.entries} className="sm:hidden" />
        </>
      ) : (
        <CalendarList entries={page.entries} />
      )}
    </div>
  );
}
