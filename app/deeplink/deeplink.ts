/**
 * Spec 2 "Deep link behaviour": where a link from an email or a notification sends the reader, in the
 * mobile app when it is installed, else the store listing, else the web product. No React, no Remix:
 * the route computes the targets on the server and runs the timed attempt in the browser.
 */
import type { Env } from "~/server/env";
import { safeRedirect } from "~/server/http/safe-redirect";

export type AppEnvironment = Env["APP_ENV"];
export type Platform = "android" | "ios" | "desktop";
export type MobilePlatform = Exclude<Platform, "desktop">;

/** Spec 9. */
export const STORE_FALLBACK_MS = 5000;
export const WEB_FALLBACK_MS = 5100;
export const STORE_SKIP_AFTER_MS = 10_000;

/**
 * Each build of the mobile app registers its own scheme, so a link from staging never opens the
 * production app (or the other way round) on a phone that has both installed.
 */
export const APP_SCHEMES: Record<AppEnvironment, string> = {
  dev: "siteproof-dev://",
  staging: "siteproof-staging://",
  production: "siteproof://",
  "au-production": "siteproof-au://",
};

/** The spec names no listing; these are the SiteProof app's expected ids, to replace when published. */
export const STORE_URLS: Record<MobilePlatform, string> = {
  android: "https://play.google.com/store/apps/details?id=com.siteproof.app",
  ios: "https://apps.apple.com/app/siteproof/id6449000000",
};

/** The app's screens for the links that name one record (spec: safety actions, safety lots). */
export const APP_SCREENS = { action: "safety/actions", lot: "safety/lots" } as const;

const FORWARDED_PARAMS = ["token", "isReset", "isInvite", "projectId", "incidentId", "region"] as const;
type ForwardedParam = (typeof FORWARDED_PARAMS)[number];

export type DeepLink = Partial<Record<ForwardedParam, string>> & {
  /** Always a path on this site: anything else has already become "/". */
  path: string;
  actionId?: string;
  lotId?: string;
};

/** Resolving against a host of our own turns a same-site path into a URL to add parameters to. */
const SAME_SITE = "http://same-site.invalid";

/** A path on this site, or "/": the product's one same-site check (server/http/safe-redirect.ts). */
export function sameSitePath(raw: string | null | undefined): string {
  return safeRedirect(raw, "/");
}

export function parseDeepLink(searchParams: URLSearchParams): DeepLink {
  const read = (name: string) => searchParams.get(name) || undefined;
  const link: DeepLink = {
    path: sameSitePath(read("path")),
    actionId: read("actionId"),
    lotId: read("lotId"),
  };
  for (const name of FORWARDED_PARAMS) link[name] = read(name);
  return link;
}

function forwardedParams(link: DeepLink, into: URLSearchParams) {
  for (const name of FORWARDED_PARAMS) {
    const value = link[name];
    if (value) into.set(name, value);
  }
}

/** The page of the web product the link is for, as a same-site path. An actionId wins over a lotId. */
export function webTarget(link: DeepLink): string {
  const url = new URL(sameSitePath(link.path), SAME_SITE);
  if (link.actionId) {
    url.searchParams.set("tab", "all_actions");
    url.searchParams.set("actionId", link.actionId);
  } else if (link.lotId) {
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/${encodeURIComponent(link.lotId)}`;
  } else {
    forwardedParams(link, url.searchParams);
  }
  return url.pathname + url.search + url.hash;
}

/**
 * The address that opens the mobile app. Every present parameter goes along (the app needs the
 * project and region to open a record, the token to finish an invitation or a reset).
 */
export function appTarget(link: DeepLink, environment: AppEnvironment): string {
  const scheme = APP_SCHEMES[environment];
  const query = new URLSearchParams();
  let screen: string;
  if (link.actionId) {
    screen = APP_SCREENS.action;
    query.set("actionId", link.actionId);
  } else if (link.lotId) {
    screen = APP_SCREENS.lot;
    query.set("lotId", link.lotId);
  } else {
    const url = new URL(sameSitePath(link.path), SAME_SITE);
    screen = url.pathname.slice(1);
    for (const [name, value] of url.searchParams) query.set(name, value);
  }
  forwardedParams(link, query);
  const search = query.toString();
  return `${scheme}${screen}${search ? `?${search}` : ""}`;
}

/**
 * iPadOS 13+ in its default desktop mode sends a Mac user agent; it gets the web product, which is
 * what a server cannot tell apart anyway.
 */
export function platformFromUserAgent(userAgent: string | null | undefined): Platform {
  if (!userAgent) return "desktop";
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent)) return "ios";
  return "desktop";
}

export type DeepLinkRun = {
  platform: Platform;
  appUrl: string;
  webUrl: string;
  storeUrl: string | null;
  navigate(url: string): void;
  isVisible(): boolean;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
};

/**
 * Desktop: the web page at once. Mobile: the app first; a browser gives no signal when the app opens,
 * so the page watches for its own disappearance. Still visible at 5 s means no app: the store. A
 * timer that fires far later than asked means the page was in the background (the app opened), so
 * the store is not pushed on the user when they come back. The web page follows at 5.1 s unless the
 * store was opened. Returns a function that stops the pending steps (the page unmounts).
 */
export function runDeepLink(run: DeepLinkRun): () => void {
  if (run.platform === "desktop") {
    run.navigate(run.webUrl);
    return () => {};
  }
  let stopped = false;
  let redirected = false;
  const startedAt = run.now();
  run.navigate(run.appUrl);
  run.setTimeout(() => {
    if (stopped || !run.storeUrl) return;
    const firedLate = run.now() - startedAt > STORE_SKIP_AFTER_MS;
    if (firedLate || !run.isVisible()) return;
    redirected = true;
    run.navigate(run.storeUrl);
  }, STORE_FALLBACK_MS);
  run.setTimeout(() => {
    if (stopped || redirected) return;
    redirected = true;
    run.navigate(run.webUrl);
  }, WEB_FALLBACK_MS);
  return () => {
    stopped = true;
  };
}
