import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "./cn";
import { EmptyState } from "./empty-state";
import { ariaSort, type ListSort, sortHref } from "./list-sort";
import { Pagination } from "./pagination";
import { RecordCard, type RecordCardContent } from "./record-card";

export type DataTableColumn<Row> = {
  /** Identifies the column; for a sortable column it is also the `?sort=` value the loader reads. */
  key: string;
  header: React.ReactNode;
  cell: (row: Row) => React.ReactNode;
  sortable?: boolean;
  align?: "left" | "right" | "center";
  /** Extra classes for the column's cells, e.g. a width or `hidden md:table-cell`. */
  className?: string;
  /**
   * Below this breakpoint the column is not shown. Said once on the table (data-hide, app.css), not by a
   * class on each cell of each row: `hidden md:table-cell` in `className` does the same, row by row.
   */
  hideBelow?: Breakpoint;
  /**
   * Where the cell goes when the table is a list of cards on a phone (below md): "heading" (the record's
   * number and title; the heading's link covers the card), "status", or "detail" (a fact labelled with
   * the column's header, given as text in `label`). Columns without one are not on the cards. Said once
   * on the table (data-cards, app.css).
   */
  phone?: "heading" | "status" | "detail";
  /** The column's header as text, for a "detail" cell's label on a card (when `header` is not a string). */
  label?: string;
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
  /** The order the loader used (its default included), so the headers can say which column is sorted. */
  sort?: ListSort | null;
  /**
   * The row as a card (number, title, status, a few facts). Given, phones get a list of cards instead of
   * a table that scrolls sideways; the table shows from the md breakpoint. The page then holds every row
   * twice: columns with a `phone` place give the same cards from the table's own markup instead.
   */
  card?: (row: Row) => RecordCardContent;
  /** Shown instead of the table when there are no rows. */
  empty?: React.ReactNode;
  className?: string;
};

type Breakpoint = "sm" | "md" | "lg" | "xl" | "2xl";

/** app.css places columns by position for the first 12 (data-hide, data-cards). */
const PLACED_COLUMNS = 12;

/** The table's column places: "md3 2xl4" (hidden below md, below 2xl), "h1 h2 s5 d3" (heading, status, detail). */
function columnPlaces<Row>(
  columns: DataTableColumn<Row>[],
  place: (column: DataTableColumn<Row>) => string | undefined,
) {
  const places = columns.flatMap((column, index) => {
    const value = place(column);
    if (!value) return [];
    if (index >= PLACED_COLUMNS)
      throw new Error(
        `DataTable: hideBelow and phone apply to the first ${PLACED_COLUMNS} columns (${column.key})`,
      );
    return [`${value}${index + 1}`];
  });
  return places.length ? places.join(" ") : undefined;
}

const alignClass = { left: undefined, right: "text-right", center: "text-center" } as const;
/** On a phone's cards a fact reads from its label, left to right; the table's alignment starts at md. */
const tableOnlyAlignClass = { left: undefined, right: "md:text-right", center: "md:text-center" } as const;

/** A column's own classes; the common ones are .data-table's (app.css), left-aligned. */
const cellClass = (column: Pick<DataTableColumn<unknown>, "align" | "className">, phoneCards = false) =>
  cn((phoneCards ? tableOnlyAlignClass : alignClass)[column.align ?? "left"], column.className) || undefined;

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
  sort,
  card,
  empty,
  className,
}: DataTableProps<Row>) {
  const { t } = useTranslation("ui");
  const location = useLocation();

  // A page past the last one (an old link, a list that shrank) is not an empty list: it says so and links back.
  if (rows.length === 0 && total > 0) {
    const lastPage = Math.max(1, Math.ceil(total / pageSize));
    const params = new URLSearchParams(location.search);
    if (lastPage <= 1) params.delete("page");
    else params.set("page", String(lastPage));
    const query = params.toString();
    return (
      <div className={className}>
        <EmptyState
          title={t("dataTable.pastLastPage", { page, pages: lastPage, total })}
          action={
            <Link to={`${location.pathname}${query ? `?${query}` : ""}`} className="font-medium underline">
              {t("dataTable.toLastPage")}
            </Link>
          }
        />
      </div>
    );
  }
  if (rows.length === 0) return <div className={className}>{empty ?? <EmptyState />}</div>;

  // Cards from the table's own cells (app.css .table-cards), unless the page gives separate card markup.
  const phoneCards = !card && columns.some((column) => column.phone);
  return (
    <div className={cn("space-y-3", className)}>
      {card ? (
        <ul aria-label={caption} className="space-y-3 md:hidden">
          {rows.map((row) => (
            <li key={rowKey(row)}>
              <RecordCard {...card(row)} />
            </li>
          ))}
        </ul>
      ) : null}
      {/* relative: visually hidden labels inside (position: absolute) stay in the scroll box instead of widening the page. */}
      <div
        className={cn(
          "relative overflow-x-auto rounded-lg border border-slate-200 bg-white",
          card && "hidden md:block",
          phoneCards && "max-md:overflow-visible max-md:border-0 max-md:bg-transparent",
        )}
      >
        {/* .data-table (app.css) styles every cell once, instead of the same classes on each cell of each row. */}
        <table
          className={cn("data-table", phoneCards && "table-cards")}
          data-hide={columnPlaces(columns, (column) => column.hideBelow)}
          data-cards={phoneCards ? columnPlaces(columns, (column) => column.phone?.[0]) : undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = column.sortable ? ariaSort(column.key, sort) : undefined;
                return (
                  <th key={column.key} scope="col" aria-sort={sorted} className={cellClass(column)}>
                    {column.sortable ? (
                      <Link
                        to={sortHref(location.pathname, location.search, column.key, sort)}
                        preventScrollReset
                        className="sort-link"
                      >
                        {column.header}
                        <span
                          aria-hidden
                          className={cn("text-xs", sorted ? "text-brand-600" : "text-slate-400")}
                        >
                          {sorted ? (sorted === "ascending" ? "▲" : "▼") : "↕"}
                        </span>
                        <span className="sr-only">
                          {sorted === "ascending"
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
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cellClass(column, phoneCards)}
                    data-label={
                      phoneCards && column.phone === "detail"
                        ? (column.label ?? (typeof column.header === "string" ? column.header : undefined))
                        : undefined
                    }
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
