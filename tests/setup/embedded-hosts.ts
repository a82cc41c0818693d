/**
 * The embedded test databases, one per vitest worker slot, each in a process of its own
 * (embedded-host.ts). The global set-up starts this manager; a test file asks it, over a unix socket,
 * for its slot's database — started on the slot's first request — or for a fresh one after a test
 * changed the schema. Slots run one file at a time, so a slot's database is never shared by two files.
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConnection } from "~/server/db/config";

type Host = { process: ChildProcess; connection: Promise<DatabaseConnection> };
type Request = { slot: string; fresh: boolean };
type Answer = { connection: DatabaseConnection } | { error: string };

const HOST_SCRIPT = join(process.cwd(), "tests", "setup", "embedded-host.ts");

function startHost(snapshotFile: string): Host {
  const child = fork(HOST_SCRIPT, [snapshotFile], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const connection = new Promise<DatabaseConnection>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { connection: DatabaseConnection }).connection));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`The embedded test database stopped (exit code ${code})`)));
  });
  // A host that fails to start is reported to the file that asked for it, not as an unhandled rejection.
  connection.catch(() => {});
  return { process: child, connection };
}

function running(host: Host) {
  return host.process.exitCode === null && host.process.signalCode === null;
}

async function stopHost(host: Host) {
  if (!running(host)) return;
  const exited = new Promise((resolve) => host.process.once("exit", resolve));
  if (host.process.connected) host.process.send("stop");
  const timer = setTimeout(() => host.process.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startEmbeddedHosts(
  snapshotFile: string,
): Promise<{ address: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "sp-hosts-"));
  const address = join(dir, "hosts.sock");
  const hosts = new Map<string, Host>();

  async function hostFor({ slot, fresh }: Request): Promise<DatabaseConnection> {
    let host = hosts.get(slot);
    if (host && (fresh || !running(host))) {
      await stopHost(host);
      host = undefined;
    }
    if (!host) {
      host = startHost(snapshotFile);
      hosts.set(slot, host);
    }
    return host.connection;
  }

  const server = createServer((socket) => {
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk;
      if (!received.endsWith("\n")) return;
      hostFor(JSON.parse(received) as Request).then(
        (connection) => socket.end(`${JSON.stringify({ connection } satisfies Answer)}\n`),
        (error) => socket.end(`${JSON.stringify({ error: String(error) } satisfies Answer)}\n`),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(address, resolve));

  return {
    address,
    async stop() {
      server.close();
      await Promise.all([...hosts.values()].map(stopHost));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asks the manager at `address` for the slot's database; `fresh` replaces it with a new restore. */
export function embeddedHost(address: string, request: Request): Promise<DatabaseConnection> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = createConnection(address, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const answer = JSON.parse(received) as Answer;
      if ("error" in answer) reject(new Error(answer.error));
      else resolve(answer.connection);
    });
  });
}
