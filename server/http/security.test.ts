import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { hasSessionCookie, keepPrivate } from "./private-cache";
import { trustProxies } from "./request-origin";
import { HSTS_MAX_AGE_SECONDS, nonceMiddleware, sameOriginMutations, securityHeaders } from "./security";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function headersOf(options: { development: boolean; https: boolean }) {
  const app = express();
  app.use(nonceMiddleware);
  app.use(securityHeaders(options));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}/`)).headers;
}

describe("security headers", () => {
  it("ask browsers to use https only when the product is served over https", async () => {
    const https = await headersOf({ development: false, https: true });
    expect(https.get("Strict-Transport-Security")).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    const plain = await headersOf({ development: false, https: false });
    expect(plain.get("Strict-Transport-Security")).toBeNull();
    expect(plain.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });
});

describe("private answers", () => {
  const request = (cookie?: string) =>
    new Request("http://localhost:3000/quality.data", { headers: cookie ? { Cookie: cookie } : {} });

  it("are the ones to a request with a session cookie", () => {
    expect(hasSessionCookie(request("__session=abc.def"))).toBe(true);
    expect(hasSessionCookie(request("__toast=x; __session=abc"))).toBe(true);
    expect(hasSessionCookie(request("__session="))).toBe(false);
    expect(hasSessionCookie(request("my__session=abc; __device=x"))).toBe(false);
    expect(hasSessionCookie(request())).toBe(false);
  });

  it("are kept out of every cache, whatever the page said", () => {
    const headers = new Headers({ "Cache-Control": "public, max-age=300" });
    keepPrivate(request("__session=abc"), headers);
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    const anonymous = new Headers({ "Cache-Control": "public, max-age=300" });
    keepPrivate(request(), anonymous);
    expect(anonymous.get("Cache-Control")).toBe("public, max-age=300");
  });
});

/** A form post to a real Express app with the same-origin check, as a browser on `origin` sends it. */
async function postStatus(trust: string | false, headers: Record<string, string>) {
  const app = express();
  trustProxies(app, trust === false ? false : [trust]);
  app.use(sameOriginMutations);
  app.post("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "a=1",
  });
  return { status: response.status, port };
}

describe("same-origin form posts", () => {
  it("believe a forwarded host only from a proxy TRUST_PROXY names", async () => {
    const spoofed = { origin: "http://evil.example", "x-forwarded-host": "evil.example" };
    // Nobody trusted: the forwarded host is anyone's word, and the post from another site is refused.
    expect((await postStatus(false, spoofed)).status).toBe(403);
    // The loopback proxy is trusted: its forwarded host is the site's name as the browser saw it.
    expect((await postStatus("loopback", spoofed)).status).toBe(200);
    // Trusting another address does not make this connection a proxy.
    expect((await postStatus("10.0.0.1", spoofed)).status).toBe(403);
  });

  it("let a page of the site itself post", async () => {
    const app = await postStatus(false, {});
    const sameSite = await fetch(`http://127.0.0.1:${app.port}/`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://127.0.0.1:${app.port}`,
      },
      body: "a=1",
    });
    expect(sameSite.status).toBe(200);
  });
});
