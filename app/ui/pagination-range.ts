/** Spec 9: 10 rows per page by default, 2 sibling pages each side of the current one, pages start at 1. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIBLINGS = 2;

export type PageItem = number | "gap";

/** Page numbers to show: first, last, the current one with its siblings, and gaps where pages are skipped. */
export function pageItems(current: number, totalPages: number, siblings = PAGE_SIBLINGS): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  // first + last + current + 2 * siblings + 2 gaps
  if (totalPages <= siblings * 2 + 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(2, page - siblings);
  const end = Math.min(totalPages - 1, page + siblings);
  const items: PageItem[] = [1];
  if (start > 2) items.push("gap");
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push("gap");
  items.push(totalPages);
  return items;
}

/** The 'Showing {from} - {to} of {total}' figures. */
export function pageWindow(page: number, pageSize: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(total, page * pageSize), total };
}

/**
 * The highest page an address may ask for: far past any register (a million pages of rows), and low enough
 * that its offset stays a whole number the database takes. A higher page is this one: an empty page.
 */
export const MAX_PAGE = 1_000_000;

/** Reads ?page= from a URL: a whole number from 1 (at most MAX_PAGE), anything else is page 1. */
export function pageFromSearch(searchParams: URLSearchParams, name = "page"): number {
  const value = Number(searchParams.get(name));
  if (!Number.isInteger(value) || value < 1) return 1;
  return Math.min(value, MAX_PAGE);
}
