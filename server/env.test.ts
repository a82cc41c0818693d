import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache, startupNotices } from "./env";

const names = [
  "DATABASE_URL",
  "NODE_ENV",
  "WEB_CONCURRENCY",
  "DATA_DIR",
  "SESSION_SECRET",
  "APP_URL",
  "TRUST_PROXY",
  "SMTP_URL",
  "MAILBOX_PAGE",
] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
const folders: string[] = [];

/** process.env as plain strings (its NODE_ENV is typed as the three values). */
const variables = process.env as Record<string, string | undefined>;

afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete variables[name];
    else variables[name] = saved[name];
  }
  resetEnvCache();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function withEnv(values: Partial<Record<(typeof names)[number], string | undefined>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete variables[name];
    else variables[name] = value;
  }
  resetEnvCache();
}

const server = "postgres://postgres@127.0.0.1:5432/siteproof";

describe("WEB_CONCURRENCY", () => {
  it("defaults to one worker per core on a PostgreSQL server in production", () => {
    withEnv({ DATABASE_URL: server, NODE_ENV: "production", WEB_CONCURRENCY: undefined });
    expect(env().WEB_CONCURRENCY).toBe(availableParallelism());
  });

  it("defaults to one with the embedded database and in development", () => {
    withEnv({ DATABASE_URL: undefined, NODE_ENV: "production", WEB_CONCURRENCY: undefined });
    expect(env().WEB_CONCURRENCY).toBe(1);
    withEnv({ DATABASE_URL: server, NODE_ENV: "development", WEB_CONCURRENCY: "" });
    expect(env().WEB_CONCURRENCY).toBe(1);
  });

  it("takes a whole number of 1 or more", () => {
    withEnv({ DATABASE_URL: server, NODE_ENV: "production", WEB_CONCURRENCY: " 3 " });
    expect(env().WEB_CONCURRENCY).toBe(3);
    for (const value of ["0", "-2", "2.5", "many"]) {
      withEnv({ WEB_CONCURRENCY: value });
      expect(() => env()).toThrow("WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number of 1 or more");
    }
  });

  it("refuses several workers on the embedded database, which lives in one process", () => {
    withEnv({ DATABASE_URL: undefined, NODE_ENV: "production", WEB_CONCURRENCY: "2" });
    expect(() => env()).toThrow(
      "WEB_CONCURRENCY: must be 1 with the embedded database, which lives in one process; set DATABASE_URL",
    );
    withEnv({ WEB_CONCURRENCY: "1" });
    expect(env().WEB_CONCURRENCY).toBe(1);
  });

  it("refuses several workers in development (Vite's dev server)", () => {
    withEnv({ DATABASE_URL: server, NODE_ENV: "development", WEB_CONCURRENCY: "2" });
    expect(() => env()).toThrow("WEB_CONCURRENCY: must be 1 in development");
  });
});

describe("the generated session secret", () => {
  it("is made once per DATA_DIR and read back by every process after", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "siteproof-env-"));
    folders.push(dataDir);
    withEnv({ DATA_DIR: dataDir, SESSION_SECRET: undefined });
    const first = env().SESSION_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    withEnv({});
    expect(env().SESSION_SECRET).toBe(first);
    expect(readFileSync(join(dataDir, "session-secret"), "utf8")).toBe(first);
    // Only the secret is left: the candidate written beside it is gone.
    expect(readdirSync(dataDir)).toEqual(["session-secret"]);
  });
});

describe("TRUST_PROXY", () => {
  it("trusts no proxy by default", () => {
    for (const value of [undefined, "", "false", "0"]) {
      withEnv({ TRUST_PROXY: value });
      expect(env().TRUST_PROXY).toBe(false);
    }
  });

  it("takes the proxies' addresses and ranges, or their number", () => {
    withEnv({ TRUST_PROXY: "loopback" });
    expect(env().TRUST_PROXY).toEqual(["loopback"]);
    withEnv({ TRUST_PROXY: " 10.0.0.5, 10.1.0.0/16 ,fd00::/8,uniquelocal" });
    expect(env().TRUST_PROXY).toEqual(["10.0.0.5", "10.1.0.0/16", "fd00::/8", "uniquelocal"]);
    withEnv({ TRUST_PROXY: "2" });
    expect(env().TRUST_PROXY).toBe(2);
  });

  it("refuses to trust every sender, and what is no address", () => {
    withEnv({ TRUST_PROXY: "true" });
    expect(() => env()).toThrow("TRUST_PROXY: trusting every sender would let any client choose its address");
    withEnv({ TRUST_PROXY: "loopback, proxy.example, 10.0.0.0/33" });
    expect(() => env()).toThrow(
      "TRUST_PROXY: not an address, a range or loopback/linklocal/uniquelocal: proxy.example, 10.0.0.0/33",
    );
  });
});

describe("what a production start says it assumes", () => {
  it("names the APP_URL it assumes, the mailbox page and the proxies", () => {
    withEnv({ NODE_ENV: "production", APP_URL: undefined, TRUST_PROXY: undefined, MAILBOX_PAGE: undefined });
    const notices = startupNotices();
    expect(notices[0]).toMatch(/^APP_URL is not set: assuming http:\/\/localhost:\d+\./);
    expect(notices).toContain(
      "TRUST_PROXY is not set: a client's address is the connection's (behind a proxy, set TRUST_PROXY to its address).",
    );
    withEnv({
      APP_URL: "https://siteproof.example.com",
      TRUST_PROXY: "loopback",
      SMTP_URL: "",
      MAILBOX_PAGE: "true",
    });
    expect(startupNotices()).toEqual([
      "MAILBOX_PAGE is on: /dev/mailbox shows the mail, sign-in links included, to browsers on this machine.",
      "TRUST_PROXY: client addresses come from X-Forwarded-For sent by loopback.",
    ]);
  });

  it("says nothing in development", () => {
    withEnv({ NODE_ENV: "development", APP_URL: undefined });
    expect(startupNotices()).toEqual([]);
  });
});
