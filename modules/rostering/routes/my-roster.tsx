import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ExternalPageFrame } from "~/app/ui/external-page-frame";
import { formatDate } from "~/app/utils/format";
import { externalRoute } from "~/server/permissions/guard.server";
import { defaultTimeZoneFor, zonedDay } from "~/server/projects/time-zone";
import { loadMyRoster } from "../server/roster-link.server";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta = () => [{ title: "My roster | SiteProof" }, { name: "robots", content: "noindex" }];

/** A person's published roster through the link sent to them: no account, no JavaScript needed, phone first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  // A link is not tied to one project: "today" is the product's default zone's (the demo and most sites: Sydney).
  const today = zonedDay(new Date(), defaultTimeZoneFor(null));
  return { roster: await loadMyRoster(context.em, params.token, today) };
}

export default function MyRosterPage() {
  const { roster } = useLoaderData<typeof loader>();
  const { t, locale } = useRosteringText();
  if (!roster)
    return (
      <ExternalPageFrame>
        <div role="status" className="space-y-2 text-center">
          <h1 className="text-xl font-semibold text-slate-900">{t("rostering:link.notFoundTitle")}</h1>
          <p className="text-sm text-slate-700">{t("rostering:link.notFound")}</p>
        </div>
      </ExternalPageFrame>
    );
  return (
    <ExternalPageFrame>
      <div className="space-y-5">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">
            {t("rostering:link.title", { name: roster.person.name })}
          </h1>
          <p className="text-sm text-slate-600">{roster.person.role}</p>
        </div>
        <section aria-labelledby="my-shifts" className="space-y-2">
          <h2 id="my-shifts" className="font-semibold text-slate-900">
            {t("rostering:link.shifts")}
          </h2>
          {roster.shifts.length === 0 ? (
            <p className="text-sm text-slate-600">{t("rostering:link.noShifts")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
              {roster.shifts.map((shift) => (
                <li
                  key={`${shift.date}-${shift.project}`}
                  className="flex flex-wrap justify-between gap-x-3 px-3 py-2"
                >
                  <span className="font-medium text-slate-900">{formatDate(shift.date, locale)}</span>
                  <span>
                    {t(`rostering:shift.${shift.kind}`)} · {shift.card ? `${shift.card} · ` : ""}
                    {t("rostering:link.startsAt", { time: shift.start, hours: shift.hours })}
                  </span>
                  <span className="w-full text-slate-500">{shift.project}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {roster.rooms.length > 0 ? (
          <section aria-labelledby="my-rooms" className="space-y-2">
            <h2 id="my-rooms" className="font-semibold text-slate-900">
              {t("rostering:link.rooms")}
            </h2>
            <ul className="space-y-2 text-sm">
              {roster.rooms.map((room) => (
                <li
                  key={`${room.place}-${room.room}-${room.checkIn}`}
                  className="rounded-lg border border-slate-200 bg-white px-3 py-2"
                >
                  <p className="font-medium text-slate-900">
                    {room.place} · {room.room}
                  </p>
                  <p className="text-slate-600">
                    {formatDate(room.checkIn, locale)} – {formatDate(room.checkOut, locale)}
                    {room.address ? ` · ${room.address}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {roster.travel.length > 0 ? (
          <section aria-labelledby="my-travel" className="space-y-2">
            <h2 id="my-travel" className="font-semibold text-slate-900">
              {t("rostering:link.travel")}
            </h2>
            <ul className="space-y-2 text-sm">
              {roster.travel.map((leg) => (
                <li
                  key={`${leg.date}-${leg.direction}`}
                  className="rounded-lg border border-slate-200 bg-white px-3 py-2"
                >
                  <p className="font-medium text-slate-900">
                    {formatDate(leg.date, locale)} · {t(`rostering:link.direction.${leg.direction}`)}
                  </p>
                  <p className="text-slate-600">
                    {leg.origin} → {leg.destination}
                    {leg.carrier ? ` · ${leg.carrier}` : ""}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </ExternalPageFrame>
  );
}
