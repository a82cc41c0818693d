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

describe("clients taking turns on the one embedded session", () => {
  it("keeps each client's extended-protocol query (parse, bind, execute, sync) together", async () => {
    database = await startEmbeddedDatabase({});
    const { host, port, user, dbName } = database.connection;
    const clients = Array.from({ length: 4 }, () => new pg.Client({ host, port, user, database: dbName }));
    try {
      for (const client of clients) await client.connect();
      // Parameterized queries use the extended protocol: an unnamed statement per client, which the
      // single PGlite session would lose if another client's Parse came between this one's Parse and Bind.
      const rounds = await Promise.all(
        clients.map(async (client, index) => {
          const answers: number[] = [];
          for (let round = 0; round < 50; round += 1) {
            // Each client's own statement text: bound to another client's statement, the answer would differ.
            // Every other round is a plain query (the simple protocol), which drops the session's unnamed
            // statement: between another client's Parse and Bind it would make that Bind fail.
            const result =
              round % 2 === 0
                ? await client.query<{ value: number }>(`select $1::int * ${index + 2} + $2::int as value`, [
                    1000,
                    round,
                  ])
                : await client.query<{ value: number }>(`select ${1000 * (index + 2) + round} as value`);
            answers.push(result.rows[0].value);
          }
          return answers;
        }),
      );
      rounds.forEach((answers, index) => {
        expect(answers).toEqual(Array.from({ length: 50 }, (_, round) => 1000 * (index + 2) + round));
      });
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
