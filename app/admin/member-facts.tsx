import { useTranslation } from "react-i18next";
import { cn } from "~/app/ui/cn";
import { useHydrated } from "~/app/ui/use-hydrated";
import { formatDate, formatDateTime } from "~/app/utils/format";

/** A titled card of the member pages. */
export function MemberSection({
  title,
  children,
  className,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("rounded-lg border border-slate-200 bg-white p-5", className)}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Label and value pairs, two columns on wide screens. */
export function MemberFacts({ facts }: { facts: { label: string; value: React.ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{fact.label}</dt>
          <dd className="mt-0.5 text-sm text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type DateLocale = Parameters<typeof formatDate>[1];

/**
 * A date in the reader's time zone. The server does not know that zone, so the server and the first
 * browser render both use UTC (no hydration mismatch) and the browser then switches to local time.
 */
export function MemberDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const hydrated = useHydrated();
  const locale = i18n.language as DateLocale;
  const zone = hydrated ? undefined : "UTC";
  return (
    <time dateTime={value}>
      {withTime ? formatDateTime(value, locale, zone) : formatDate(value, locale, zone)}
    </time>
  );
}
