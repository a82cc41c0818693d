import { afterEach, describe, expect, it } from "vitest";
import * as deeplink from "~/app/routes/deeplink";
import { resetEnvCache } from "~/server/env";
import { callLoader } from "~/tests/setup/requests";
import { STORE_URLS } from "./deeplink";
import { USER_AGENTS } from "./user-agents.fixture";

const open = (query: string, userAgent: string) =>
  callLoader(deeplink, `/deeplink?${query}`, { headers: { "User-Agent": userAgent } });

describe("/deeplink", () => {
  const appEnvBefore = process.env.APP_ENV;
  afterEach(() => {
    if (appEnvBefore === undefined) delete process.env.APP_ENV;
    else process.env.APP_ENV = appEnvBefore;
    resetEnvCache();
  });

  it("redirects a desktop browser straight to All Actions on the action", async () => {
    const result = await open("actionId=A-17&path=/safety/actions&projectId=p1", USER_AGENTS.windows);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/safety/actions?tab=all_actions&actionId=A-17");
  });

  it("redirects a desktop browser to the lot", async () => {
    const result = await open("lotId=lot-9&path=/quality/lot", USER_AGENTS.mac);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/quality/lot/lot-9");
  });

  it("redirects a desktop browser to the path with the forwarded parameters", async () => {
    const result = await open("path=/auth/set-password&token=t0k&isReset=true", USER_AGENTS.windows);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth/set-password?token=t0k&isReset=true");
  });

  it.each(["//evil.example", "/..//evil.example", "/\t/evil.example", "/%2F/evil.example", "/\u0100"])(
    "never redirects off the site (%j)",
    async (path) => {
      const result = await open(`path=${encodeURIComponent(path)}&token=t0k`, USER_AGENTS.windows);
      expect(result.status).toBe(302);
      expect(result.location).toBe("/?token=t0k");
    },
  );

  it("gives a phone the page that tries the app, with the store and the web page to fall back to", async () => {
    process.env.APP_ENV = "production";
    resetEnvCache();
    const result = await open("actionId=A-17&path=/safety/actions&projectId=p1", USER_AGENTS.android);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      platform: "android",
      appUrl: "siteproof://safety/actions?actionId=A-17&projectId=p1",
      webUrl: "/safety/actions?tab=all_actions&actionId=A-17",
      storeUrl: STORE_URLS.android,
    });
  });

  it("opens the Australian app from the Australian production host", async () => {
    process.env.APP_ENV = "au-production";
    resetEnvCache();
    const result = await open("lotId=lot-9&path=/quality/lot", USER_AGENTS.iphone);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      platform: "ios",
      appUrl: "siteproof-au://safety/lots?lotId=lot-9",
      webUrl: "/quality/lot/lot-9",
      storeUrl: STORE_URLS.ios,
    });
  });
});
