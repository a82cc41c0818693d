import { Link } from "@remix-run/react";
import { clockTime, useInOutText } from "./in-out-text";

/** What server/in-out-home.server `inOutHome` returns (null for those who may not view In/Out). */
export type InOutHomeData = {
  href: string;
  timeZone: string;
  onSiteTotal: number;
  onSite: { id: string; name: string; company: string; since: string }[];
  peopleToday: number;
  hoursToday: string;
} | null;

/** In/Out's part of /operation/home: who is on site now and today's people and hours. */
export function InOutHomeSection({ data }: { data: InOutHomeData }) {
  const { t, locale } = useInOutText();
  if (!data) return null;
  return (
    <section
      aria-labelledby="in-out-home"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="in-out-home" className="text-base font-semibold text-slate-900">
        {t("operation:inout.home.title")}
      </h2>
      <p className="text-sm text-slate-700">
        {t("operation:inout.home.onSite", { count: data.onSiteTotal })}
      </p>
      <p className="text-sm text-slate-700">
        {t("operation:inout.home.today", { people: data.peopleToday, hours: data.hoursToday })}
      </p>
      {data.onSite.length === 0 ? (
        <p className="text-sm text-slate-600">{t("operation:inout.home.empty")}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {data.onSite.map((person) => (
            <li key={person.id} className="break-words">
              {person.name} · {person.company} ·{" "}
              {t("operation:inout.home.since", { time: clockTime(person.since, data.timeZone, locale) })}
            </li>
          ))}
        </ul>
      )}
      <Link to={data.href} className="record-link text-sm">
        {t("operation:inout.home.open")}
      </Link>
    </section>
  );
}
