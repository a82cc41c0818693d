import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import tar from "tar-stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  BackupError,
  type BackupHeader,
  CHECKSUMS_ENTRY,
  DATABASE_ENTRY,
  HEADER_ENTRY,
  isSafeFilesEntry,
  readArchive,
} from "./archive";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "siteproof-archive-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const header: BackupHeader = {
  format: BACKUP_FORMAT,
  version: 1,
  createdAt: "2026-05-04T06:30:00.000Z",
  database: {
    kind: "embedded",
    serverVersion: "17.5",
    migrations: ["Migration20260101000000"],
    tables: [{ schema: "public", name: "lot", rows: 42 }],
  },
};

async function writeBackup(path: string, files: Record<string, string>) {
  const writer = await ArchiveWriter.create(path);
  await writer.addJson(HEADER_ENTRY, header);
  const database = Buffer.from("pretend data folder");
  await writer.addStream(DATABASE_ENTRY.embedded, database.length, Readable.from([database]));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(folder, "source"), text);
    await writer.addFile(`files/${name}`, join(folder, "source"));
  }
  await writer.finish();
}

/** An archive made by hand, entry by entry, as a damaged or forged one would be. */
async function writeRaw(path: string, entries: { name: string; body: string; type?: string }[]) {
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(path));
  for (const entry of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, type: entry.type ?? "file" }, entry.body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  pack.finalize();
  await written;
}

const read = (path: string, onHeader: (header: BackupHeader) => void = () => {}) => {
  const destinations: string[] = [];
  // A fresh staging folder each time, as a restore makes.
  rmSync(join(folder, "out"), { recursive: true, force: true });
  const result = readArchive(path, {
    onHeader,
    destination: (name) => {
      destinations.push(name);
      return join(folder, "out", name);
    },
  });
  return { result, destinations };
};

describe("the backup archive", () => {
  it("reads back what was written, each entry checked", async () => {
    const path = join(folder, "backup.tar");
    await writeBackup(path, { "3f/first": "ITR scan", "a0/second": "photo of the pour" });
    const contents = await read(path).result;
    expect(contents.header).toEqual(header);
    expect(readFileSync(contents.database.path, "utf8")).toBe("pretend data folder");
    expect([...contents.files.keys()]).toEqual(["3f/first", "a0/second"]);
    expect(readFileSync(contents.files.get("a0/second")!.path, "utf8")).toBe("photo of the pour");
  });

  it("never overwrites a file", async () => {
    const path = join(folder, "backup.tar");
    writeFileSync(path, "an earlier backup");
    await expect(ArchiveWriter.create(path)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(path, "utf8")).toBe("an earlier backup");
  });

  it("stops at a header it refuses, before reading anything else", async () => {
    const path = join(folder, "backup.tar");
    await writeBackup(path, { "3f/first": "ITR scan" });
    const { result, destinations } = read(path, () => {
      throw new BackupError("wrong kind");
    });
    await expect(result).rejects.toThrow("wrong kind");
    expect(destinations).toEqual([]);
  });

  it("refuses a file that is not a backup archive", async () => {
    const path = join(folder, "notes.tar");
    writeFileSync(path, "site diary notes, not an archive ".repeat(40));
    await expect(read(path).result).rejects.toThrow(/damaged or not a backup/);
    await writeRaw(path, [{ name: "notes.txt", body: "hello" }]);
    await expect(read(path).result).rejects.toThrow("This is not a SiteProof backup archive");
    await expect(read(join(folder, "missing.tar")).result).rejects.toThrow(/^No file/);
  });

  it("refuses a backup from a newer format", async () => {
    const path = join(folder, "backup.tar");
    await writeRaw(path, [{ name: HEADER_ENTRY, body: JSON.stringify({ ...header, version: 2 }) }]);
    await expect(read(path).result).rejects.toThrow(/format version 2; .*Update SiteProof first/);
  });

  it("refuses names that would leave the staging folder, links and other strangers", async () => {
    const head = { name: HEADER_ENTRY, body: JSON.stringify(header) };
    for (const stranger of [
      { name: "files/../../.bashrc", body: "x" },
      { name: "/etc/cron.d/x", body: "x" },
      { name: "database/other.dump", body: "x" },
      { name: "files/.hidden", body: "x" },
      { name: "files/3f/link", body: "", type: "symlink" },
    ]) {
      const path = join(folder, "forged.tar");
      rmSync(path, { force: true });
      await writeRaw(path, [head, stranger]);
      const { result, destinations } = read(path);
      await expect(result).rejects.toBeInstanceOf(BackupError);
      expect(destinations).toEqual([]);
    }
    expect(existsSync(join(folder, "..", ".bashrc"))).toBe(false);
  });

  it("refuses an archive cut short, or one whose checksums do not match", async () => {
    const head = { name: HEADER_ENTRY, body: JSON.stringify(header) };
    const database = { name: DATABASE_ENTRY.embedded, body: "data" };
    const path = join(folder, "backup.tar");
    await writeRaw(path, [head, database]);
    await expect(read(path).result).rejects.toThrow(/incomplete \(no checksums.json at its end\)/);

    rmSync(path);
    const wrong = { entries: { [DATABASE_ENTRY.embedded]: { size: 4, sha256: "0".repeat(64) } } };
    await writeRaw(path, [head, database, { name: CHECKSUMS_ENTRY, body: JSON.stringify(wrong) }]);
    await expect(read(path).result).rejects.toThrow(/database\/pgdata.tar.gz in the archive is damaged/);

    rmSync(path);
    await writeRaw(path, [
      head,
      database,
      { name: CHECKSUMS_ENTRY, body: JSON.stringify({ entries: {} }) },
      { name: "files/3f/late", body: "x" },
    ]);
    await expect(read(path).result).rejects.toThrow("The archive goes on after checksums.json");
  });

  it("takes only plain names below files/", () => {
    expect(isSafeFilesEntry("files/3f/3f2a6c1e-0d7b-4bde-9d4c-2a1f7c9e8b10")).toBe(true);
    for (const name of ["files/", "files/a//b", "files/../x", "files/a/..", "files/.x", "files/a\\b", "x/y"])
      expect(isSafeFilesEntry(name), name).toBe(false);
  });
});
