import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests: the system Chromium against the built production server (`npm run build` first;
 * the server builds the app itself when build/ is missing).
 *
 * Each run starts the server on a fresh embedded database in .cache/, which the server migrates and
 * seeds with the demo data on boot. With DATABASE_URL set, the server uses that PostgreSQL server instead.
 */
const port = Number(process.env.E2E_PORT ?? 3300);
const baseURL = `http://localhost:${port}`;

// Playwright loads this file in the runner and again in each worker: the first load picks the data
// directory and the workers inherit it through the environment.
const firstLoad = !process.env.E2E_DATA_DIR;
if (firstLoad) {
  process.env.E2E_DATA_DIR = `.cache/e2e-data-${Date.now()}-${process.pid}`;
}
const dataDir = process.env.E2E_DATA_DIR!;
if (firstLoad && !process.env.E2E_KEEP_DATA) {
  // The server is stopped before the runner exits; its database goes with the run.
  process.on("exit", () => rmSync(resolve(dataDir), { recursive: true, force: true }));
}

const serverEnv: Record<string, string> = {
  PORT: String(port),
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SESSION_SECRET: "e2e-session-secret-0123456789-abcdefghijklmnop",
  APP_URL: baseURL,
  // Mail goes to the outbox (read at /dev/mailbox), never to a real SMTP server.
  SMTP_URL: "",
};
if (process.env.DATABASE_URL) serverEnv.DATABASE_URL = process.env.DATABASE_URL;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".cache/e2e-results",
  // The tests share one server and one database: run the files one after another, in name order.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
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
    url: `${baseURL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 180_000,
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
