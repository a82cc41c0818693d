import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { DOCKETS_PATH, WAITING_HREF } from "../server/docket-basics";
import { docketFigures } from "../server/docket-home.server";
import { useDocketText } from "../ui/docket-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction = () => [{ title: "Dockets | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return docketFigures(context.em, context.project.id, context.user.id);
}

type Listed = { id: string; number: string; company: string | null; totalCents: number; href: string };

function DocketList({ title, rows, empty }: { title: string; rows: Listed[]; empty: string }) {
  const { money } = useDocketText();
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap justify-between gap-2 py-2">
              <Link to={row.href} className="record-link">
                {row.number}
              </Link>
              <span className="min-w-0 flex-1 truncate text-slate-600">{row.company ?? "-"}</span>
              <span className="tabular-nums">{money(row.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /dockets/home: dockets per state, the dockets waiting for my approval, the latest written up. */
export default function DocketHomePage() {
  const { states, waitingCount, waiting, recent } = useLoaderData<typeof loader>();
  const { t } = useDocketText();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:home.title")}</h1>
        <p className="text-sm text-slate-600">{t("dockets:home.intro")}</p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <li className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <Link to={WAITING_HREF} className="block rounded hover:bg-slate-50" data-figure="waiting">
            <span
              className={`text-2xl font-semibold ${waitingCount > 0 ? "text-amber-700" : "text-slate-900"}`}
            >
              {waitingCount}
            </span>
            <span className="block text-sm text-slate-600">{t("dockets:home.waiting")}</span>
          </Link>
        </li>
        {states.map(({ status, count, href }) => (
          <li key={status} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <Link to={href} className="block rounded hover:bg-slate-50" data-figure={status}>
              <span className="text-2xl font-semibold text-slate-900">{count}</span>
              <span className="block text-sm text-slate-600">{t(`dockets:status.${status}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <DocketList
          title={t("dockets:home.waitingList")}
          rows={waiting}
          empty={t("dockets:home.noneWaiting")}
        />
        <DocketList title={t("dockets:home.recent")} rows={recent} empty={t("dockets:home.noneRecent")} />
      </div>
      <Link to={DOCKETS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        {t("dockets:home.open")}
      </Link>
    </div>
  );
}
