/**
 * One embedded database for one vitest worker slot, in a process of its own (started by
 * embedded-hosts.ts): restored once from the migrated snapshot and served on a unix socket to every
 * test file the slot runs. Vitest starts a fresh process per test file, so a database inside the
 * worker would be restored (~1–3 s) for every file.
 */
import { readFileSync } from "node:fs";
import { EMBEDDED_MAX_CONNECTIONS, startEmbeddedDatabase } from "~/server/db/embedded";

const snapshotFile = process.argv[2];
const db = await startEmbeddedDatabase({
  snapshot: new Blob([readFileSync(snapshotFile)]),
  // A file's pools fill the default; the margin covers the previous file's process while it exits.
  maxConnections: EMBEDDED_MAX_CONNECTIONS * 2,
});
process.send!({ connection: db.connection });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await db.stop();
  process.exit(0);
}
process.on("message", (message) => {
  if (message === "stop") void stop();
});
// The test run ended or died: nothing else would end this process.
process.on("disconnect", () => void stop());
