import type { Locale } from "~/server/i18n/locale";

export type Currency = "VND" | "USD";

type AmountOptions = {
  /** Show nothing for zero, null or empty values (totals that were never entered). */
  blankWhenZero?: boolean;
  currency?: Currency;
};

// Spec 9: VND amounts are written the Vietnamese way (1.234,50 ₫), everything else in en-US.
const CURRENCY_LOCALE: Record<Currency, string> = { VND: "vi-VN", USD: "en-US" };

const amountFormatters = new Map<string, Intl.NumberFormat>();
function amountFormatter(currency: Currency | undefined): Intl.NumberFormat {
  const key = currency ?? "plain";
  let formatter = amountFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currency ? CURRENCY_LOCALE[currency] : "en-US", {
      ...(currency ? { style: "currency", currency } : {}),
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    amountFormatters.set(key, formatter);
  }
  return formatter;
}

function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return parseCurrency(value);
  return null;
}

/**
 * Spec 9: thousands separators and exactly two decimals; invalid input shows 0.00; with `blankWhenZero`,
 * zero and missing values show nothing.
 */
export function formatAmount(
  value: unknown,
  { blankWhenZero = false, currency }: AmountOptions = {},
): string {
  const amount = toNumber(value);
  if (blankWhenZero && (amount === null || amount === 0)) return "";
  return amountFormatter(currency).format(amount ?? 0);
}

/** Money is stored as integer cents (see CONVENTIONS, Data). */
export function formatCents(cents: number | null | undefined, options: AmountOptions = {}): string {
  return formatAmount(cents === null || cents === undefined ? null : cents / 100, options);
}

/** For read-only views: an amount that was never entered shows a dash rather than 0.00. */
export function displayAmount(value: unknown, options: Omit<AmountOptions, "blankWhenZero"> = {}): string {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return "-";
  return formatAmount(value, options);
}

const CURRENCY_PATTERN = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** Reads '1,234.56', '1234.56' or '-12'; returns null for empty or malformed text. */
export function parseCurrency(text: string | null | undefined): number | null {
  const trimmed = (text ?? "").trim();
  if (!CURRENCY_PATTERN.test(trimmed)) return null;
  return Number(trimmed.replaceAll(",", ""));
}

const DATE_LOCALE: Record<Locale, string> = { en: "en", vi: "vi-VN", au: "en-AU" };

type DateInput = Date | string | number | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A day, e.g. a site diary's date. A plain 'YYYY-MM-DD' is a calendar day with no time zone, so it is
 * read and printed in UTC: otherwise a viewer west of Greenwich would see the day before.
 */
export function formatDate(value: DateInput, locale: Locale = "en", timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "-";
  const zone = typeof value === "string" && CALENDAR_DATE.test(value) ? "UTC" : timeZone;
  return dateFormat(locale, "date", zone).format(date);
}

// Building an Intl.DateTimeFormat costs far more than formatting with one; a table of dates reuses them.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, kind: "date" | "dateTime", timeZone: string | undefined) {
  const key = `${locale}|${kind}|${timeZone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      DATE_LOCALE[locale],
      kind === "date"
        ? { dateStyle: "medium", timeZone }
        : { dateStyle: "medium", timeStyle: "short", timeZone },
    );
    formats.set(key, format);
  }
  return format;
}

/** A moment (stored UTC), shown in the given time zone; pass one on the server so the page matches the browser. */
export function formatDateTime(value: DateInput, locale: Locale = "en", timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "-";
  return dateFormat(locale, "dateTime", timeZone).format(date);
}
