/**
 * A backup restores: the demo data and an uploaded attachment are backed up, everything is wiped, and the
 * restore brings back every row of every table and every file byte for byte. On the embedded database, or
 * on the PostgreSQL server when DATABASE_URL is set (CI runs both). One database of its own, seeded once.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFolderStorage, setFileStorage } from "~/plugins/storage/index.server";
import { seedDemoData } from "~/prisma-seed/demo";
import { type Database, openDatabase } from "~/server/db/database";
import { EMBEDDED_URL_FILE, startEmbeddedDatabase } from "~/server/db/embedded";
import { Attachment, Project, User } from "~/server/db/entities";
import { parseUpload, saveAttachmentRecords, UPLOAD_LIMITS } from "~/server/uploads/index.server";
import { adminClient, SNAPSHOT_FILE, withDatabase } from "~/tests/setup/vitest.global";
import type { TableRows } from "./archive";
import { createBackup } from "./backup";
import { tableRows, WIPE_SQL } from "./inventory";
import { postgresClient, restorePostgres } from "./postgres-dump";
import { restoreBackup } from "./restore";

const serverUrl = process.env.DATABASE_URL || undefined;
const kind = serverUrl ? "PostgreSQL server" : "embedded database";

let dataDir: string;
let filesDir: string;
let databaseUrl: string | undefined;
let archive: string;
let before: { tables: TableRows[]; files: Map<string, string> };
let upload: { key: string; bytes: Buffer };

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Every file under the storage folder, by its path there, with the SHA-256 of its bytes. */
function filesIn(folder: string): Map<string, string> {
  if (!existsSync(folder)) return new Map();
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(
    entries
      .map((e) => join(e.parentPath, e.name))
      .map((path) => [relative(folder, path), sha256(readFileSync(path))] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

async function openData(): Promise<Database> {
  if (databaseUrl) return openDatabase({ url: databaseUrl });
  return openDatabase({ dataDir: join(dataDir, "pg") });
}

async function withData<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openData();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const rowsOf = (db: Database) => tableRows((sql) => db.orm.em.fork().execute(sql));

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = postgresClient(databaseUrl!);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const location = () => ({ dataDir, filesDir, databaseUrl });
const restoreWith = (file: string, confirm: () => Promise<boolean> = async () => true) =>
  restoreBackup({ ...location(), file, confirm });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "siteproof-backup-"));
  filesDir = join(dataDir, "files");
  archive = join(dataDir, "..", `${dataDir.split("/").pop()}.tar`);
  const storage = new LocalFolderStorage(filesDir);
  setFileStorage(storage);

  let db: Database;
  if (serverUrl) {
    const template = process.env.TEST_TEMPLATE_DATABASE!;
    // Named like the slots' databases, so the run's teardown drops it even if this file does not.
    const name = `${template}_s_backup`;
    const admin = adminClient(serverUrl);
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    databaseUrl = withDatabase(serverUrl, name);
    db = await openDatabase({ url: databaseUrl });
  } else {
    // The migrated test snapshot, loaded into a data folder as the server keeps one.
    db = await openDatabase({ dataDir: join(dataDir, "pg"), snapshot: await openAsBlob(SNAPSHOT_FILE) });
  }
  try {
    const em = db.orm.em.fork();
    expect(await seedDemoData(em)).toBe(true);
    // One more file through the real upload code: a multipart request streamed into storage, then its row.
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const form = new FormData();
    form.append("file", new File([bytes], "Biên bản đổ bê tông.pdf", { type: "application/pdf" }));
    const { files } = await parseUpload(
      new Request("http://localhost/upload", { method: "POST", body: form }),
      {
        maxBytes: UPLOAD_LIMITS.standard,
        storage,
      },
    );
    const project = await em.findOneOrFail(Project, { number: "NBU-2026" });
    const engineer = await em.findOneOrFail(User, { email: "engineer@siteproof.test" });
    await saveAttachmentRecords(em, {
      projectId: project.id,
      entityType: "project",
      entityId: project.id,
      files,
      uploadedBy: engineer.id,
    });
    upload = { key: files[0].key, bytes };
    before = { tables: await rowsOf(db), files: filesIn(filesDir) };
  } finally {
    await db.close();
  }
});

afterAll(async () => {
  setFileStorage(undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(archive, { force: true });
  if (serverUrl && databaseUrl) {
    const admin = adminClient(serverUrl);
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

describe(`backup and restore on the ${kind}`, () => {
  it("backs up every table's rows and every stored file", async () => {
    const report = await createBackup({ ...location(), file: archive });
    expect(report.header.database.kind).toBe(serverUrl ? "postgresql" : "embedded");
    expect(report.header.database.tables).toEqual(before.tables);
    const count = (name: string) => before.tables.find((t) => t.name === name)?.rows;
    expect(count("app_user")).toBe(9);
    expect(count("attachment")).toBeGreaterThanOrEqual(4);
    expect(report.files).toBe(before.files.size);
    expect(before.files.has(upload.key)).toBe(true);
    // Another backup never overwrites it.
    await expect(createBackup({ ...location(), file: archive })).rejects.toThrow(/already exists/);
  });

  it("refuses a damaged archive before touching anything", async () => {
    const damaged = `${archive}.damaged`;
    const bytes = readFileSync(archive);
    // A byte inside the uploaded file's entry (its bytes are unique in the archive).
    const at = bytes.indexOf(upload.bytes.subarray(0, 64));
    expect(at).toBeGreaterThan(0);
    bytes[at + 1000] ^= 0xff;
    writeFileSync(damaged, bytes);
    try {
      await expect(restoreWith(damaged)).rejects.toThrow(/damaged \(its checksum does not match\)/);
      // Cut short anywhere near its end — in the checksums entry, between entries, in the last file — an
      // archive is refused as incomplete or damaged, never with a message about its inner format.
      for (const cut of [200, 700, 1500, 3000]) {
        writeFileSync(damaged, bytes.subarray(0, bytes.length - cut));
        await expect(restoreWith(damaged), `cut by ${cut} bytes`).rejects.toThrow(/incomplete|damaged/);
      }
    } finally {
      rmSync(damaged, { force: true });
    }
    expect(filesIn(filesDir)).toEqual(before.files);
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".siteproof-restore-"))).toEqual([]);
  });

  it("changes nothing unless the restore is confirmed", async () => {
    await expect(restoreWith(archive, async () => false)).rejects.toThrow("the restore was not confirmed");
    expect(filesIn(filesDir)).toEqual(before.files);
  });

  it("refuses to run while a server uses the data", async () => {
    if (databaseUrl) {
      await withServerClient(async () => {
        await expect(restoreWith(archive)).rejects.toThrow(/1 other connection is open on the database/);
      });
      return;
    }
    const server = await startEmbeddedDatabase({
      dataDir: join(dataDir, "pg"),
      urlFile: join(dataDir, EMBEDDED_URL_FILE),
    });
    try {
      await expect(restoreWith(archive)).rejects.toThrow(/A SiteProof server is running on this data/);
      await expect(createBackup({ ...location(), file: `${archive}.second` })).rejects.toThrow(
        /stop the server .* then back up again/,
      );
    } finally {
      await server.stop();
    }
  });

  it("restores every record and file after the database and the files are wiped", async () => {
    rmSync(filesDir, { recursive: true, force: true });
    if (databaseUrl) {
      await withServerClient((client) => client.query(WIPE_SQL));
      expect(await withData(rowsOf)).toEqual([]);
    } else {
      rmSync(join(dataDir, "pg"), { recursive: true, force: true });
    }

    const summary = await restoreWith(archive);
    expect(summary.files).toBe(before.files.size);

    // Unlogged tables come back empty from the embedded snapshot: only the test set-up's bookkeeping is one.
    const logged = (tables: TableRows[]) => (databaseUrl ? tables : tables.filter((t) => !t.unlogged));
    expect(before.tables.filter((t) => t.unlogged).map((t) => t.schema)).not.toContain("public");
    expect(logged(await withData(rowsOf))).toEqual(logged(before.tables));
    expect(filesIn(filesDir)).toEqual(before.files);
    // Every attachment row finds its file, and the uploaded one is the bytes that were sent.
    await withData(async (db) => {
      const em = db.orm.em.fork();
      const attachments = await em.find(Attachment, {}, { filters: false });
      expect(attachments.length).toBe(before.tables.find((t) => t.name === "attachment")?.rows);
      for (const attachment of attachments) expect(before.files.has(attachment.storageKey)).toBe(true);
    });
    expect(readFileSync(join(filesDir, upload.key))).toEqual(upload.bytes);
    expect(readdirSync(dataDir).filter((name) => name.startsWith(".siteproof-restore-"))).toEqual([]);
  });

  it.runIf(serverUrl)("rolls the server's database back when the restored rows do not match", async () => {
    const dump = join(dataDir, "check.dump");
    const { execFileSync } = await import("node:child_process");
    execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${databaseUrl}`]);
    const users = before.tables.find((t) => t.name === "app_user")?.rows ?? 0;
    const wrong = before.tables.map((t) => (t.name === "app_user" ? { ...t, rows: t.rows + 1 } : t));
    await expect(restorePostgres(databaseUrl!, dump, wrong)).rejects.toThrow(
      new RegExp(
        `rolled back.*public\\.app_user holds ${users} rows after the restore; the backup has ${users + 1}`,
        "s",
      ),
    );
    expect(await withData(rowsOf)).toEqual(before.tables);
  });
});
