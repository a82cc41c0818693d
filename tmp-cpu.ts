// quick: CPU per request of URLs against the bench build and the kept bench database
import { createCookie } from "@remix-run/node";
import { buildApplication, startAppServer } from "./bench/app-server";
import { measureServerCpu } from "./bench/cpu";
import { loadTest } from "./bench/http";
const [sessionId, ...paths] = process.argv.slice(2);
const secret = "benchsecretbenchsecretbenchsecretbenchsecret";
const cookie = (await createCookie("__session", { secrets: [secret] }).serialize(sessionId)).split(";")[0];
if (!process.env.REUSE) buildApplication({ reuse: false, log: console.log });
const server = await startAppServer({ databaseUrl: "postgres://postgres@127.0.0.1:5432/siteproof_bench", dataDir: "/tmp/prof/data", sessionSecret: secret, bootTimeoutMs: 120000, workers: 1, profileDir: process.env.PROFILE });
try {
  for (const path of paths) {
    const url = server.origin + path;
    const r = await fetch(url, { headers: { cookie, "accept-encoding": process.env.GZIP ? "gzip" : "identity" } });
    const body = await r.arrayBuffer();
    await loadTest(url, cookie, { connections: 10, seconds: 2 });
    const { result, cpuMs } = await measureServerCpu(server.pid, () => loadTest(url, cookie, { connections: 10, seconds: 5 }));
    console.log(`${path}  status ${r.status} bytes ${body.byteLength}  ${result.requestsPerSecond.toFixed(0)} req/s  CPU ${(cpuMs / result.requests).toFixed(2)} ms/req`);
  }
} finally { await server.stop(); }
process.exit(0);
