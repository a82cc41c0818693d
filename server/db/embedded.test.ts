import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
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

/** A PostgreSQL protocol message: its type letter, its length, its body. */
function protocolMessage(type: string, ...parts: (string | number[])[]) {
  const body = Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(`${part}\0`) : Buffer.from(part))),
  );
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** A raw client on the socket: a connection to write protocol messages to, and what came back up to ReadyForQuery. */
async function rawClient(socketPath: string) {
  const socket = connect(socketPath);
  let received = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  socket.on("data", (chunk) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  const untilReady = async () => {
    // ReadyForQuery is 'Z', length 5, one status byte: the end of an answer.
    for (;;) {
      const end = received.indexOf(Buffer.from([0x5a, 0, 0, 0, 5]));
      if (end >= 0) {
        const answer = received.subarray(0, end + 6).toString("latin1");
        received = received.subarray(end + 6);
        return answer;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  const startup = Buffer.concat([
    Buffer.from([0, 3, 0, 0]),
    Buffer.from("user\0postgres\0database\0postgres\0\0"),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(startup.length + 4);
  socket.write(Buffer.concat([length, startup]));
  await untilReady();
  return { socket, untilReady };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("clients taking turns on the one embedded session", () => {
  it("keeps one client's Parse, Bind and Execute together when another client's query arrives between them", async () => {
    database = await startEmbeddedDatabase({});
    const socketPath = join(database.connection.host, ".s.PGSQL.5432");
    const first = await rawClient(socketPath);
    const second = await rawClient(socketPath);
    try {
      // The first client parses its unnamed statement and, before binding it, the second sends a plain query,
      // which on a shared session would drop that statement.
      first.socket.write(protocolMessage("P", "", "select 41 + 1 as answer", [0, 0]));
      await settle();
      second.socket.write(protocolMessage("Q", "select 2 as other"));
      await settle();
      first.socket.write(
        Buffer.concat([
          protocolMessage("B", "", "", [0, 0, 0, 0, 0, 0]),
          protocolMessage("E", "", [0, 0, 0, 0]),
          protocolMessage("S"),
        ]),
      );
      const firstAnswer = await first.untilReady();
      expect(firstAnswer).not.toContain("unnamed prepared statement does not exist");
      expect(firstAnswer).toContain("42");
      expect(await second.untilReady()).toContain("2");
    } finally {
      first.socket.end();
      second.socket.end();
    }
  });
});
