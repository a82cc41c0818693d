import { hrefWithParams } from "./search-params";

/** A list's order in the URL: `?sort=<column>&dir=asc|desc`, read by the loader, shown by the table. */

export const SORT_PARAM = "sort";
export const DIRECTION_PARAM = "dir";

export type SortDirection = "asc" | "desc";

/** The order a loader used; `sort` is one of the list's whitelisted columns. */
export type ListSort<Column extends string = string> = { sort: Column; dir: SortDirection };

const isDirection = (value: string | null): value is SortDirection => value === "asc" || value === "desc";

/**
 * The list's order from the URL. Only whitelisted columns are accepted, so a hand-made URL can never
 * order by a column the list does not offer (or has no index for); anything else is the default order.
 * A direction without a valid column still applies to the default column.
 */
export function readListSort<Column extends string>(
  params: URLSearchParams,
  columns: readonly Column[],
  fallback: ListSort<Column>,
): ListSort<Column> {
  const requested = params.get(SORT_PARAM);
  const direction = params.get(DIRECTION_PARAM);
  return {
    sort: columns.includes(requested as Column) ? (requested as Column) : fallback.sort,
    dir: isDirection(direction) ? direction : fallback.dir,
  };
}

/** The link of a column header: the sorted column flips its direction, another column sorts ascending. */
export function sortHref(
  pathname: string,
  search: string,
  column: string,
  current?: ListSort | null,
): string {
  const dir: SortDirection = current?.sort === column && current.dir === "asc" ? "desc" : "asc";
  return hrefWithParams(pathname, search, { [SORT_PARAM]: column, [DIRECTION_PARAM]: dir });
}

/** The header's `aria-sort`: only the column the list is ordered by has one. */
export function ariaSort(column: string, current?: ListSort | null): "ascending" | "descending" | undefined {
  if (current?.sort !== column) return undefined;
  return current.dir === "asc" ? "ascending" : "descending";
}
