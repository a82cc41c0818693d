import { formatDate } from "~/app/utils/format";
import type { NcrDisposition } from "../domain/ncr-workflow";
import { NCR_SECTIONS, type NcrSection, useNcrText } from "./ncr-view";

type NcrDetailsShown = {
  itpItemLabel: string | null;
  details: Record<string, string | boolean | null> & { disposition: NcrDisposition | null };
};

/** The ISO sections as read-only text: an NCR in review, closed or archived, or a reader without edit. */
export function NcrDetailsView({ ncr }: { ncr: NcrDetailsShown }) {
  const { t, locale } = useNcrText();
  const value = (name: string): string => {
    if (name === "itpItemId") return ncr.itpItemLabel ?? "-";
    const raw = ncr.details[name];
    if (name === "disposition") return raw ? t(`quality:ncr.disposition.${raw}`) : "-";
    if (name === "clientToBeInformed") return t(raw ? "quality:ncr.detail.yes" : "quality:ncr.detail.no");
    if (name === "correctiveActionDue") return typeof raw === "string" ? formatDate(raw, locale) : "-";
    return typeof raw === "string" && raw ? raw : "-";
  };
  return (
    <div className="space-y-6">
      {(Object.keys(NCR_SECTIONS) as NcrSection[]).map((section) => (
        <section key={section} className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 className="text-base font-semibold text-slate-900">{t(`quality:ncr.sections.${section}`)}</h2>
          <dl className="mt-3 grid gap-4 sm:grid-cols-2">
            {NCR_SECTIONS[section].map((name) => (
              <div key={name} className="min-w-0">
                <dt className="text-sm font-medium text-slate-600">{t(`quality:ncr.fields.${name}`)}</dt>
                <dd className="mt-1 text-sm break-words whitespace-pre-line text-slate-900">{value(name)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
