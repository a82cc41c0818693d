/**
 * `npm run db:backup`: the database and the uploaded files in one archive (archive.ts). The embedded
 * database is read with the server stopped; a PostgreSQL server is dumped while it serves (pg_dump's
 * snapshot), and the files are copied after the dump, so every attachment row it holds has its file
 * (files are written before their rows, and never changed once written).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupHeader,
  DATABASE_ENTRY,
  FILES_PREFIX,
  HEADER_ENTRY,
  isSafeFilesEntry,
} from "./archive";
import { dumpEmbedded } from "./embedded-dump";
import { dumpPostgres } from "./postgres-dump";
import { refuseWhileEmbeddedServerRuns } from "./running";

/** Where the data lives: the same settings the server reads (DATA_DIR, DATABASE_URL, the storage folder). */
export type DataLocation = {
  /** DATA_DIR: the embedded database is its pg/ folder. */
  dataDir: string;
  /** The storage plugin's folder (DATA_DIR/files). */
  filesDir: string;
  /** A PostgreSQL server; unset: the embedded database. */
  databaseUrl?: string;
};

export type BackupReport = {
  file: string;
  bytes: number;
  header: BackupHeader;
  files: number;
  fileBytes: number;
  /** Files deleted between listing the folder and reading them (only while a server runs). */
  vanished: number;
  /** Files whose names the archive cannot hold safely: not SiteProof's, left out. */
  skipped: string[];
};

export async function createBackup(location: DataLocation & { file: string }): Promise<BackupReport> {
  const file = resolve(location.file);
  if (existsSync(file)) throw new BackupError(`${file} already exists; a backup never overwrites a file`);
  if (!location.databaseUrl) await refuseWhileEmbeddedServerRuns(location.dataDir, "back up");
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  if (existsSync(partial))
    throw new BackupError(
      `${partial} exists: another backup is being written there, or one failed (delete it)`,
    );
  const work = await mkdtemp(join(dirname(file), ".siteproof-backup-"));
  const writer = await ArchiveWriter.create(partial);
  try {
    const header = await addDatabase(writer, location, work);
    const stored = await addStoredFiles(writer, location.filesDir);
    await writer.finish();
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, header, ...stored };
  } catch (error) {
    await writer.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const headerOf = (database: BackupHeader["database"]): BackupHeader => ({
  format: BACKUP_FORMAT,
  version: BACKUP_VERSION,
  createdAt: new Date().toISOString(),
  database,
});

async function addDatabase(writer: ArchiveWriter, location: DataLocation, work: string) {
  if (location.databaseUrl) {
    const dumpFile = join(work, "postgresql.dump");
    const header = headerOf(await dumpPostgres(location.databaseUrl, dumpFile));
    await writer.addJson(HEADER_ENTRY, header);
    await writer.addFile(DATABASE_ENTRY.postgresql, dumpFile);
    return header;
  }
  const { database, snapshot } = await dumpEmbedded(join(location.dataDir, "pg"));
  const header = headerOf(database);
  await writer.addJson(HEADER_ENTRY, header);
  await writer.addStream(
    DATABASE_ENTRY.embedded,
    snapshot.size,
    Readable.fromWeb(snapshot.stream() as NodeReadableStream<Uint8Array>),
  );
  return header;
}

/** Every file of the storage folder but uploads still being written (`.partial`), in name order. */
async function addStoredFiles(writer: ArchiveWriter, filesDir: string) {
  const result = { files: 0, fileBytes: 0, vanished: 0, skipped: [] as string[] };
  if (!existsSync(filesDir)) return result;
  const found = await readdir(filesDir, { recursive: true, withFileTypes: true });
  const names = found
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
    .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  for (const name of names) {
    if (!isSafeFilesEntry(FILES_PREFIX + name)) {
      result.skipped.push(name);
      continue;
    }
    const size = await writer.addFile(FILES_PREFIX + name, join(filesDir, name));
    if (size === null) {
      result.vanished += 1;
      continue;
    }
    result.files += 1;
    result.fileBytes += size;
  }
  return result;
}
