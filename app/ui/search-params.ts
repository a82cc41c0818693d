/** Search-param helpers shared by the URL-driven list controls (sorting, tabs, filters, search). */

export const PAGE_PARAM = "page";

/** A link to the same page with some params changed; a changed list always goes back to its first page. */
export function hrefWithParams(
  pathname: string,
  search: string,
  changes: Record<string, string | null | undefined>,
): string {
  const params = new URLSearchParams(search);
  params.delete(PAGE_PARAM);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === "") params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** The params a GET form should carry over as hidden inputs: all but the ones it owns, and never the page. */
export function carriedParams(search: string, owned: readonly string[]): [string, string][] {
  const skip = new Set([...owned, PAGE_PARAM]);
  return [...new URLSearchParams(search).entries()].filter(([name]) => !skip.has(name));
}
