import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "@playwright/test";
import { e2eServer } from "./tests/e2e/server";

/**
 * End-to-end tests: the system Chromium against the built production server (`npm run build` first;
 * the server builds the app itself when build/ is missing).
 *
 * Each run starts the server on a fresh embedded database in .cache/, which the server migrates and
 * seeds with the demo data on boot. With DATABASE_URL set, the server uses that PostgreSQL server instead.
 * Each test creates its own project, people and sessions (tests/e2e/fixtures.ts), so the tests run in
 * parallel and in any order.
 */

// Playwright loads this file in the runner and again in each worker: the first load picks the data
// directory and the workers inherit it through the environment.
const firstLoad = !process.env.E2E_DATA_DIR;
if (firstLoad) {
  process.env.E2E_DATA_DIR = `.cache/e2e-data-${Date.now()}-${process.pid}`;
}
const server = e2eServer();
if (firstLoad && !process.env.E2E_KEEP_DATA) {
  // The server is stopped before the runner exits; its database goes with the run.
  process.on("exit", () => rmSync(resolve(server.dataDir), { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".cache/e2e-results",
  // Each test makes its own records (tests/e2e/fixtures.ts), so tests run in any order and side by side.
  fullyParallel: true,
  // Two: the server (one Node process; the embedded PGlite answers one query at a time) is the
  // bottleneck on a small machine, and each worker holds one of the embedded database's few spare
  // connections (server/db/embedded.ts).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: server.baseURL,
    locale: "en-GB",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "npx tsx server/index.ts",
    url: `${server.baseURL}/healthz`,
    env: server.env,
    reuseExistingServer: false,
    timeout: 180_000,
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
