import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * Another production server (server/index.ts on the checkout's build/, like the suite's own), started by
 * a test that needs several: tests/e2e/multiprocess.spec.ts.
 */
export type AppProcess = {
  origin: string;
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  /** The pids of its cluster workers (none for a single process). */
  workerPids(): number[];
  /** SIGTERM, then its exit code (SIGKILL after 30 s: a server that does not stop is a failure). */
  stop(): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts the server with these settings on a free port; `ready()` waits until /healthz answers. */
export async function startAppProcess(env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // node itself (not the tsx CLI, which runs a second process), so the pid is the server's.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: origin,
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((done) =>
    child.once("exit", (code) => {
      exitCode = code;
      done(code);
    }),
  );

  const server: AppProcess = {
    origin,
    pid: child.pid!,
    output: () => printed,
    workerPids: () =>
      readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill("SIGTERM");
      const timeout = setTimeout(() => child.kill("SIGKILL"), 30_000);
      const code = await exited;
      clearTimeout(timeout);
      return code;
    },
  };

  async function ready(timeoutMs: number): Promise<AppProcess> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}):\n${printed}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`The server did not answer /healthz in time:\n${printed}`);
      }
      const healthy = await fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return server;
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }

  return { server, ready };
}
