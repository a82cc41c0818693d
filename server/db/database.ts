import { join } from "node:path";
import { MikroORM } from "@mikro-orm/postgresql";
import { env } from "~/server/env";
import { connectionFromUrl, type DatabaseConnection, ormConfig } from "./config";
import {
  EMBEDDED_MAX_CONNECTIONS,
  EMBEDDED_URL_FILE,
  type EmbeddedDatabase,
  startEmbeddedDatabase,
} from "./embedded";

export type Database = {
  orm: MikroORM;
  connection: DatabaseConnection;
  embedded: EmbeddedDatabase | null;
  close(): Promise<void>;
};

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  snapshot?: Blob;
  /** For the embedded database: where to write its address for other processes. */
  urlFile?: string;
  debug?: boolean;
}): Promise<Database> {
  const embedded = options.url
    ? null
    : await startEmbeddedDatabase({
        dataDir: options.dataDir,
        snapshot: options.snapshot,
        urlFile: options.urlFile,
      });
  const connection = embedded ? embedded.connection : connectionFromUrl(options.url!);
  const orm = await MikroORM.init(
    await ormConfig(connection, {
      poolMax: embedded ? EMBEDDED_MAX_CONNECTIONS - 2 : 10,
      debug: options.debug,
    }),
  );
  return {
    orm,
    connection,
    embedded,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}

let current: Promise<Database> | undefined;

/** The process's database: DATABASE_URL when set, else the embedded one in DATA_DIR/pg. */
export function database(): Promise<Database> {
  if (!current) {
    const { DATABASE_URL, DATA_DIR, LOG_QUERIES } = env();
    current = openDatabase({
      url: DATABASE_URL,
      dataDir: `${DATA_DIR}/pg`,
      urlFile: join(DATA_DIR, EMBEDDED_URL_FILE),
      debug: LOG_QUERIES,
    });
  }
  return current;
}

/** Tests give each worker its own database. */
export function setDatabase(db: Database) {
  current = Promise.resolve(db);
}

export async function closeDatabase() {
  if (!current) return;
  const db = await current;
  current = undefined;
  await db.close();
}

export async function migrate(db: Database) {
  await db.orm.migrator.up();
}
