import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseConnection } from "./config";
import { keepExtendedQueriesTogether } from "./embedded-queue";

/** Connections the server's own pools (ORM, jobs) share; together they must stay at or below it. */
export const EMBEDDED_MAX_CONNECTIONS = 8;
/**
 * Connections the socket server accepts beyond the server's pools, for clients from other processes
 * (the end-to-end fixtures, one per worker; psql): the socket server refuses any connection over its limit.
 */
export const EMBEDDED_SPARE_CONNECTIONS = 4;

/**
 * The file in DATA_DIR that holds the running embedded database's address while the server runs: PGlite
 * lets one process open its files, so other processes reach it only through the socket, whose folder is
 * made fresh at each start. `psql "$(cat .data/database-url)"` opens it.
 */
export const EMBEDDED_URL_FILE = "database-url";

export type EmbeddedDatabase = {
  connection: DatabaseConnection;
  pglite: PGlite;
  stop(): Promise<void>;
};

/**
 * Starts PostgreSQL (PGlite) inside this process and serves it on a unix socket, so the ordinary
 * PostgreSQL driver talks to it exactly as it talks to a real server: one driver, one code path.
 * Without a dataDir the database lives in memory (tests restore a migrated snapshot into it).
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  snapshot?: Blob;
  /** Where to write the database's address (postgres://…?host=<socket folder>) for other processes. */
  urlFile?: string;
  /** More than the default only where several processes take turns on one database (the test hosts). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const pglite = await openPglite({ dataDir: options.dataDir, snapshot: options.snapshot });
  // Unix socket paths are limited to ~107 characters, so the socket lives in a short temp folder.
  const socketDir = mkdtempSync(join(tmpdir(), "sp-pg-"));
  const server = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, ".s.PGSQL.5432"),
    maxConnections: EMBEDDED_MAX_CONNECTIONS + EMBEDDED_SPARE_CONNECTIONS,
  });
  keepExtendedQueriesTogether(server);
  await server.start();
  const connection = { host: socketDir, port: 5432, user: "postgres", dbName: "postgres" };
  if (options.urlFile) writeFileSync(options.urlFile, `${embeddedDatabaseUrl(connection)}\n`);
  return {
    connection,
    pglite,
    async stop() {
      if (options.urlFile) rmSync(options.urlFile, { force: true });
      await server.stop();
      await pglite.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * PGlite on a data folder (created when missing), with the extensions the migrations use; a snapshot (a
 * `dumpDataDir` tarball) is loaded into an empty folder. In this process only: see startEmbeddedDatabase.
 */
export async function openPglite(options: { dataDir?: string; snapshot?: Blob }): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  // PGlite does not create missing parent folders.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return PGlite.create({ dataDir: options.dataDir, loadDataDir: options.snapshot, extensions: { pg_trgm } });
}

/** The address of an embedded database for the stock driver and psql: the socket folder goes in ?host=. */
export function embeddedDatabaseUrl(connection: DatabaseConnection): string {
  return `postgres://${connection.user}@localhost:${connection.port}/${connection.dbName}?host=${encodeURIComponent(connection.host)}`;
}
