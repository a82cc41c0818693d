/**
 * The one decision on where the product may send a browser that asked to come back somewhere: after sign-in
 * (`redirectTo`), after choosing a project or a language, and through a deep link. Pure (no Node, no Remix):
 * the deep link's browser code uses it too.
 */

/** Resolving against a host of our own tells us whether the browser would leave the site. */
const SAME_SITE = "http://same-site.invalid";

/** Longer than any page of the product with its filters; a longer target is not one of ours. */
export const MAX_REDIRECT_LENGTH = 2048;

/**
 * A path on this site (path, query and fragment, with `.` and `..` resolved), or null. Refused:
 * - anything but a path starting with one `/` (schemes, `//host`, relative paths);
 * - any character outside printable ASCII: control characters (a tab or line break that a browser drops,
 *   turning `/<tab>/evil.example` into `//evil.example`), spaces, and every non-ASCII character, which a
 *   header cannot carry (the pages the product links to are percent-encoded);
 * - backslashes (browsers read `/\evil.example` as `//evil.example`);
 * - percent-encoded control characters anywhere, and encoded slashes or backslashes in the path, which a
 *   proxy or a server in between may decode into the characters refused above;
 * - a path that resolves to one starting with `//` (`/..//evil.example`).
 */
export function sameSiteTarget(to: unknown): string | null {
  if (typeof to !== "string" || to.length > MAX_REDIRECT_LENGTH) return null;
  if (!/^\/[\x21-\x7e]*$/.test(to) || to.includes("\\")) return null;
  if (/%(?:[01][0-9a-f]|7f)/i.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  if (url.pathname.startsWith("//") || /%(?:2f|5c)/i.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** The same-site target `to` names, or `fallback` when it names none (or an unsafe one). */
export function safeRedirect(to: unknown, fallback = "/"): string {
  return sameSiteTarget(to) ?? fallback;
}
