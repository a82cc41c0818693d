import type { ReactNode } from "react";

/** A record's fields as label and value pairs, two columns from the small breakpoint up. */
export function RecordFields({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
          <dd className="break-words text-sm text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
