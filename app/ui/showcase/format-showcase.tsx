import { useTranslation } from "react-i18next";
import { displayAmount, formatAmount, formatDate, formatDateTime } from "~/app/utils/format";
import { isLocale, type Locale } from "~/server/i18n/locale";
import { LinkText } from "../link-text";
import { Example, ShowcaseSection } from "./showcase-section";

// Fixed moment and zone so the server and the browser print the same text.
const SAMPLE_MOMENT = "2025-03-07T23:30:00Z";
const SAMPLE_ZONE = "Australia/Sydney";

const AMOUNT_SAMPLES: { input: unknown; label: string; options?: Parameters<typeof formatAmount>[1] }[] = [
  { input: 1234567.891, label: "1234567.891" },
  { input: "1,234.5", label: '"1,234.5"' },
  { input: "abc", label: '"abc"' },
  { input: 0, label: "0 (blankWhenZero)", options: { blankWhenZero: true } },
  { input: 1234567.5, label: "1234567.5 VND", options: { currency: "VND" } },
  { input: 1234.5, label: "1234.5 USD", options: { currency: "USD" } },
];

export function FormatShowcase() {
  const { t, i18n } = useTranslation("storybook");
  const locale: Locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <ShowcaseSection id="formats" title={t("sections.formats")}>
      <Example title={t("formats.amounts")}>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1 font-medium">{t("formats.input")}</th>
              <th className="py-1 text-right font-medium">{t("formats.output")}</th>
            </tr>
          </thead>
          <tbody className="font-mono">
            {AMOUNT_SAMPLES.map((sample) => (
              <tr key={sample.label} className="border-t border-slate-100">
                <td className="py-1">{sample.label}</td>
                <td className="py-1 text-right">{formatAmount(sample.input, sample.options) || "∅"}</td>
              </tr>
            ))}
            <tr className="border-t border-slate-100">
              <td className="py-1">"" (display)</td>
              <td className="py-1 text-right">{displayAmount("")}</td>
            </tr>
          </tbody>
        </table>
      </Example>

      <Example title={t("formats.dates")}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">{t("formats.siteDate")}</dt>
          <dd>{formatDate("2025-03-07", locale)}</dd>
          <dt className="text-slate-500">{t("formats.moment", { zone: SAMPLE_ZONE })}</dt>
          <dd>{formatDateTime(SAMPLE_MOMENT, locale, SAMPLE_ZONE)}</dd>
        </dl>
      </Example>

      <Example title={t("formats.linkText")} wide>
        <p className="rounded bg-slate-50 p-2 font-mono text-xs">{t("formats.linkSample")}</p>
        <LinkText text={t("formats.linkSample")} className="text-sm" />
      </Example>
    </ShowcaseSection>
  );
}
