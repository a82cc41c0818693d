import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

/**
 * The real HTTP server (server/index.ts, production mode) run as a child process, from a private copy
 * of the application: the build goes to node_modules/.cache/siteproof-bench/app/build beside a copy of
 * server/, because server/index.ts loads the build from `../build`. The checkout's own build/ (what
 * `npm start` serves) is never touched. Inside node_modules the copy is outside every test, typecheck
 * and lint glob, and the bundle still finds the installed packages.
 */

const ROOT = resolve(import.meta.dirname, "..");
const APP_DIR = join(ROOT, "node_modules", ".cache", "siteproof-bench", "app");
const BUILD_ENTRY = join(APP_DIR, "build", "server", "index.js");

export function buildApplication(options: { reuse: boolean; log: (line: string) => void }) {
  const started = performance.now();
  mkdirSync(APP_DIR, { recursive: true });
  let built = false;
  if (!(options.reuse && existsSync(BUILD_ENTRY))) {
    rmSync(join(APP_DIR, "build"), { recursive: true, force: true });
    options.log(`Building the application into ${APP_DIR}/build ...`);
    const result = spawnSync(
      process.execPath,
      [
        join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"),
        "vite:build",
        "--config",
        "bench/vite.config.ts",
      ],
      {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, NODE_ENV: "production", BENCH_BUILD_DIR: join(APP_DIR, "build") },
      },
    );
    if (result.status !== 0) throw new Error(`The build failed (exit ${result.status})`);
    built = true;
  }
  // server/index.ts is not bundled: it runs from source, beside the build it loads.
  rmSync(join(APP_DIR, "server"), { recursive: true, force: true });
  cpSync(join(ROOT, "server"), join(APP_DIR, "server"), {
    recursive: true,
    filter: (source) => !source.endsWith(".test.ts"),
  });
  cpSync(join(ROOT, "tsconfig.json"), join(APP_DIR, "tsconfig.json"));
  // Inside node_modules the checkout's package.json no longer applies: the copy says it is ESM itself.
  writeFileSync(join(APP_DIR, "package.json"), JSON.stringify({ private: true, type: "module" }));
  return { built, seconds: (performance.now() - started) / 1000 };
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type MemoryReading = { rssMb: number; peakRssMb: number };

/** The process's resident memory now (VmRSS) and its peak since it started (VmHWM), from /proc. */
export function readMemory(pid: number): MemoryReading {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakRssMb: kb("VmHWM") / 1024 };
}

export type AppServer = {
  origin: string;
  pid: number;
  /** The last lines the server printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
};

export async function startAppServer(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  bootTimeoutMs: number;
  /** WEB_CONCURRENCY: HTTP worker processes (one when absent, as the figures compare). */
  workers?: number;
  /** Write a V8 CPU profile of every server process into this folder when it exits. */
  profileDir?: string;
}): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: options.sessionSecret,
    // One process: the memory read is this pid's, and the figures stay comparable with earlier runs.
    WEB_CONCURRENCY: "1",
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.workers) env.WEB_CONCURRENCY = String(options.workers);
  const profiling = options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [];
  // node itself (not the tsx CLI, which runs a second process) so the pid read for memory is the server's.
  const child: ChildProcess = spawn(process.execPath, [...profiling, "--import", "tsx", "server/index.ts"], {
    cwd: APP_DIR,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });

  const deadline = Date.now() + options.bootTimeoutMs;
  while (true) {
    if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}):\n${lines.join("\n")}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not answer /healthz in time:\n${lines.join("\n")}`);
    }
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((wait) => setTimeout(wait, 250));
  }

  return {
    origin,
    pid: child.pid!,
    output: () => lines.join("\n"),
    async stop() {
      if (exitCode !== undefined) return;
      child.kill("SIGTERM");
      const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
