import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

/**
 * The database commands run under plain Node (tsx), without Vite: every module's server entry must load
 * there, so a module's entities and migrations never depend on code only the app bundle can load.
 */
describe("database commands outside the app bundle", () => {
  it("migrates a new embedded database with every module's migrations", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "siteproof-cli-"));
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "server/db/cli.ts", "migrate"], {
        env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "development" },
        timeout: 60_000,
      });
      expect(stdout).toContain("Migrations applied.");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the restore command", () => {
  it("refuses without a terminal to ask in unless --yes is given, before reading anything", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "siteproof-cli-"));
    try {
      const failure = await run(
        process.execPath,
        ["--import", "tsx", "server/db/cli.ts", "restore", "x.tar"],
        {
          env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, NODE_ENV: "development" },
          timeout: 60_000,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(failure).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Run it in a terminal to confirm, or add --yes"),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
