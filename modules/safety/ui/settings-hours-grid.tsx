import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert } from "~/app/ui/field";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDate } from "~/app/utils/format";
import type { Locale } from "~/server/i18n/locale";
import { SETTINGS_INTENTS, SETTINGS_PATH } from "../server/settings-basics";

/** What the grid shows (settings-page.server.ts's `hours`), typed here so the page imports no server file. */
export type HoursGridView = {
  until: string;
  current: string;
  earlier: string;
  later: string | null;
  rows: { month: string; hours: string; enteredBy: string | null; updatedAt: string | null }[];
  total: number;
  canEdit: boolean;
};

/** The answer of a refused save: conform's reply with its messages already in the reader's language. */
export type HoursGridResult = {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

const MONTH_LOCALE: Record<Locale, string> = { en: "en-US", vi: "vi-VN", au: "en-AU" };

/** "November 2026" in the reader's language (a YYYY-MM month, read in UTC so no time zone moves it). */
export function monthLabel(month: string, locale: Locale): string {
  return new Intl.DateTimeFormat(MONTH_LOCALE[locale] ?? "en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

const hoursFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

function submittedHours(result: HoursGridResult | undefined, index: number): string | undefined {
  const rows = result?.initialValue?.rows;
  if (!Array.isArray(rows)) return undefined;
  const hours = (rows[index] as { hours?: unknown } | undefined)?.hours;
  return typeof hours === "string" ? hours : "";
}

/**
 * Twelve months of hours worked, newest first, each an input (blank = not entered), saved together; a month
 * picker and earlier/later links move the window. Works without JavaScript: the picker is a GET form.
 */
export function HoursWorkedGrid({ view, result }: { view: HoursGridView; result?: HoursGridResult }) {
  const { t, locale, translate } = usePageText(["safety", "common"]);
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === SETTINGS_INTENTS.saveHours;
  const error = (index: number, field: string) => translate(result?.error?.[`rows[${index}].${field}`]);
  return (
    <section aria-labelledby="hours-title" className="rounded-lg bg-white p-6 ring-1 ring-slate-200">
      <h2 id="hours-title" className="text-lg font-medium text-slate-900">
        {t("safety:setting.hours.title")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{t("safety:setting.hours.intro")}</p>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="hours-until" className="block text-sm font-medium text-slate-800">
              {t("safety:setting.hours.showUntil")}
            </label>
            <input
              id="hours-until"
              type="month"
              name="until"
              defaultValue={view.until}
              max={view.current}
              pattern="\d{4}-\d{2}"
              placeholder="YYYY-MM"
              className="mt-1 block h-10 rounded-md border border-slate-300 px-3 text-sm shadow-sm"
            />
          </div>
          <Button type="submit" variant="secondary">
            {t("safety:setting.hours.show")}
          </Button>
        </Form>
        <nav aria-label={t("safety:setting.hours.windowNav")} className="flex gap-2">
          <Link className={buttonClass("ghost", "md")} to={`${SETTINGS_PATH}?until=${view.earlier}`}>
            ← {t("safety:setting.hours.earlier")}
          </Link>
          {view.later ? (
            <Link className={buttonClass("ghost", "md")} to={`${SETTINGS_PATH}?until=${view.later}`}>
              {t("safety:setting.hours.later")} →
            </Link>
          ) : null}
        </nav>
      </div>

      <Form key={JSON.stringify(view.rows)} method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.saveHours} />
        <input type="hidden" name="until" value={view.until} />
        <FormAlert errors={translate(result?.error?.[""])} />
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("safety:setting.hours.caption")}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("safety:setting.hours.month")}
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("safety:setting.hours.hours")}
              </th>
              <th scope="col" className="hidden py-2 font-medium sm:table-cell">
                {t("safety:setting.hours.enteredBy")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((row, index) => {
              const label = monthLabel(row.month, locale);
              const hoursErrors = error(index, "hours");
              const monthErrors = error(index, "month");
              const inputId = `hours-${row.month}`;
              const shown = submittedHours(result, index) ?? row.hours;
              return (
                <tr key={row.month} className="border-b border-slate-100 align-top">
                  <th scope="row" className="pt-[1.125rem] pr-4 pb-2 font-medium text-slate-800">
                    <label htmlFor={inputId}>{label}</label>
                    <input type="hidden" name={`rows[${index}].month`} value={row.month} />
                    <input type="hidden" name={`rows[${index}].was`} value={row.hours} />
                    {monthErrors?.length ? (
                      <p className="mt-1 text-sm font-normal text-red-700">{monthErrors.join(" ")}</p>
                    ) : null}
                  </th>
                  <td className="py-2 pr-4">
                    <input
                      id={inputId}
                      name={`rows[${index}].hours`}
                      defaultValue={shown}
                      inputMode="decimal"
                      autoComplete="off"
                      readOnly={!view.canEdit}
                      aria-invalid={hoursErrors?.length ? true : undefined}
                      aria-describedby={hoursErrors?.length ? `${inputId}-error` : undefined}
                      className={`block h-10 w-36 rounded-md border px-3 text-right text-sm shadow-sm ${
                        hoursErrors?.length ? "border-red-600" : "border-slate-300"
                      }`}
                    />
                    {hoursErrors?.length ? (
                      <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                        {hoursErrors.join(" ")}
                      </p>
                    ) : null}
                  </td>
                  <td className="hidden pt-[1.125rem] pb-2 text-slate-600 sm:table-cell">
                    {row.enteredBy && row.updatedAt
                      ? t("safety:setting.hours.enteredOn", {
                          name: row.enteredBy,
                          date: formatDate(row.updatedAt.slice(0, 10), locale),
                        })
                      : row.updatedAt
                        ? formatDate(row.updatedAt.slice(0, 10), locale)
                        : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="py-2 pr-4 font-medium text-slate-800">
                {t("safety:setting.hours.total")}
              </th>
              <td className="py-2 pr-4 text-right font-medium tabular-nums sm:w-36">
                {hoursFormat.format(view.total)}
              </td>
              <td className="hidden sm:table-cell" />
            </tr>
          </tfoot>
        </table>
        {view.canEdit ? (
          <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
            <Button type="submit" loading={saving}>
              {t("safety:setting.hours.save")}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("safety:setting.hours.readOnly")}</p>
        )}
      </Form>
    </section>
  );
}
