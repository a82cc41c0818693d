import { usePageText } from "~/app/ui/use-page-text";
import { formatDate, formatDateTime } from "~/app/utils/format";

/** A date of the role pages in the reader's language; `withTime` for log entries. */
export function RoleDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const { locale } = usePageText([]);
  return (
    <time dateTime={value} suppressHydrationWarning>
      {withTime ? formatDateTime(value, locale) : formatDate(value, locale)}
    </time>
  );
}
