import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseConnection } from "./config";

/** Connections the socket server accepts; every client pool (ORM, jobs) must stay at or below it. */
export const EMBEDDED_MAX_CONNECTIONS = 8;

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
  /** More than the default only where several processes take turns on one database (the test hosts). */
  maxConnections?: number;
}): Promise<EmbeddedDatabase> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  // PGlite does not create missing parent folders.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.snapshot,
    extensions: { pg_trgm },
  });
  // Unix socket paths are limited to ~107 characters, so the socket lives in a short temp folder.
  const socketDir = mkdtempSync(join(tmpdir(), "sp-pg-"));
  const server = new PGLiteSocketServer({
    db: pglite,
    path: join(socketDir, ".s.PGSQL.5432"),
    maxConnections: options.maxConnections ?? EMBEDDED_MAX_CONNECTIONS,
  });
  await server.start();
  return {
    connection: { host: socketDir, port: 5432, user: "postgres", dbName: "postgres" },
    pglite,
    async stop() {
      await server.stop();
      await pglite.close();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
