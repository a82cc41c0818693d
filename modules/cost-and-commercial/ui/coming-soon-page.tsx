import type { ComingSoonPage } from "../server/upstream-basics";
import { useUpstreamText } from "./upstream-text";

/** The four pages the spec lists as placeholders (order book, pre-contract, contract review, reports). */
export function ComingSoon({ page }: { page: ComingSoonPage }) {
  const { t } = useUpstreamText();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t(`cost-and-commercial:comingSoon.${page}`)}</h1>
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        {t("cost-and-commercial:comingSoon.message")}
      </p>
    </div>
  );
}
