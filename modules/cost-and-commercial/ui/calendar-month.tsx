import { Link } from "@remix-run/react";
import { cn } from "~/app/ui/cn";
import { StatusBadge } from "~/app/ui/status-badge";
import type { CalendarEntry } from "../server/calendar-month.server";
import { useUpstreamText } from "./upstream-text";

/**
 * The calendar's month: a grid of weeks on a wide screen, and the days that have entries as a list (on a phone
 * the grid collapses to it; `?view=list` shows only the list). Every entry is a link to what it is about.
 */

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`);

export function useCalendarFormat() {
  const text = useUpstreamText();
  const { locale } = text;
  return {
    ...text,
    monthLabel: (month: string) =>
      new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        utcDate(`${month}-01`),
      ),
    weekdayLabel: (isoWeekday: number) =>
      // 2024-01-01 was a Monday: add the ISO weekday to it.
      new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(
        utcDate(`2024-01-0${1 + isoWeekday}`),
      ),
    longDay: (day: string) =>
      new Intl.DateTimeFormat(locale, {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(utcDate(day)),
  };
}

function EntryLink({ entry, compact }: { entry: CalendarEntry; compact?: boolean }) {
  const { t } = useUpstreamText();
  const kind = t(`cost-and-commercial:calendar.kinds.${entry.kind}`);
  return (
    <Link
      to={entry.href}
      className={cn(
        "block rounded px-1 py-0.5 text-xs hover:underline break-words",
        entry.kind === "reminder"
          ? "bg-sky-50 text-sky-900"
          : entry.kind.startsWith("task")
            ? "bg-slate-100 text-slate-900"
            : entry.warning === "overdue"
              ? "bg-red-50 text-red-900"
              : entry.warning === "near"
                ? "bg-amber-50 text-amber-900"
                : "bg-emerald-50 text-emerald-900",
        !compact && "text-sm",
      )}
    >
      <span className="font-medium">{kind}:</span> {entry.title}
      {entry.warning ? (
        <span className="ml-1 font-semibold">
          ({t(`cost-and-commercial:calendar.warnings.${entry.warning}`)})
        </span>
      ) : null}
    </Link>
  );
}

const byDay = (entries: CalendarEntry[]) => {
  const days = new Map<string, CalendarEntry[]>();
  for (const entry of entries) days.set(entry.day, [...(days.get(entry.day) ?? []), entry]);
  return days;
};

export function CalendarGrid({
  month,
  weeks,
  weekdays,
  today,
  entries,
}: {
  month: string;
  weeks: string[][];
  weekdays: number[];
  today: string;
  entries: CalendarEntry[];
}) {
  const { weekdayLabel, t } = useCalendarFormat();
  const days = byDay(entries);
  return (
    <table className="hidden w-full table-fixed border-collapse sm:table">
      <caption className="sr-only">{t("cost-and-commercial:calendar.monthGrid")}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs font-medium text-slate-600">
          {weekdays.map((weekday) => (
            <th key={weekday} scope="col" className="px-1 py-1 font-medium">
              {weekdayLabel(weekday)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              <td
                key={day}
                className={cn(
                  "h-24 min-w-0 space-y-1 border border-slate-100 p-1 align-top",
                  !day.startsWith(month) && "bg-slate-50 text-slate-400",
                  day === today && "bg-brand-50",
                )}
              >
                <div className="text-xs font-medium">{Number(day.slice(8))}</div>
                {day.startsWith(month)
                  ? (days.get(day) ?? []).map((entry) => <EntryLink key={entry.key} entry={entry} compact />)
                  : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CalendarList({ entries, className }: { entries: CalendarEntry[]; className?: string }) {
  const { longDay, t } = useCalendarFormat();
  const days = [...byDay(entries).entries()];
  if (days.length === 0)
    return (
      <p className={cn("text-sm text-slate-600", className)}>{t("cost-and-commercial:calendar.empty")}</p>
    );
  return (
    <ol className={cn("space-y-3", className)} aria-label={t("cost-and-commercial:calendar.dayList")}>
      {days.map(([day, dayEntries]) => (
        <li key={day} className="rounded-lg border border-slate-200 bg-white p-3">
          <h3 className="text-sm font-semibold text-slate-900">{longDay(day)}</h3>
          <ul className="mt-2 space-y-1">
            {dayEntries.map((entry) => (
              <li key={entry.key}>
                <EntryLink entry={entry} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function DeadlineLegend() {
  const { t } = useUpstreamText();
  return (
    <p className="flex flex-wrap gap-2 text-xs text-slate-600">
      <StatusBadge tone="danger">{t("cost-and-commercial:calendar.warnings.overdue")}</StatusBadge>
      <StatusBadge tone="warning">{t("cost-and-commercial:calendar.warnings.near")}</StatusBadge>
      <span>{t("cost-and-commercial:calendar.legend")}</span>
    </p>
  );
}
