import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageText } from "~/app/ui/use-page-text";
import { requireRoute } from "~/server/permissions/guard.server";
import { safetyHome } from "../server/home.server";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Safety | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return safetyHome(await requireRoute(request));
}

/** A figure with its label; a link to the list of exactly those when there are any. */
function Figure({
  count,
  label,
  href,
  tone,
}: {
  count: number;
  label: string;
  href: string;
  tone?: "danger";
}) {
  const figure = (
    <>
      <span
        className={
          tone === "danger" && count > 0
            ? "text-2xl font-semibold text-red-700"
            : "text-2xl font-semibold text-slate-900"
        }
      >
        {count}
      </span>
      <span className="block text-sm text-slate-600">{label}</span>
    </>
  );
  return (
    <li className="min-w-0 rounded-md bg-slate-50 p-3">
      {count > 0 ? (
        <Link to={href} className="block rounded hover:bg-slate-100 focus-visible:outline-2">
          {figure}
        </Link>
      ) : (
        figure
      )}
    </li>
  );
}

/**
 * /safety/home: the open actions by due date, with the overdue ones assigned to the user, and the
 * observations of this week by kind; every figure
 * links to the register listing exactly it.
 */
export default function SafetyHomePage() {
  const { actions, observations, incidents, rates, sheets, permits } = useLoaderData<typeof loader>();
  const { t, locale } = usePageText(["safety"]);
  const rate = (value: number | null) =>
    value === null
      ? "—"
      : value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:home.title")}</h1>
      {actions ? (
        <section
          aria-labelledby="safety-home-actions"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <h2 id="safety-home-actions" className="text-lg font-medium text-slate-900">
            {t("safety:home.actions.title")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {actions.buckets.map((bucket) => (
              <Figure
                key={bucket.due}
                count={bucket.count}
                label={t(`safety:home.actions.${bucket.due}`)}
                href={bucket.href}
                tone={bucket.due === "overdue" ? "danger" : undefined}
              />
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            {actions.mineOverdue > 0 ? (
              <Link to={actions.mineOverdueHref} className="font-medium text-brand-700 hover:underline">
                {t("safety:home.actions.mineOverdue", { count: actions.mineOverdue })}
              </Link>
            ) : (
              t("safety:home.actions.noneMineOverdue")
            )}
          </p>
        </section>
      ) : null}
      {rates ? (
        <section
          aria-labelledby="safety-home-rates"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <h2 id="safety-home-rates" className="text-lg font-medium text-slate-900">
            {t("safety:home.rates.title", { from: rates.from, to: rates.to })}
          </h2>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              [t("safety:home.rates.ltifr"), rate(rates.ltifr)],
              [t("safety:home.rates.trifr"), rate(rates.trifr)],
              [t("safety:home.rates.lostTime"), String(rates.lostTimeCount)],
              [t("safety:home.rates.recordable"), String(rates.recordableCount)],
            ].map(([label, value]) => (
              <div key={label} className="min-w-0 rounded-md bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-600">
            {rates.hours > 0
              ? t("safety:home.rates.hours", { hours: rates.hours.toLocaleString(locale) })
              : t("safety:home.rates.noHours")}
          </p>
        </section>
      ) : null}
      {incidents ? (
        <section
          aria-labelledby="safety-home-incidents"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <h2 id="safety-home-incidents" className="text-lg font-medium text-slate-900">
            {t("safety:home.incidents.title")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {incidents.map((entry) => (
              <Figure
                key={entry.status}
                count={entry.count}
                label={t(`safety:incident.status.${entry.status}`)}
                href={entry.href}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {sheets || permits ? (
        <section
          aria-labelledby="safety-home-documents"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <h2 id="safety-home-documents" className="text-lg font-medium text-slate-900">
            {t("safety:home.documents.title")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {permits ? (
              <Figure
                count={permits.count}
                label={t("safety:home.documents.permitsActive")}
                href={permits.href}
              />
            ) : null}
            {sheets?.map((entry) => (
              <Figure
                key={entry.expiry}
                count={entry.count}
                label={t(`safety:home.documents.sds.${entry.expiry}`)}
                href={entry.href}
                tone="danger"
              />
            ))}
          </ul>
        </section>
      ) : null}
      {observations ? (
        <section
          aria-labelledby="safety-home-observations"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <h2 id="safety-home-observations" className="text-lg font-medium text-slate-900">
            {t("safety:home.observations.title")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {observations.kinds.map((entry) => (
              <Figure
                key={entry.kind}
                count={entry.count}
                label={t(`safety:observation.kind.${entry.kind}`)}
                href={entry.href}
                tone={entry.kind === "positive" ? undefined : "danger"}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
