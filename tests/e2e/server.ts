/**
 * The server the end-to-end tests run against. playwright.config.ts starts it with this environment; the
 * fixtures read the same values to reach its database and to sign session cookies it accepts.
 */

/** Any value of 32+ characters: the server and the fixtures only need to agree on it. */
const SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

export function e2eServer() {
  const port = Number(process.env.E2E_PORT ?? 3300);
  const baseURL = `http://localhost:${port}`;
  // playwright.config.ts picks it on its first load; the workers inherit it through the environment.
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: playwright.config.ts sets it for the run");
  const env: Record<string, string> = {
    PORT: String(port),
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SESSION_SECRET,
    APP_URL: baseURL,
    // Mail goes to the outbox, never to a real SMTP server; the tests read it at /dev/mailbox, which a
    // production start shows only when switched on (and then only to this machine).
    SMTP_URL: "",
    MAILBOX_PAGE: "true",
    // One process, on PostgreSQL too (the default there is one worker per core): the suite shares the machine
    // with its browsers. Several processes on one database: multiprocess.spec.ts.
    WEB_CONCURRENCY: "1",
  };
  // Unset: the server runs the embedded database in DATA_DIR.
  if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
  return { port, baseURL, dataDir, env };
}
