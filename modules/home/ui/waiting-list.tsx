import { Link } from "@remix-run/react";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate } from "~/app/utils/format";
import type { HomeWidgetItem } from "~/server/extensions/contracts";

/** Everything the modules say waits for the user, overdue first, in one list. */
export function WaitingList({ items }: { items: (HomeWidgetItem & { key: string })[] }) {
  const { t, locale } = usePageText(["home"]);
  return (
    <section aria-labelledby="home-waiting" className="rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <h2 id="home-waiting" className="text-lg font-medium">
        {t("waitingTitle")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("nothingWaiting")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <Link to={item.href} className="min-w-0 font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>
              <span className={item.overdue ? "text-sm font-medium text-red-700" : "text-sm text-slate-600"}>
                {item.overdue ? `${t("overdue")} · ` : ""}
                {item.detail}
                {item.dueOn ? ` · ${formatDate(item.dueOn, locale)}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
