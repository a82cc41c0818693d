/** A record's labelled facts on its page, two columns from small screens up, long values wrapping. */
export function DetailFields({ rows }: { rows: readonly { label: string; value: React.ReactNode }[] }) {
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
