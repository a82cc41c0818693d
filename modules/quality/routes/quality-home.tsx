import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/app/ui/status-badge";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { qualityHomeRecords } from "../server/home-quality.server";
import { hpWpRegisterHref, lotHpWpPath, OPEN_POINT_STATES } from "../server/hp-wp-register-rules";
import { qualityOverview } from "../server/overview.server";
import { PointStateBadge } from "../ui/lot-status-badges";

export const handle = { i18n: ["quality"] };

export const meta: MetaFunction = () => [{ title: "Quality | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project, user, can } = await requireRoute(request);
  const [overview, records] = await Promise.all([
    qualityOverview(em, project.id, can),
    qualityHomeRecords(em, project.id, user.id, can),
  ]);
  return {
    overview,
    records,
    canViewLots: can("quality.lot.view"),
    canViewItps: can("quality.itp.view"),
  };
}

/**
 * /quality/home: what waits for the signed-in user, the open hold points (overdue first), where the
 * project's lots, ITPs, NCRs and punch list stand; every count links to the register listing it.
 */
export default function QualityHomePage() {
  const { overview, records, canViewLots, canViewItps } = useLoaderData<typeof loader>();
  const { t, locale } = usePageText(["quality"]);
  const { holdPoints, ncrs, defects } = records;
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
                <Link to={entry.href} className="font-medium text-brand-700 hover:underline">
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
      {holdPoints ? (
        <section
          aria-labelledby="quality-hold-points"
          className="rounded-lg bg-white p-6 ring-1 ring-slate-200"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="quality-hold-points" className="text-lg font-medium">
              {t("hpWpRegister.home.openHoldPoints")}
            </h2>
            <Link
              to={hpWpRegisterHref({ tab: "hold", states: [...OPEN_POINT_STATES] })}
              className="text-sm text-brand-700 hover:underline"
            >
              {t("hpWpRegister.home.openHoldPointsCount", {
                count: holdPoints.open,
                overdue: holdPoints.overdue,
              })}
            </Link>
          </div>
          {holdPoints.listed.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t("hpWpRegister.home.noOpenHoldPoints")}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {holdPoints.listed.map((point) => (
                <li
                  key={`${point.lotId}:${point.itemId}`}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <Link to={lotHpWpPath(point.lotId)} className="font-medium text-brand-700 hover:underline">
                    {point.lotNumber} · {point.itpNumber} #{point.position} {point.activity}
                  </Link>
                  <span className="flex items-center gap-2">
                    <PointStateBadge state={point.state} />
                    {point.dueOn ? (
                      <span className="whitespace-nowrap text-slate-600">
                        {formatDate(point.dueOn, locale)}
                      </span>
                    ) : null}
                    {point.overdue ? (
                      <StatusBadge tone="danger">{t("hpWpRegister.overdue")}</StatusBadge>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {holdPoints.overdue > 0 ? (
            <p className="mt-2 text-sm">
              <Link
                to={hpWpRegisterHref({ tab: "hold", states: ["notified"], due: "overdue" })}
                className="text-brand-700 hover:underline"
              >
                {t("hpWpRegister.filters.dueValue.overdue")} ({holdPoints.overdue})
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
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
        {ncrs ? (
          <StatusCounts
            title={t("hpWpRegister.home.ncrsTitle")}
            rows={ncrs.map((row) => ({
              label: t(`ncr.status.${row.status}`),
              count: row.count,
              to: `/quality/ncr?status=${row.status}`,
            }))}
          />
        ) : null}
        {defects ? (
          <StatusCounts
            title={t("hpWpRegister.home.defectsTitle")}
            rows={defects.map((row) => ({
              label: t(`defect.status.${row.status}`),
              count: row.count,
              to: `/quality/defects?status=${row.status}`,
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
