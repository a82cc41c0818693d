import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { EmptyState } from "./empty-state";
import { Pagination } from "./pagination";
import { readSort, sortHref } from "./search-params";

export type DataTableColumn<Row> = {
  /** Identifies the column; for a sortable column it is also the `?sort=` value the loader reads. */
  key: string;
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  align?: "left" | "right" | "center";
  /** Extra classes for the column's cells, e.g. a width or `hidden md:table-cell`. */
  className?: string;
};

type DataTableProps<Row> = {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Names the table for screen readers; visually hidden. */
  caption: string;
  /** The loader's page: rows holds only this page; total counts every matching row. */
  page: number;
  pageSize: number;
  total: number;
  /** Shown instead of the table when there are no rows. */
  empty?: React.ReactNode;
  className?: string;
};

const alignClass = { left: "text-left", right: "text-right", center: "text-center" } as const;

/**
 * A server-paginated list. Sorting, paging and filtering are links and GET forms, so every state is
 * a shareable URL and the table works without JavaScript; the loader does the work.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  page,
  pageSize,
  total,
  empty,
  className,
}: DataTableProps<Row>) {
  const { t } = useTranslation("ui");
  const location = useLocation();
  const { sort, dir } = readSort(new URLSearchParams(location.search));

  if (rows.length === 0) return <div className={className}>{empty ?? <EmptyState />}</div>;

  return (
    <div className={cn("space-y-3", className)}>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => {
                const sorted = column.sortable && sort === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    className={cn(
                      "px-4 py-3 font-semibold text-slate-700",
                      alignClass[column.align ?? "left"],
                      column.className,
                    )}
                  >
                    {column.sortable ? (
                      <Link
                        to={sortHref(location.pathname, location.search, column.key)}
                        preventScrollReset
                        className="inline-flex items-center gap-1 rounded hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        {column.header}
                        <span
                          aria-hidden
                          className={cn("text-xs", sorted ? "text-brand-600" : "text-slate-400")}
                        >
                          {sorted ? (dir === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                        <span className="sr-only">
                          {sorted && dir === "asc"
                            ? t("dataTable.sortDescending")
                            : t("dataTable.sortAscending")}
                        </span>
                      </Link>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-slate-50">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      "px-4 py-3 text-slate-800",
                      alignClass[column.align ?? "left"],
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageSize={pageSize} total={total} />
    </div>
  );
}
