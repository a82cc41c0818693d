import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireRoute } from "~/server/permissions/guard.server";
import { qualityOverview } from "../server/overview.server";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction = () => [{ title: "Quality | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, can } = await requireRoute(request);
  return {
    overview: await qualityOverview(em, project.id, can),
    canViewLots: can("quality.lot.view"),
    canViewItps: can("quality.itp.view"),
  };
}

/** /quality/home: where the project's lots and ITPs stand, and what waits for the signed-in user. */
export default function QualityHomePage() {
  const { overview, canViewLots, canViewItps } = useLoaderData<typeof loader>();
  const { t } = useTranslation("quality");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("home.title")}</h1>
      <section aria-labelledby="quality-waiting" className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
        <h2 id="quality-waiting" className="text-lg font-medium">
          {t("home.waitingTitle")}
        </h2>
        {overview.waiting.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("home.nothingWaiting")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {overview.waiting.map((entry) => (
              <li
                key={`${entry.kind}-${entry.status}-${entry.subStatus}`}
                className="flex justify-between py-2 text-sm"
              >
                <Link
                  to={
                    entry.kind === "lot"
                      ? `/quality/lot?status=${entry.status}`
                      : `/quality/itp?status=${entry.status}`
                  }
                  className="font-medium text-brand-700 hover:underline"
                >
                  {entry.kind === "lot"
                    ? t("home.lotsIn", {
                        state: [
                          t(`lot.status.${entry.status}`),
                          entry.subStatus ? t(`lot.subStatus.${entry.subStatus}`) : null,
                        ]
                          .filter(Boolean)
                          .join(" · "),
                      })
                    : t("home.itpsIn", { state: t(`itp.status.${entry.status}`) })}
                </Link>
                <span className="tabular-nums text-slate-700">{entry.count}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        {canViewLots ? (
          <StatusCounts
            title={t("home.lotsTitle")}
            rows={overview.lotsByStatus.map((row) => ({
              label: t(`lot.status.${row.status}`),
              count: row.count,
              to: `/quality/lot?status=${row.status}`,
            }))}
          />
        ) : null}
        {canViewItps ? (
          <StatusCounts
            title={t("home.itpsTitle")}
            rows={overview.itpsByStatus.map((row) => ({
              label: t(`itp.status.${row.status}`),
              count: row.count,
              to: `/quality/itp?status=${row.status}`,
            }))}
          />
        ) : null}
      </div>
    </div>
  );
}

function StatusCounts({
  title,
  rows,
}: {
  title: string;
  rows: { label: string; count: number; to: string }[];
}) {
  return (
    <section className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
      <h2 className="text-lg font-medium">{title}</h2>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.to} className="flex justify-between py-2 text-sm">
            <dt>
              <Link to={row.to} className="text-brand-700 hover:underline">
                {row.label}
              </Link>
            </dt>
            <dd className="tabular-nums text-slate-700">{row.count}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
