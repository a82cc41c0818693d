import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { DIARY_PATH, diaryPath } from "../server/diary-basics";
import { type DiaryOverview, loadDiaryOverview } from "../server/diary-home.server";
import { inOutHome } from "../server/in-out-home.server";
import { DiaryStatusBadge } from "../ui/diary-status";
import { InOutHomeSection } from "../ui/in-out-home-section";

export const handle = { i18n: ["operation", "common"] };

export const meta: MetaFunction = () => [{ title: "Operation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const [diaries, inOut] = await Promise.all([
    context.can("operation.siteDaries.view") ? loadDiaryOverview(context) : null,
    inOutHome(context),
  ]);
  return { diaries, inOut };
}

function DiaryList({
  title,
  none,
  rows,
  href,
}: {
  title: string;
  none: string;
  rows: DiaryOverview["todays"];
  href: string;
}) {
  const { t, locale } = usePageText(["operation"]);
  const id = `overview-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title} <span className="text-slate-500">({rows.length})</span>
        </h3>
        <Link to={href} className="text-sm font-medium text-brand-700 hover:underline">
          {t("operation:diary.home.viewAll")}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{none}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <Link to={diaryPath(row.id)} className="font-medium text-brand-700 hover:underline">
                {row.number}
              </Link>
              <span>{formatDate(row.formDate, locale)}</span>
              <span className="text-slate-600">
                {row.location ?? t("operation:diary.detail.wholeProject")}
              </span>
              <DiaryStatusBadge status={row.status} />
              <span className="text-xs text-slate-500">
                {t("operation:diary.home.due", { date: formatDate(row.dueDate, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /operation/home: the day on site at a glance (each part of the module adds its section). */
export default function OperationHomePage() {
  const { diaries, inOut } = useLoaderData<typeof loader>();
  const { t } = usePageText(["operation"]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("operation:home.title")}</h1>
      {/* --- site diary overview --- */}
      {diaries ? (
        <section aria-labelledby="overview-diaries" className="space-y-3">
          <h2 id="overview-diaries" className="text-lg font-medium text-slate-900">
            <Link to={DIARY_PATH} className="hover:underline">
              {t("operation:diary.register.title")}
            </Link>
          </h2>
          <div className="grid gap-4 lg:grid-cols-3">
            <DiaryList
              title={t("operation:diary.home.today")}
              none={t("operation:diary.home.todayNone")}
              rows={diaries.todays}
              href={`${DIARY_PATH}?from=${diaries.today}&to=${diaries.today}`}
            />
            <DiaryList
              title={t("operation:diary.home.review")}
              none={t("operation:diary.home.reviewNone")}
              rows={diaries.review}
              href={`${DIARY_PATH}?status=in_review`}
            />
            <DiaryList
              title={t("operation:diary.home.overdue")}
              none={t("operation:diary.home.overdueNone")}
              rows={diaries.overdue}
              href={`${DIARY_PATH}?status=in_progress&sort=dueDate&dir=asc`}
            />
          </div>
        </section>
      ) : null}
      {/* --- end site diary overview --- */}
      {inOut ? <InOutHomeSection data={inOut} /> : null}
    </div>
  );
}
