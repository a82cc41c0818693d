import { SESSION_COOKIE_NAME } from "~/server/session/cookies.server";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

const sessionCookie = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=[^;\\s]`);

/** The request carries a session cookie (valid or not: a page answered to it may be someone's). */
export function hasSessionCookie(request: Request): boolean {
  return sessionCookie.test(request.headers.get("Cookie") ?? "");
}

/**
 * A page or data answer to a signed-in request is that person's: no shared cache (a proxy, a CDN) may keep
 * it, and the browser does not either (the back button after sign-out, a shared computer). Documents and
 * `.data` answers pass here (app/entry.server.tsx); file downloads set the same themselves; hashed static
 * assets, served before the application, keep their long cache.
 */
export function keepPrivate(request: Request, headers: Headers): void {
  if (hasSessionCookie(request)) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}
