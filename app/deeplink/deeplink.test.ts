import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  appTarget,
  type DeepLinkRun,
  parseDeepLink,
  platformFromUserAgent,
  runDeepLink,
  STORE_FALLBACK_MS,
  STORE_SKIP_AFTER_MS,
  STORE_URLS,
  WEB_FALLBACK_MS,
  webTarget,
} from "./deeplink";
import { USER_AGENTS } from "./user-agents.fixture";

const link = (query: string) => parseDeepLink(new URLSearchParams(query));

describe("the web address of a deep link", () => {
  it("opens All Actions on the action for an actionId", () => {
    expect(webTarget(link("actionId=A-17&path=/safety/actions&projectId=p1"))).toBe(
      "/safety/actions?tab=all_actions&actionId=A-17",
    );
  });

  it("appends the lot id to the path for a lotId", () => {
    expect(webTarget(link("lotId=lot-9&path=/quality/lot"))).toBe("/quality/lot/lot-9");
    expect(webTarget(link("lotId=lot-9&path=/quality/lot/"))).toBe("/quality/lot/lot-9");
  });

  it("keeps a lot id that contains a slash inside one path segment", () => {
    expect(webTarget(link("lotId=a/b&path=/quality/lot"))).toBe("/quality/lot/a%2Fb");
  });

  it("forwards token, isReset, isInvite, projectId, incidentId and region otherwise", () => {
    expect(
      webTarget(
        link(
          "path=/auth/set-password&token=t0k&isReset=true&isInvite=false&projectId=p1&incidentId=i2&region=au",
        ),
      ),
    ).toBe("/auth/set-password?token=t0k&isReset=true&isInvite=false&projectId=p1&incidentId=i2&region=au");
  });

  it("forwards only the parameters present, and none of the others", () => {
    expect(webTarget(link("path=/safety/ims&incidentId=i2&unrelated=x&token="))).toBe(
      "/safety/ims?incidentId=i2",
    );
  });

  it("keeps a query the path already has", () => {
    expect(
      webTarget(link(`path=${encodeURIComponent("/safety/ims?view=ALL_INCIDENTS")}&incidentId=i2`)),
    ).toBe("/safety/ims?view=ALL_INCIDENTS&incidentId=i2");
  });

  it("goes to / without a path", () => {
    expect(webTarget(link("projectId=p1"))).toBe("/?projectId=p1");
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example/phish",
    "/\t/evil.example/phish",
    "/..//evil.example/phish",
    "/%2F/evil.example/phish",
    "/\u0100",
    "javascript:alert(1)",
    "safety/actions",
    "",
  ])("never leaves the site for the path %j", (path) => {
    const parsed = parseDeepLink(new URLSearchParams({ path, actionId: "A-1" }));
    expect(parsed.path).toBe("/");
    expect(webTarget(parsed)).toBe("/?tab=all_actions&actionId=A-1");
  });
});

describe("the app address of a deep link", () => {
  it("opens the safety actions screen for an actionId", () => {
    expect(appTarget(link("actionId=A-17&path=/safety/actions&projectId=p1"), "production")).toBe(
      "siteproof://safety/actions?actionId=A-17&projectId=p1",
    );
  });

  it("opens the safety lots screen for a lotId", () => {
    expect(appTarget(link("lotId=lot-9&path=/quality/lot&projectId=p1&region=au"), "production")).toBe(
      "siteproof://safety/lots?lotId=lot-9&projectId=p1&region=au",
    );
  });

  it("opens the path with the forwarded parameters otherwise", () => {
    expect(appTarget(link("path=/auth/set-password&token=t0k&isInvite=true"), "production")).toBe(
      "siteproof://auth/set-password?token=t0k&isInvite=true",
    );
  });

  it.each([
    ["dev", "siteproof-dev://"],
    ["staging", "siteproof-staging://"],
    ["production", "siteproof://"],
    ["au-production", "siteproof-au://"],
  ] as const)("uses the %s app's scheme %s", (environment, scheme) => {
    expect(appTarget(link("actionId=A-1"), environment)).toBe(`${scheme}safety/actions?actionId=A-1`);
  });
});

describe("the platform from the user agent", () => {
  it.each([
    [USER_AGENTS.android, "android"],
    [USER_AGENTS.iphone, "ios"],
    [USER_AGENTS.ipad, "ios"],
    [USER_AGENTS.windows, "desktop"],
    [USER_AGENTS.mac, "desktop"],
    [null, "desktop"],
  ] as const)("%s is %s", (userAgent, platform) => {
    expect(platformFromUserAgent(userAgent)).toBe(platform);
  });
});

describe("running a deep link", () => {
  const APP = "siteproof://safety/actions?actionId=A-1";
  const WEB = "/safety/actions?tab=all_actions&actionId=A-1";

  let visited: string[];
  let visible: boolean;
  /** How far the device clock has moved beyond the timers: a phone asleep or a tab in the background. */
  let clockAhead: number;

  beforeEach(() => {
    vi.useFakeTimers();
    visited = [];
    visible = true;
    clockAhead = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const start = (platform: DeepLinkRun["platform"]) =>
    runDeepLink({
      platform,
      appUrl: APP,
      webUrl: WEB,
      storeUrl: platform === "desktop" ? null : STORE_URLS[platform],
      navigate: (url) => visited.push(url),
      isVisible: () => visible,
      now: () => Date.now() + clockAhead,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
    });

  it("sends a desktop browser to the web page at once, and nowhere else", () => {
    start("desktop");
    expect(visited).toEqual([WEB]);
    vi.advanceTimersByTime(20_000);
    expect(visited).toEqual([WEB]);
  });

  it("tries the app first on a phone", () => {
    start("android");
    expect(visited).toEqual([APP]);
    vi.advanceTimersByTime(STORE_FALLBACK_MS - 1);
    expect(visited).toEqual([APP]);
  });

  it("opens the Play Store at 5000 ms when the page is still visible on Android, and stays there", () => {
    start("android");
    vi.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(visited).toEqual([APP, STORE_URLS.android]);
    vi.advanceTimersByTime(20_000);
    expect(visited).toEqual([APP, STORE_URLS.android]);
  });

  it("opens the App Store on iOS", () => {
    start("ios");
    vi.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(visited).toEqual([APP, STORE_URLS.ios]);
  });

  it("opens no store when the page was hidden (the app opened), and the web page follows at 5100 ms", () => {
    start("ios");
    visible = false;
    vi.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(visited).toEqual([APP]);
    vi.advanceTimersByTime(WEB_FALLBACK_MS - STORE_FALLBACK_MS - 1);
    expect(visited).toEqual([APP]);
    vi.advanceTimersByTime(1);
    expect(visited).toEqual([APP, WEB]);
  });

  it("skips the store when its timer fires more than 10000 ms after the start", () => {
    start("android");
    clockAhead = STORE_SKIP_AFTER_MS - STORE_FALLBACK_MS + 1;
    vi.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(visited).toEqual([APP]);
    vi.advanceTimersByTime(WEB_FALLBACK_MS - STORE_FALLBACK_MS);
    expect(visited).toEqual([APP, WEB]);
  });

  it("still opens the store when its timer fires exactly 10000 ms after the start", () => {
    start("android");
    clockAhead = STORE_SKIP_AFTER_MS - STORE_FALLBACK_MS;
    vi.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(visited).toEqual([APP, STORE_URLS.android]);
  });

  it("does nothing more once the page has gone", () => {
    const stop = start("android");
    stop();
    vi.advanceTimersByTime(20_000);
    expect(visited).toEqual([APP]);
  });
});
