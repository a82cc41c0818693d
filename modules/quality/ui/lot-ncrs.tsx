import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { NcrStatus } from "../domain/ncr-workflow";
import { NCR_PATH, ncrPath } from "../server/ncr-rules";
import { NcrStatusBadge, useNcrText } from "./ncr-view";

export type LotNcrs = {
  rows: { id: string; number: string; title: string; status: NcrStatus }[];
  canRaise: boolean;
};

/** The NCRs raised on a lot, each a link to its page, and the way to raise another from here. */
export function LotNcrSection({ lotId, ncrs }: { lotId: string; ncrs: LotNcrs }) {
  const { t } = useNcrText();
  return (
    <section aria-labelledby="lot-ncrs" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="lot-ncrs" className="text-base font-semibold text-slate-900">
          {t("quality:ncr.lot.title")}
        </h2>
        {ncrs.canRaise ? (
          <Link to={`${NCR_PATH}/create?lot=${lotId}`} className={buttonClass("secondary", "sm")}>
            {t("quality:ncr.lot.raise")}
          </Link>
        ) : null}
      </div>
      {ncrs.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("quality:ncr.lot.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {ncrs.rows.map((ncr) => (
            <li key={ncr.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link
                to={ncrPath(ncr.id)}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                {ncr.number}
              </Link>
              <span className="min-w-0 flex-1 break-words text-slate-900">{ncr.title}</span>
              <NcrStatusBadge status={ncr.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
