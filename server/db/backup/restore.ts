/**
 * `npm run db:restore FILE`: replaces the database and the uploaded files with a backup's. Nothing is touched
 * until the whole archive has been extracted into a staging folder beside the data and checked (checksums,
 * the database loaded or its dump read, the rows of every table), the person has confirmed, and no server
 * runs on the data. Then the embedded database and the files folder are swapped in by renaming; a server's
 * database is replaced in one transaction that checks every table's rows before it commits.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import {
  type ArchiveContents,
  BackupError,
  type BackupHeader,
  type DatabaseKind,
  readArchive,
} from "./archive";
import type { DataLocation } from "./backup";
import { loadEmbedded } from "./embedded-dump";
import { migrationName, rowDifferences } from "./inventory";
import { checkPostgresDump, postgresClient, restorePostgres } from "./postgres-dump";
import { refuseWhileEmbeddedServerRuns, refuseWhileOthersConnected } from "./running";

export type ArchiveSummary = {
  header: BackupHeader;
  rows: number;
  files: number;
  fileBytes: number;
};

export type RestoreOptions = DataLocation & {
  file: string;
  /** The migrations this SiteProof knows: a backup applied others comes from a newer version. */
  knownMigrations?: readonly string[];
  /** Shown what the checked archive holds; true replaces the data with it. */
  confirm(summary: ArchiveSummary): Promise<boolean>;
};

export async function restoreBackup(options: RestoreOptions): Promise<ArchiveSummary> {
  const kind: DatabaseKind = options.databaseUrl ? "postgresql" : "embedded";
  const file = resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`No file ${file}`);
  await refuseWhileServerRuns(options);
  const filesDir = resolve(options.filesDir);
  // Beside the files folder (DATA_DIR by default), so putting things in place is a rename on one disk.
  await mkdir(dirname(filesDir), { recursive: true });
  const staging = await mkdtemp(join(dirname(filesDir), ".siteproof-restore-"));
  let keepStaging = false;
  try {
    const contents = await readArchive(file, {
      onHeader: (header) => checkHeader(header, kind, options.knownMigrations),
      destination: (name) => join(staging, "archive", name),
    });
    const stagedDatabase = join(staging, "pg");
    if (kind === "embedded") {
      const differences = rowDifferences(
        contents.header.database.tables,
        await loadEmbedded(stagedDatabase, contents.database.path),
      );
      if (differences.length > 0)
        throw new BackupError(
          `The archive's database does not hold what it lists: ${differences.join("; ")}`,
        );
    } else {
      await checkPostgresDump(contents.database.path);
    }
    const summary = summaryOf(contents);
    if (!(await options.confirm(summary)))
      throw new BackupError("Nothing was changed: the restore was not confirmed.");
    // The answer may have taken a while.
    await refuseWhileServerRuns(options);

    const stagedFiles = join(staging, "archive", "files");
    await mkdir(stagedFiles, { recursive: true });
    const aside = join(staging, "replaced");
    if (kind === "embedded") {
      await swapIn(
        [
          { live: join(options.dataDir, "pg"), staged: stagedDatabase },
          { live: filesDir, staged: stagedFiles },
        ],
        aside,
      );
      return summary;
    }
    await restorePostgres(options.databaseUrl!, contents.database.path, contents.header.database.tables);
    try {
      await swapIn([{ live: filesDir, staged: stagedFiles }], aside);
    } catch (error) {
      keepStaging = true;
      throw new BackupError(
        `The database was restored, but the files could not be put in place (${(error as Error).message}). ` +
          `They are in ${stagedFiles}: move that folder to ${filesDir}.`,
      );
    }
    return summary;
  } finally {
    if (!keepStaging) await rm(staging, { recursive: true, force: true });
  }
}

async function refuseWhileServerRuns(location: DataLocation) {
  if (!location.databaseUrl) return refuseWhileEmbeddedServerRuns(location.dataDir, "restore");
  const client = postgresClient(location.databaseUrl);
  await client.connect();
  try {
    await refuseWhileOthersConnected(client, location.databaseUrl);
  } finally {
    await client.end();
  }
}

const KIND_NAMES = { embedded: "the embedded database", postgresql: "a PostgreSQL server" } as const;

function checkHeader(header: BackupHeader, kind: DatabaseKind, knownMigrations?: readonly string[]) {
  if (header.database.kind !== kind)
    throw new BackupError(
      `This backup holds ${KIND_NAMES[header.database.kind]}, and ${kind === "postgresql" ? "DATABASE_URL names" : "without DATABASE_URL this restores into"} ${KIND_NAMES[kind]}. ` +
        "A backup restores into the same kind of database it was taken from.",
    );
  if (!knownMigrations) return;
  const known = new Set(knownMigrations.map(migrationName));
  const unknown = header.database.migrations.filter((name) => !known.has(migrationName(name)));
  if (unknown.length > 0)
    throw new BackupError(
      `The backup comes from a newer SiteProof: its database has migrations this version does not know (${unknown.join(", ")}). Update SiteProof, then restore.`,
    );
}

function summaryOf(contents: ArchiveContents): ArchiveSummary {
  let fileBytes = 0;
  for (const entry of contents.files.values()) fileBytes += entry.size;
  return {
    header: contents.header,
    rows: contents.header.database.tables.reduce((sum, table) => sum + table.rows, 0),
    files: contents.files.size,
    fileBytes,
  };
}

/**
 * Renames each staged folder into place, the live one moved aside first; if any rename fails, what was
 * done is undone, so the data stays as it was.
 */
async function swapIn(pairs: { live: string; staged: string }[], aside: string) {
  const done: { live: string; staged: string; asideAs: string | null }[] = [];
  try {
    for (const [i, pair] of pairs.entries()) {
      let asideAs: string | null = null;
      if (existsSync(pair.live)) {
        await mkdir(aside, { recursive: true });
        asideAs = join(aside, String(i));
        await rename(pair.live, asideAs);
      }
      done.push({ ...pair, asideAs });
      await mkdir(dirname(pair.live), { recursive: true });
      await rename(pair.staged, pair.live);
    }
  } catch (error) {
    for (const step of done.reverse()) {
      // The staged folder went into place: it goes back, and the live one returns.
      if (!existsSync(step.staged) && existsSync(step.live))
        await rename(step.live, step.staged).catch(() => {});
      if (step.asideAs) await rename(step.asideAs, step.live).catch(() => {});
    }
    throw error;
  }
}
