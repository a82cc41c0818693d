import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { connectionFromUrl } from "./config";
import {
  EMBEDDED_MAX_CONNECTIONS,
  EMBEDDED_SPARE_CONNECTIONS,
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from "./embedded";

let database: EmbeddedDatabase | undefined;
let folder: string | undefined;
afterEach(async () => {
  await database?.stop();
  database = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
});

function clientFor(url: string) {
  const { host, port, user, dbName } = connectionFromUrl(url);
  return new pg.Client({ host, port, user, database: dbName });
}

describe("the embedded database seen from another process", () => {
  it("publishes its address while it runs, and takes clients beyond the server's own pools", async () => {
    folder = mkdtempSync(join(tmpdir(), "sp-url-"));
    const urlFile = join(folder, "database-url");
    database = await startEmbeddedDatabase({ urlFile });

    const url = readFileSync(urlFile, "utf8").trim();
    expect(url).toMatch(/^postgres:\/\/postgres@localhost:5432\/postgres\?host=/);
    // Every connection the server's pools may hold, and then the outside ones on top.
    const clients = Array.from({ length: EMBEDDED_MAX_CONNECTIONS + EMBEDDED_SPARE_CONNECTIONS }, () =>
      clientFor(url),
    );
    try {
      for (const client of clients) await client.connect();
      const { rows } = await clients.at(-1)!.query("select 41 + 1 as answer");
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }

    await database.stop();
    database = undefined;
    expect(existsSync(urlFile)).toBe(false);
  });
});
