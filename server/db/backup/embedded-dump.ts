/** The embedded database's part of a backup: PGlite's own snapshot of its data folder. */
import { existsSync, openAsBlob } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openPglite } from "../embedded";
import { BackupError, type BackupHeader, type TableRows } from "./archive";
import { appliedMigrations, type RunSql, serverVersion, tableRows } from "./inventory";

const runOn =
  (pglite: PGlite): RunSql =>
  async (sql) =>
    (await pglite.query<Record<string, unknown>>(sql)).rows;

/**
 * Opens the data folder in this process (the server must be stopped: see running.ts), records what it
 * holds and takes the gzipped tarball of the folder, consistent since nothing else writes to it.
 */
export async function dumpEmbedded(
  pgDir: string,
): Promise<{ database: BackupHeader["database"]; snapshot: Blob }> {
  if (!existsSync(join(pgDir, "PG_VERSION")))
    throw new BackupError(`There is no embedded database in ${pgDir}: nothing to back up`);
  const pglite = await openPglite({ dataDir: pgDir });
  try {
    const run = runOn(pglite);
    const database = {
      kind: "embedded" as const,
      serverVersion: await serverVersion(run),
      migrations: await appliedMigrations(run),
      tables: await tableRows(run),
    };
    // Everything written reaches the data files, so the snapshot needs no WAL replay.
    await pglite.exec("checkpoint");
    return { database, snapshot: await pglite.dumpDataDir("gzip") };
  } finally {
    await pglite.close();
  }
}

/** Loads a snapshot into a new data folder and answers the rows of its tables (the restore's check). */
export async function loadEmbedded(pgDir: string, snapshotFile: string): Promise<TableRows[]> {
  const pglite = await openPglite({ dataDir: pgDir, snapshot: await openAsBlob(snapshotFile) });
  try {
    return await tableRows(runOn(pglite));
  } finally {
    await pglite.close();
  }
}
