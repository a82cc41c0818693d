/**
 * The backup archive: one ordinary tar file (`tar tvf` lists it) holding, in this order,
 *
 *   backup.json                 what the backup holds: format, version, time, the database kind, its
 *                               server version, the applied migrations and the rows of every table
 *   database/pgdata.tar.gz      the embedded database's data folder (PGlite's dumpDataDir), or
 *   database/postgresql.dump    a PostgreSQL server's database in pg_dump's custom format (-Fc)
 *   files/<storage key>         every uploaded file (DATA_DIR/files), byte for byte
 *   checksums.json              size and SHA-256 of every entry above but backup.json: last, so a
 *                               backup cut short is known by its missing checksums
 *
 * Reading checks everything (names, order, sizes, checksums, the header) while it extracts into a
 * staging folder, so a damaged or foreign archive is refused before anything is replaced.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { type Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { z } from "zod";

/** A problem the person running the command can act on; the command prints its message alone. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export const BACKUP_FORMAT = "siteproof-backup";
export const BACKUP_VERSION = 1;
export const HEADER_ENTRY = "backup.json";
export const CHECKSUMS_ENTRY = "checksums.json";
export const FILES_PREFIX = "files/";
export const DATABASE_ENTRY = {
  embedded: "database/pgdata.tar.gz",
  postgresql: "database/postgresql.dump",
} as const;
export type DatabaseKind = keyof typeof DATABASE_ENTRY;

/** tar-stream writes an entry's size as 11 octal digits (ustar): each entry stays below 8 GiB. */
export const MAX_ENTRY_BYTES = 8 * 1024 ** 3 - 1;
/** backup.json and checksums.json are read into memory; 64 MB is a checksum list of ~500,000 files. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

const tableSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  rows: z.number().int().min(0),
  /** An unlogged table: its rows are not kept by the embedded database's snapshot (a crash would lose them too). */
  unlogged: z.literal(true).optional(),
});
export type TableRows = z.infer<typeof tableSchema>;

const headerSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(["embedded", "postgresql"]),
    serverVersion: z.string(),
    migrations: z.array(z.string()),
    tables: z.array(tableSchema),
  }),
});
export type BackupHeader = z.infer<typeof headerSchema>;

const checksumsSchema = z.object({
  entries: z.record(
    z.string(),
    z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
type Checksum = { size: number; sha256: string };

/** A folder or file name in files/: no leading dot (so no "." or ".."), no separators, nothing odd. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,254}$/;

/** Whether `files/…` names a file below files/ that cannot leave it when extracted. */
export function isSafeFilesEntry(name: string): boolean {
  if (!name.startsWith(FILES_PREFIX)) return false;
  const segments = name.slice(FILES_PREFIX.length).split("/");
  return segments.length > 0 && segments.every((segment) => SAFE_SEGMENT.test(segment));
}

/** Counts and hashes the bytes that pass through. */
function checksumTap() {
  const hash = createHash("sha256");
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { tap, result: (): Checksum => ({ size, sha256: hash.digest("hex") }) };
}

const checksumOf = (body: Buffer): Checksum => ({
  size: body.length,
  sha256: createHash("sha256").update(body).digest("hex"),
});

/** Writes an archive entry by entry; `finish` adds checksums.json and closes the file. */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  /** Rejects when writing the file fails, so no entry waits for a pack that was torn down. */
  private readonly failed: Promise<never>;
  private readonly checksums: Record<string, Checksum> = {};

  private constructor(file: FileHandle) {
    this.written = pipeline(this.pack, file.createWriteStream());
    this.failed = this.written.then(() => new Promise<never>(() => {}));
    // Observed through `failed`, finish() and abort(); an early failure must not go unhandled meanwhile.
    this.written.catch(() => {});
    this.failed.catch(() => {});
  }

  /**
   * A new archive file, readable by its owner only (it holds password hashes and sessions); an existing file
   * is never overwritten.
   */
  static async create(path: string): Promise<ArchiveWriter> {
    return new ArchiveWriter(await open(path, "wx", 0o600));
  }

  private settle<T>(step: Promise<T>): Promise<T> {
    return Promise.race([step, this.failed]);
  }

  private addBuffer(name: string, body: Buffer): Promise<void> {
    return this.settle(
      new Promise((resolve, reject) => {
        this.pack.entry({ name, mode: 0o644, mtime: new Date() }, body, (error) =>
          error ? reject(error) : resolve(),
        );
      }),
    );
  }

  async addJson(name: string, value: unknown): Promise<void> {
    const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
    await this.addBuffer(name, body);
    if (name !== HEADER_ENTRY) this.checksums[name] = checksumOf(body);
  }

  /** An entry of exactly `size` bytes from a stream. */
  async addStream(name: string, size: number, source: Readable): Promise<void> {
    if (size > MAX_ENTRY_BYTES)
      throw new BackupError(
        `${name} is ${size} bytes; an entry of the backup archive must stay below 8 GiB (use pg_dump directly for a database this large)`,
      );
    const { tap, result } = checksumTap();
    let sink!: Writable;
    // The executor runs at once, so the entry's stream is there when the pipeline starts.
    const entryEnded = new Promise<void>((resolve, reject) => {
      sink = this.pack.entry({ name, size, mode: 0o644, mtime: new Date() }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
    entryEnded.catch(() => {});
    await this.settle(pipeline(source, tap, sink));
    await this.settle(entryEnded);
    this.checksums[name] = result();
  }

  /** A file from disk; its size, or null when it is gone (deleted since the folder was listed). */
  async addFile(name: string, path: string): Promise<number | null> {
    const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      await this.addStream(name, size, handle.createReadStream({ autoClose: false }));
      return size;
    } finally {
      await handle.close();
    }
  }

  async finish(): Promise<void> {
    await this.addBuffer(CHECKSUMS_ENTRY, Buffer.from(`${JSON.stringify({ entries: this.checksums })}\n`));
    this.pack.finalize();
    await this.written;
  }

  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
  }
}

async function readJson(stream: Readable, name: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_BYTES) throw new BackupError(`${name} in the archive is too large`);
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    // A JSON entry that does not parse was cut short or altered: the archive is damaged, whatever the cause.
    throw new BackupError(`${name} in the archive is damaged (it is not valid JSON)`);
  }
}

function parseHeader(value: unknown): BackupHeader {
  const loose = value as { format?: unknown; version?: unknown } | null;
  if (loose?.format !== BACKUP_FORMAT) throw new BackupError("This is not a SiteProof backup archive");
  if (typeof loose.version === "number" && loose.version > BACKUP_VERSION)
    throw new BackupError(
      `The backup has format version ${loose.version}; this SiteProof reads version ${BACKUP_VERSION}. Update SiteProof first.`,
    );
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success) throw new BackupError(`${HEADER_ENTRY} in the archive is not valid`);
  return parsed.data;
}

export type ArchiveEntry = Checksum & { path: string };
export type ArchiveContents = {
  header: BackupHeader;
  /** The database entry, extracted. */
  database: ArchiveEntry;
  /** Every file under files/, by its path below files/. */
  files: Map<string, ArchiveEntry>;
};

/**
 * Extracts an archive, checking it as it goes: the header first (`onHeader` may refuse it before the rest is
 * read), then only the database entry of its kind and safe names under files/, each once, and at the end
 * every size and checksum. `destination` says where each entry's bytes go (a staging folder).
 */
export async function readArchive(
  file: string,
  options: {
    onHeader(header: BackupHeader): void | Promise<void>;
    destination(name: string): string;
  },
): Promise<ArchiveContents> {
  const extract = tar.extract();
  let header: BackupHeader | null = null;
  let checksums: Record<string, Checksum> | null = null;
  const entries = new Map<string, ArchiveEntry>();
  let failure: Error | null = null;

  async function readEntry(name: string, type: string, stream: Readable) {
    if (checksums) throw new BackupError(`The archive goes on after ${CHECKSUMS_ENTRY}`);
    if (type !== "file") throw new BackupError(`The archive holds a ${type} (${name}), not a file`);
    if (!header) {
      if (name !== HEADER_ENTRY) throw new BackupError("This is not a SiteProof backup archive");
      header = parseHeader(await readJson(stream, name));
      await options.onHeader(header);
      return;
    }
    if (name === CHECKSUMS_ENTRY) {
      const parsed = checksumsSchema.safeParse(await readJson(stream, name));
      if (!parsed.success) throw new BackupError(`${CHECKSUMS_ENTRY} in the archive is not valid`);
      checksums = parsed.data.entries;
      return;
    }
    if (name !== DATABASE_ENTRY[header.database.kind] && !isSafeFilesEntry(name))
      throw new BackupError(`The archive holds an unexpected entry: ${JSON.stringify(name)}`);
    if (entries.has(name)) throw new BackupError(`The archive holds ${name} twice`);
    const path = options.destination(name);
    await mkdir(dirname(path), { recursive: true });
    const { tap, result } = checksumTap();
    await pipeline(stream, tap, createWriteStream(path, { flags: "wx" }));
    entries.set(name, { ...result(), path });
  }

  extract.on("entry", (entry, stream, next) => {
    readEntry(entry.name, entry.type, stream).then(next, (error: Error) => {
      failure ??= error;
      stream.resume();
      extract.destroy(error);
    });
  });
  try {
    await pipeline(createReadStream(file), extract);
  } catch (error) {
    const cause = failure ?? (error as Error);
    if (cause instanceof BackupError) throw cause;
    if ((cause as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`No file ${file}`);
    throw new BackupError(`The archive ${file} is damaged or not a backup (${cause.message})`);
  }
  if (failure) throw failure;
  return checkedContents(file, header, checksums, entries);
}

function checkedContents(
  file: string,
  header: BackupHeader | null,
  checksums: Record<string, Checksum> | null,
  entries: Map<string, ArchiveEntry>,
): ArchiveContents {
  if (!header) throw new BackupError(`${file} is empty or not a SiteProof backup archive`);
  if (!checksums)
    throw new BackupError(
      `The archive ${file} is incomplete (no ${CHECKSUMS_ENTRY} at its end): it was cut short`,
    );
  for (const [name, entry] of entries) {
    const expected = checksums[name];
    if (!expected) throw new BackupError(`${name} in the archive is not in its checksums`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256)
      throw new BackupError(`${name} in the archive is damaged (its checksum does not match)`);
  }
  for (const name of Object.keys(checksums))
    if (!entries.has(name)) throw new BackupError(`${name} is missing from the archive`);
  const databaseName = DATABASE_ENTRY[header.database.kind];
  const database = entries.get(databaseName);
  if (!database) throw new BackupError(`The archive holds no database (${databaseName})`);
  const files = new Map<string, ArchiveEntry>();
  for (const [name, entry] of entries)
    if (name !== databaseName) files.set(name.slice(FILES_PREFIX.length), entry);
  return { header, database, files };
}
