import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { ALLOCATIONS_PATH, rosterPath } from "../server/rostering-basics";
import { rosteringFigures } from "../server/rostering-home.server";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Rostering | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return rosteringFigures(context.em, context.project);
}

/** /rostering/rostering/home: who is on site this week, what is not filled, which rosters are in conflict. */
export default function RosteringHomePage() {
  const { week, onSite, unfilled, conflicts } = useLoaderData<typeof loader>();
  const { t, locale } = useRosteringText();
  const section = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("rostering:home.title")}
        description={t("rostering:home.intro", {
          from: formatDate(week.from, locale),
          to: formatDate(week.to, locale),
        })}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="on-site" className={section}>
          <h2 id="on-site" className="font-semibold text-slate-900">
            {t("rostering:home.onSite")} ({onSite.length})
          </h2>
          {onSite.length === 0 ? (
            <EmptyState title={t("rostering:home.nobodyOnSite")} />
          ) : (
            <ul className="space-y-1 text-sm">
              {onSite.map((person) => (
                <li key={person.id} className="flex justify-between gap-2">
                  <span className="min-w-0 break-words">
                    {person.name} <span className="text-slate-500">· {person.role}</span>
                  </span>
                  <span className="shrink-0 tabular-nums text-slate-600">
                    {t("rostering:rosters.shiftCount", { count: person.shifts })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="unfilled" className={section}>
          <h2 id="unfilled" className="font-semibold text-slate-900">
            {t("rostering:home.unfilled")} ({unfilled.length})
          </h2>
          {unfilled.length === 0 ? (
            <EmptyState title={t("rostering:home.allFilled")} />
          ) : (
            <ul className="space-y-1 text-sm">
              {unfilled.map((allocation) => (
                <li key={allocation.id}>
                  <Link to={ALLOCATIONS_PATH} className="text-brand-700 hover:underline">
                    {allocation.role}
                  </Link>{" "}
                  <span className="text-slate-600">
                    {t("rostering:allocation.filled", {
                      rostered: allocation.peopleRostered,
                      needed: allocation.peopleNeeded,
                    })}{" "}
                    · {formatDate(allocation.startsOn, locale)} – {formatDate(allocation.endsOn, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="conflicts" className={section}>
          <h2 id="conflicts" className="font-semibold text-slate-900">
            {t("rostering:home.conflicts")} ({conflicts.reduce((sum, roster) => sum + roster.open, 0)})
          </h2>
          {conflicts.length === 0 ? (
            <EmptyState title={t("rostering:home.noConflicts")} />
          ) : (
            <ul className="space-y-1 text-sm">
              {conflicts.map((roster) => (
                <li key={roster.id}>
                  <Link to={rosterPath(roster.id)} className="text-brand-700 hover:underline">
                    {roster.name}
                  </Link>{" "}
                  <span className="text-slate-600">
                    {t("rostering:home.openConflicts", { count: roster.open })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
