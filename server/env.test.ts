import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env";

const names = ["DATABASE_URL", "NODE_ENV", "WEB_CONCURRENCY", "DATA_DIR", "SESSION_SECRET"] as const;
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
