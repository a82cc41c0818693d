/**
 * Database commands:
 *   migration:create [name] [--module id]
 *                            diff the entities against the migrated schema and write a new migration: into
 *                            the module's migrations/ folder with --module, else the core's
 *   migrate                  apply pending migrations to the configured database
 *   seed                     load the demo data set into an empty database
 *   backup [FILE]            the database and the uploaded files in one archive (backup/command.ts)
 *   restore FILE [--yes]     replace the database and the files with a backup's, after checking it
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "~/server/env";
import { openDatabase } from "./database";

if (existsSync(".env")) process.loadEnvFile(".env");
const args = process.argv.slice(2);
const moduleFlag = args.indexOf("--module");
const moduleId = moduleFlag >= 0 ? args.splice(moduleFlag, 2)[1] : undefined;
const [command, name] = args;
const migrationsDir = moduleId
  ? join(process.cwd(), "modules", moduleId, "migrations")
  : join(import.meta.dirname, "migrations");

function writeMigrationIndex() {
  mkdirSync(migrationsDir, { recursive: true });
  const files = readdirSync(migrationsDir)
    .filter((file) => /^Migration\d+.*\.ts$/.test(file))
    .sort();
  const imports = files.map(
    (file, i) =>
      `import { ${file.replace(/\.ts$/, "").replace(/[^A-Za-z0-9_]/g, "_")} as m${i} } from "./${file.replace(/\.ts$/, "")}";`,
  );
  const list = files.map((file, i) => `  { name: "${file.replace(/\.ts$/, "")}", class: m${i} },`);
  writeFileSync(
    join(migrationsDir, "index.ts"),
    `// ${moduleId ? `The ${moduleId} module's migrations` : "The core's migrations"}, listed explicitly so the server build bundles them. \`npm run db:migration${moduleId ? ` -- --module ${moduleId}` : ""}\` rewrites this file.\n${imports.join("\n")}\n\nexport const migrations = [\n${list.join("\n")}\n];\n`,
  );
}

async function main() {
  if (command === "backup" || command === "restore") {
    // They open the database their own way (the embedded one in this process, a server through its tools).
    const { runBackupCommand } = await import("./backup/command");
    process.exitCode = await runBackupCommand(command, args.slice(1));
    return;
  }
  if (command === "migration:create") {
    // A fresh in-memory database migrated to the last committed migration is the baseline of the diff.
    if (moduleId && !existsSync(join(process.cwd(), "modules", moduleId, "manifest.ts"))) {
      console.error(`No module "${moduleId}" under modules/`);
      process.exitCode = 2;
      return;
    }
    const db = await openDatabase({});
    try {
      await db.orm.migrator.up();
      mkdirSync(migrationsDir, { recursive: true });
      const result = await db.orm.migrator.create(migrationsDir, false, false, name);
      if (!result.fileName) {
        console.log("No schema changes: the entities and the migrations agree.");
        return;
      }
      writeMigrationIndex();
      console.log(
        `Wrote ${result.fileName}; read it before committing.${moduleId && !existsSync(join(migrationsDir, "..", "module.server.ts")) ? " List the folder's migrations in the module's server entry." : ""}`,
      );
    } finally {
      await db.close();
    }
    return;
  }
  const { DATABASE_URL, DATA_DIR } = env();
  if (!DATABASE_URL) {
    // PGlite lets one process open its folder: beside a running server this would corrupt it.
    const { refuseWhileEmbeddedServerRuns } = await import("./backup/running");
    const { BackupError } = await import("./backup/archive");
    try {
      await refuseWhileEmbeddedServerRuns(DATA_DIR, `run ${command}`);
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
  }
  const db = await openDatabase({ url: DATABASE_URL, dataDir: `${DATA_DIR}/pg` });
  try {
    if (command === "migrate") {
      await db.orm.migrator.up();
      console.log("Migrations applied.");
    } else if (command === "seed") {
      const { seedDemoData } = await import("~/prisma-seed/demo");
      const em = db.orm.em.fork();
      const seeded = await seedDemoData(em);
      console.log(seeded ? "Demo data loaded." : "The database already has data; nothing seeded.");
    } else {
      console.error(
        "Usage: tsx server/db/cli.ts migration:create [name] [--module id] | migrate | seed | backup [FILE] | restore FILE [--yes]",
      );
      process.exitCode = 2;
    }
  } finally {
    await db.close();
  }
}

await main();
