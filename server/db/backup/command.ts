/**
 * The backup commands of server/db/cli.ts, with the settings the server reads (DATA_DIR, DATABASE_URL):
 *   backup [FILE]          FILE defaults to backups/siteproof-<UTC time>.tar
 *   restore FILE [--yes]   asks before replacing anything, unless --yes
 */
import { createInterface } from "node:readline/promises";
import { fileStorage } from "~/plugins/storage/index.server";
import { LocalFolderStorage } from "~/plugins/storage/local-folder.server";
import { connectionFromUrl } from "~/server/db/config";
import { migrations as coreMigrations } from "~/server/db/migrations";
import { env } from "~/server/env";
import { allMigrations } from "~/server/registry/module-servers.server";
import { BackupError, type TableRows } from "./archive";
import { createBackup, type DataLocation } from "./backup";
import { type ArchiveSummary, restoreBackup } from "./restore";

const number = new Intl.NumberFormat("en");

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Every table with rows, aligned; the empty ones counted at the end. */
export function rowsTable(tables: readonly TableRows[]): string[] {
  const filled = tables.filter((table) => table.rows > 0);
  const width = Math.max(0, ...filled.map((table) => `${table.schema}.${table.name}`.length));
  const lines = filled.map(
    (table) => `  ${`${table.schema}.${table.name}`.padEnd(width)}  ${number.format(table.rows).padStart(9)}`,
  );
  const empty = tables.length - filled.length;
  if (empty > 0) lines.push(`  (and ${empty} empty table${empty === 1 ? "" : "s"})`);
  return lines;
}

function describeDatabase(location: DataLocation): string {
  if (!location.databaseUrl) return `the embedded database in ${location.dataDir}/pg`;
  const { dbName, host, port } = connectionFromUrl(location.databaseUrl);
  return `the database ${dbName} on the PostgreSQL server ${host}:${port} (DATABASE_URL)`;
}

function describeArchive(summary: ArchiveSummary): string[] {
  const { database, createdAt } = summary.header;
  return [
    `Backup taken ${createdAt}: ${database.kind === "embedded" ? "embedded database" : "PostgreSQL server"} (PostgreSQL ${database.serverVersion}), ` +
      `${number.format(database.tables.length)} tables with ${number.format(summary.rows)} records, ` +
      `${number.format(summary.files)} files (${formatBytes(summary.fileBytes)}). Every checksum matches.`,
  ];
}

async function askToRestore(location: DataLocation, summary: ArchiveSummary): Promise<boolean> {
  for (const line of describeArchive(summary)) console.log(line);
  console.log(
    `Restoring replaces ${describeDatabase(location)} and every file in ${location.filesDir}; what is there now is lost.`,
  );
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question('Type "yes" to restore: ');
    return answer.trim().toLowerCase() === "yes";
  } finally {
    prompt.close();
  }
}

const timestamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");

export async function runBackupCommand(command: "backup" | "restore", args: string[]): Promise<number> {
  const { DATABASE_URL, DATA_DIR } = env();
  const storage = fileStorage();
  if (!(storage instanceof LocalFolderStorage)) {
    console.error("The uploaded files are not in a local folder: back them up where they are stored.");
    return 1;
  }
  const location: DataLocation = { dataDir: DATA_DIR, filesDir: storage.root, databaseUrl: DATABASE_URL };
  const yes = args.includes("--yes");
  const [file] = args.filter((arg) => arg !== "--yes");
  try {
    if (command === "backup") {
      const report = await createBackup({
        ...location,
        file: file ?? `backups/siteproof-${timestamp()}.tar`,
      });
      const { database } = report.header;
      console.log(`Backed up ${describeDatabase(location)} and ${location.filesDir}`);
      console.log(`into ${report.file} (${formatBytes(report.bytes)}):`);
      console.log(
        `  database: PostgreSQL ${database.serverVersion}, ${database.tables.length} tables, ${number.format(
          database.tables.reduce((sum, table) => sum + table.rows, 0),
        )} records, ${database.migrations.length} migrations applied`,
      );
      console.log(`  files: ${number.format(report.files)} (${formatBytes(report.fileBytes)})`);
      if (report.vanished > 0)
        console.log(`  ${report.vanished} files were deleted while the backup ran and are not in it`);
      if (report.skipped.length > 0)
        console.log(`  left out, not SiteProof's (odd names): ${report.skipped.join(", ")}`);
      console.log("Records per table:");
      for (const line of rowsTable(database.tables)) console.log(line);
      return 0;
    }
    if (!file) {
      console.error("Usage: npm run db:restore -- FILE [--yes]");
      return 2;
    }
    if (!yes && !process.stdin.isTTY) {
      console.error(
        "Restoring replaces all the data. Run it in a terminal to confirm, or add --yes: npm run db:restore -- FILE --yes",
      );
      return 2;
    }
    const knownMigrations = (await allMigrations(coreMigrations)).map((migration) => migration.name);
    const summary = await restoreBackup({
      ...location,
      file,
      knownMigrations,
      confirm: (checked) => (yes ? Promise.resolve(true) : askToRestore(location, checked)),
    });
    if (yes) for (const line of describeArchive(summary)) console.log(line);
    console.log(
      `Restored ${describeDatabase(location)}: ${number.format(summary.rows)} records in ${summary.header.database.tables.length} tables, and ${number.format(summary.files)} files (${formatBytes(summary.fileBytes)}) in ${location.filesDir}.`,
    );
    console.log("Records per table:");
    for (const line of rowsTable(summary.header.database.tables)) console.log(line);
    console.log("Start the server: it applies any migrations newer than the backup.");
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}
