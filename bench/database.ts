import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { connectionFromUrl, type DatabaseConnection } from "~/server/db/config";
import { type Database, openDatabase } from "~/server/db/database";

/** The database the benchmark fills: never the one in DATABASE_URL itself, never the app's DATA_DIR. */
export const BENCH_DATABASE_NAME = "siteproof_bench";

export type BenchDatabase = {
  kind: "postgresql" | "embedded";
  /** Where the server keeps its files and session secret (and, embedded, the database in `pg/`). */
  dataDir: string;
  /** The server's DATABASE_URL; undefined for the embedded database. */
  url: string | undefined;
  /** Opens the database in this process (the embedded one must be closed again before the server starts). */
  open(): Promise<Database>;
  /** Removes what the run made that is worth nothing afterwards (the embedded database's folder). */
  cleanUp(): void;
};

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * On a PostgreSQL server (DATABASE_URL set): a `siteproof_bench` database beside the one named, dropped
 * and created again so every run starts from nothing (it is kept afterwards, for `explain analyze`).
 * Otherwise an embedded database in a fresh temp folder, as `npm start` would make one.
 */
export async function prepareBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "siteproof-bench-"));
  if (serverUrl) {
    const admin = new pg.Client(clientConfig(connectionFromUrl(serverUrl)));
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${BENCH_DATABASE_NAME} with (force)`);
      await admin.query(`create database ${BENCH_DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    const url = withDatabaseName(serverUrl, BENCH_DATABASE_NAME);
    return {
      kind: "postgresql",
      dataDir,
      url,
      open: () => openDatabase({ url }),
      cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // The server opens `${DATA_DIR}/pg`, so that is where the data goes.
  mkdirSync(join(dataDir, "pg"));
  return {
    kind: "embedded",
    dataDir,
    url: undefined,
    open: () => openDatabase({ dataDir: join(dataDir, "pg") }),
    cleanUp: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A plain `pg` client's settings for the same database the ORM talks to (a unix socket when embedded). */
export function clientConfig(connection: DatabaseConnection): pg.ClientConfig {
  return {
    host: connection.host,
    port: connection.port,
    user: connection.user,
    password: connection.password,
    database: connection.dbName,
  };
}

export async function connectClient(db: Database): Promise<pg.Client> {
  const client = new pg.Client(clientConfig(db.connection));
  await client.connect();
  return client;
}
