/**
 * A PostgreSQL server's part of a backup, through PostgreSQL's own tools: pg_dump's custom format (-Fc) to
 * back up, pg_restore to read it back. The PostgreSQL client must be installed (Debian and Ubuntu:
 * `apt-get install postgresql-client`), of the server's major version or newer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import pg from "pg";
import { connectionFromUrl } from "../config";
import { BackupError, type BackupHeader, type TableRows } from "./archive";
import {
  appliedMigrations,
  type RunSql,
  serverVersion,
  tableRows,
  verifyRowsSql,
  WIPE_SQL,
} from "./inventory";

export function postgresClient(databaseUrl: string): pg.Client {
  const { host, port, user, password, dbName } = connectionFromUrl(databaseUrl);
  return new pg.Client({ host, port, user, password, database: dbName });
}

const runOn =
  (client: pg.Client): RunSql =>
  async (sql) =>
    (await client.query(sql)).rows;

/**
 * The tools take the address without its password, which goes in PGPASSWORD (not on a command line other
 * users of the machine can read).
 */
function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env: NodeJS.ProcessEnv = { ...process.env, PGOPTIONS: "-c client_min_messages=warning" };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

const missingTool = (tool: string) =>
  new BackupError(
    `${tool} was not found. Install the PostgreSQL client tools (Debian and Ubuntu: apt-get install postgresql-client), of the server's major version or newer.`,
  );

/** Runs a PostgreSQL tool to its end; a failure carries what the tool printed. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? missingTool(tool) : error),
    );
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim() || "no message"}`));
    });
  });
}

/**
 * pg_dump of the whole database into `dumpFile`, and what it holds: the counts are taken in a transaction
 * whose snapshot pg_dump shares (--snapshot), so they describe exactly the dumped data even while servers
 * keep writing.
 */
export async function dumpPostgres(databaseUrl: string, dumpFile: string): Promise<BackupHeader["database"]> {
  const client = postgresClient(databaseUrl);
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const run = runOn(client);
    const database = {
      kind: "postgresql" as const,
      serverVersion: await serverVersion(run),
      migrations: await appliedMigrations(run),
      tables: await tableRows(run),
    };
    const { dbname, env } = toolConnection(databaseUrl);
    await runTool(
      "pg_dump",
      ["--format=custom", `--snapshot=${rows[0].snapshot}`, `--file=${dumpFile}`, `--dbname=${dbname}`],
      env,
    );
    await client.query("commit");
    return database;
  } finally {
    await client.end();
  }
}

/** pg_restore reads the dump's table of contents: the dump is one it can restore. */
export async function checkPostgresDump(dumpFile: string): Promise<void> {
  await runTool("pg_restore", ["--list", dumpFile], process.env);
}

/**
 * Replaces the database's contents with the dump in one transaction: everything is dropped, the dump is
 * replayed (pg_restore's SQL through psql), every table's rows are checked against the backup, and only then
 * is it committed. Any failure (a tool, a statement, a count) leaves the database as it was.
 */
export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  tables: readonly TableRows[],
): Promise<void> {
  const { dbname, env } = toolConnection(databaseUrl);
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", dumpFile], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const psql = spawn(
    "psql",
    ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-o", "/dev/null", "-d", dbname, "-f", "-"],
    {
      env,
      stdio: ["pipe", "ignore", "pipe"],
    },
  );
  const errors = { pg_restore: "", psql: "" };
  restore.stderr.on("data", (chunk) => {
    errors.pg_restore += chunk;
  });
  psql.stderr.on("data", (chunk) => {
    errors.psql += chunk;
  });
  // psql stops at the first error: what pg_restore still sends is drained, so it can finish too.
  psql.stdin.on("error", () => {});
  psql.on("close", () => {
    restore.stdout.unpipe(psql.stdin);
    restore.stdout.resume();
  });

  const ended = (child: ChildProcess, tool: string) =>
    new Promise<number>((resolve, reject) => {
      child.on("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "ENOENT" ? missingTool(tool) : error),
      );
      child.on("close", (code) => resolve(code ?? 1));
    });
  const restoreEnded = ended(restore, "pg_restore");
  const psqlEnded = ended(psql, "psql");

  psql.stdin.write(`begin;\n${WIPE_SQL}\n`);
  restore.stdout.pipe(psql.stdin, { end: false });
  let restoreCode: number;
  try {
    restoreCode = await restoreEnded;
  } catch (error) {
    psql.stdin.end();
    await psqlEnded.catch(() => {});
    throw error;
  }
  // Without a commit psql's session ends with the transaction open, and the server rolls it back.
  if (restoreCode === 0) psql.stdin.end(`${verifyRowsSql(tables)}\ncommit;\n`);
  else psql.stdin.end();
  const psqlCode = await psqlEnded;
  if (restoreCode !== 0)
    throw new BackupError(
      `pg_restore failed (exit ${restoreCode}); the database is unchanged: ${errors.pg_restore.trim() || "no message"}`,
    );
  if (psqlCode !== 0)
    throw new BackupError(
      `The restore failed and was rolled back; the database is unchanged: ${errors.psql.trim() || `psql exit ${psqlCode}`}`,
    );
}
