import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/app/utils/format";
import type { Locale } from "~/server/i18n/locale";

const LOCALES: readonly string[] = ["en", "vi", "au"] satisfies Locale[];

/** A date of the role pages in the reader's language; `withTime` for log entries. */
export function RoleDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const locale = (LOCALES.includes(i18n.language) ? i18n.language : "en") as Locale;
  return (
    <time dateTime={value} suppressHydrationWarning>
      {withTime ? formatDateTime(value, locale) : formatDate(value, locale)}
    </time>
  );
}
