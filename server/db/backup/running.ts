/**
 * Is a SiteProof server using the data right now? A backup of the embedded database and any restore must not
 * run beside one: PGlite lets one process open its folder (a second one would corrupt it), and a restore
 * under a running server would mix old and new data.
 */
import { existsSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import type pg from "pg";
import { connectionFromUrl } from "../config";
import { EMBEDDED_URL_FILE } from "../embedded";
import { BackupError } from "./archive";

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * The address of the embedded database a running server serves from this DATA_DIR, or null. The server
 * writes DATA_DIR/database-url while it runs and removes it when it stops; a server that was killed leaves
 * the file behind, so the socket it names must also answer.
 */
export async function runningEmbeddedServer(dataDir: string): Promise<string | null> {
  const urlFile = join(dataDir, EMBEDDED_URL_FILE);
  if (!existsSync(urlFile)) return null;
  const url = readFileSync(urlFile, "utf8").trim();
  let host: string;
  try {
    host = connectionFromUrl(url).host;
  } catch {
    return null;
  }
  return (await socketAnswers(join(host, ".s.PGSQL.5432"))) ? url : null;
}

export async function refuseWhileEmbeddedServerRuns(dataDir: string, doing: string): Promise<void> {
  const url = await runningEmbeddedServer(dataDir);
  if (url)
    throw new BackupError(
      `A SiteProof server is running on this data (${join(dataDir, EMBEDDED_URL_FILE)} names ${url}, and it answers). ` +
        `The embedded database can be opened by one process only: stop the server (Ctrl-C, or its service), then ${doing} again.`,
    );
}

/** The other sessions on the server's database (the SiteProof servers, their job workers, psql…). */
export async function otherSessions(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ who: string }>(
    `select coalesce(nullif(application_name, ''), usename::text, 'a client')
            || coalesce(' from ' || host(client_addr), '') as who
     from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map((row) => row.who);
}

export async function refuseWhileOthersConnected(client: pg.Client, databaseUrl: string): Promise<void> {
  const others = await otherSessions(client);
  if (others.length === 0) return;
  const { dbName, host } = connectionFromUrl(databaseUrl);
  const counted = new Map<string, number>();
  for (const who of others) counted.set(who, (counted.get(who) ?? 0) + 1);
  const list = [...counted].map(([who, n]) => (n > 1 ? `${who} (${n})` : who)).join(", ");
  throw new BackupError(
    `${others.length} other connection${others.length === 1 ? " is" : "s are"} open on the database ${dbName} at ${host}: ${list}. ` +
      "Stop every SiteProof server using it (and close other clients), then restore again.",
  );
}
