/**
 * The HTTP server: security headers, compression, static files, request ids, then the Remix
 * application. `npm start` builds the application first when no build exists.
 *
 * WEB_CONCURRENCY=1 (the default with the embedded database and in development): one process does
 * everything. More: this process becomes the cluster's primary, which builds if needed and prepares the
 * database (migrations, demo seed) once, then forks the workers (server/cluster.ts); each worker serves
 * the same port and runs job workers of its own.
 */

import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { superviseWorkers } from "./cluster";
import { env, startupNotices } from "./env";
import { requestOriginMiddleware, trustProxies } from "./http/request-origin";
import { nonceMiddleware, sameOriginMutations, securityHeaders } from "./http/security";

type Runtime = typeof import("./runtime.server").runtime;
type Boot = Awaited<ReturnType<Runtime["boot"]>>;

// Variables already in the environment win over the .env file.
if (existsSync(".env")) process.loadEnvFile(".env");
const config = env();
const development = config.NODE_ENV === "development";
const workers = config.WEB_CONCURRENCY;
const buildEntry = new URL("../build/server/index.js", import.meta.url);

if (cluster.isPrimary && !development && !existsSync(buildEntry)) {
  console.log("No build found: building the application (about a minute)...");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const vite = development
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(buildEntry.href)) as ServerBuild;
}

const runtime = ((await loadBuild()).entry.module as unknown as { runtime: Runtime }).runtime;

if (workers > 1 && cluster.isPrimary) {
  // The database is prepared once, before any worker starts; the primary then only supervises.
  const boot = await runtime.boot({ seedWhenEmpty: true, steps: "prepare" });
  await runtime.shutdown();
  superviseWorkers({ count: workers, onServing: () => announce(boot) });
} else {
  await serve();
}

async function serve() {
  const boot = await runtime.boot({ seedWhenEmpty: true, steps: cluster.isWorker ? "serve" : "all" });

  const app = express();
  app.disable("x-powered-by");
  trustProxies(app, config.TRUST_PROXY);
  app.use(requestOriginMiddleware);
  app.use((req, res, next) => {
    const id = req.get("x-request-id") ?? randomUUID();
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    next();
  });
  app.use(nonceMiddleware);
  app.use(securityHeaders({ development, https: config.APP_URL.startsWith("https://") }));
  app.use(compression());
  app.use(sameOriginMutations);

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // The few files at the top of the client build (public/: favicon…), known at start: asking the disk
    // whether every page's path is a file would cost each request a stat.
    const publicFiles = new Set(
      readdirSync("build/client", { withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => `/${entry.name}`),
    );
    const servePublicFile = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublicFile(req, res, next) : next()));
  }

  app.all(
    "*",
    createRequestHandler({
      build: vite ? loadBuild : await loadBuild(),
      getLoadContext: (req, res) => ({
        nonce: res.locals.nonce as string,
        requestId: req.get("x-request-id") ?? "",
        clientAddress: req.ip ?? "",
      }),
    }),
  );

  // A worker's primary says when all of them serve.
  const server = app.listen(config.PORT, () => {
    if (cluster.isPrimary) announce(boot);
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    console.log(`${cluster.isWorker ? `Worker ${process.pid}: ` : ""}${signal}: closing connections...`);
    server.close();
    await runtime.shutdown();
    await vite?.close();
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function announce(boot: Boot) {
  console.log(`SiteProof is running on ${config.APP_URL}`);
  console.log(
    workers > 1
      ? `HTTP workers: ${workers} (WEB_CONCURRENCY)`
      : "HTTP workers: 1 (one process; WEB_CONCURRENCY)",
  );
  console.log(`Database: ${boot.embedded ? `embedded PostgreSQL in ${config.DATA_DIR}/pg` : "DATABASE_URL"}`);
  for (const notice of startupNotices(config)) console.log(notice);
  if (boot.seeded || development) {
    console.log("Demo sign-ins (password SiteProof#2026):");
    console.log("  admin@siteproof.test            super admin, both projects");
    console.log("  engineer@siteproof.test         Site Engineer, first project");
    console.log("  projectengineer@siteproof.test  Project Engineer, first project");
    console.log("  qa@siteproof.test               Quality Manager, first project");
    console.log("  client@siteproof.test           Client Representative, first project");
    console.log("  viewer@siteproof.test           view-only role, first project");
    console.log("  nomember@siteproof.test         member of no project");
  }
}
