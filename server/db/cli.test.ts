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
