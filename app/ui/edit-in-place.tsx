import { Link, useLocation } from "@remix-run/react";

/**
 * One record's edit forms on a register page, shown only for the record named by `?edit=` (a link opens them):
 * a page lists many records, and a form each would weigh more than the list. The forms post back to the same
 * address, so a refused post shows its messages in place.
 */
export function EditInPlace({
  recordId,
  label,
  children,
}: {
  recordId: string;
  label: string;
  children: (action: string) => React.ReactNode;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (params.get("edit") !== recordId) {
    params.set("edit", recordId);
    return (
      <Link
        to={`${location.pathname}?${params}#edit-${recordId}`}
        className="text-sm text-brand-700 hover:underline"
        preventScrollReset
      >
        {label}
      </Link>
    );
  }
  return (
    <div id={`edit-${recordId}`} className="space-y-4 rounded-md border border-brand-200 bg-slate-50 p-3">
      {children(`${location.pathname}${location.search}`)}
    </div>
  );
}
