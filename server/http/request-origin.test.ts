import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { Env } from "~/server/env";
import { currentOrigin, requestOriginMiddleware, trustProxies } from "./request-origin";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The server's first steps (server/index.ts) in front of a page that says what it learnt of the client. */
async function serverWith(setting: Env["TRUST_PROXY"]) {
  const app = express();
  trustProxies(app, setting);
  app.use(requestOriginMiddleware);
  app.get("/", async (req, res) => {
    // Read after an await, as a loader reads it.
    await new Promise((resolve) => setTimeout(resolve, 1));
    res.json({ ip: req.ip, origin: currentOrigin() });
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return (headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}/`, { headers }).then((response) => response.json());
}

describe("the client's address", () => {
  it("is the connection's without TRUST_PROXY: X-Forwarded-For is not believed, even from this machine", async () => {
    const ask = await serverWith(false);
    for (const forwarded of ["203.0.113.1", "203.0.113.2", "198.51.100.7, 203.0.113.3"]) {
      const answer = await ask({ "X-Forwarded-For": forwarded, "User-Agent": "curl/8" });
      expect(answer.ip).toBe("127.0.0.1");
      expect(answer.origin).toEqual({ address: "127.0.0.1", userAgent: "curl/8" });
    }
  });

  it("comes from X-Forwarded-For when the proxy it came through is trusted", async () => {
    const ask = await serverWith(["loopback"]);
    expect((await ask({ "X-Forwarded-For": "203.0.113.1" })).origin.address).toBe("203.0.113.1");
    // A client's own X-Forwarded-For is kept by the proxy in front, which adds the address it saw last.
    expect((await ask({ "X-Forwarded-For": "10.9.9.9, 203.0.113.5" })).origin.address).toBe("203.0.113.5");
  });

  it("ignores X-Forwarded-For from a proxy that is not the trusted one", async () => {
    const ask = await serverWith(["10.0.0.0/8"]);
    expect((await ask({ "X-Forwarded-For": "203.0.113.1" })).origin.address).toBe("127.0.0.1");
  });

  it("is unknown outside a request", () => {
    expect(currentOrigin()).toBeNull();
  });
});
