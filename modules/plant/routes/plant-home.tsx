import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { PLANT_PATH } from "../server/plant-basics";
import { plantFigures } from "../server/plant-home.server";
import { usePlantText } from "../ui/plant-text";

export const handle = { i18n: ["plant", "common"] };

export const meta: MetaFunction = () => [{ title: "Plant and machinery | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return plantFigures(context.em, context.project);
}

/**
 * /plants-and-machinery/home: plant on site today, plant with documents expiring or expired, plant with a
 * failed pre-start check in the last 7 days; each figure links to the register listing exactly those.
 */
export default function PlantHomePage() {
  const { figures, today, warningDays } = useLoaderData<typeof loader>();
  const { t, locale } = usePlantText();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("plant:home.title")}</h1>
        <p className="text-sm text-slate-600">
          {t("plant:home.intro", { today: formatDate(today, locale) })}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(({ figure, count, href }) => (
          <li key={figure} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
            <Link
              to={href}
              className="block rounded hover:bg-slate-50 focus-visible:outline-2"
              data-figure={figure}
            >
              <span
                className={
                  figure !== "onSite" && count > 0
                    ? "text-2xl font-semibold text-red-700"
                    : "text-2xl font-semibold text-slate-900"
                }
              >
                {count}
              </span>
              <span className="block text-sm text-slate-600">
                {t(`plant:home.figures.${figure}`, { days: warningDays })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={PLANT_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        {t("plant:home.open")}
      </Link>
    </div>
  );
}
