/**
 * `npm run bench [-- --lots N --seconds S --connections C --reuse-build]`: fills a separate database with
 * a scale data set, starts the real server on it and measures the lot register, its Excel export and a
 * lot report through HTTP, beside the SQL floor of each page. Prints a table and writes
 * bench/results/latest.json (and a timestamped copy). What it measures and how to read it: bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { EntityManager } from "@mikro-orm/postgresql";
import { loadHpWpRegister } from "~/modules/quality/server/hp-wp-register.server";
import { HP_WP_REGISTER_PATH } from "~/modules/quality/server/hp-wp-register-rules";
import {
  findLotPage,
  LOT_REGISTER_PAGE_SIZE,
  parseLotRegisterQuery,
} from "~/modules/quality/server/lot-register.server";
import { type AppServer, buildApplication, startAppServer } from "./app-server";
import { measureServerCpu } from "./cpu";
import { connectClient, prepareBenchDatabase } from "./database";
import { checkPage, loadTest, measureDownload, measureReport } from "./http";
import { summariseProfiles } from "./profile-summary";
import {
  type BenchResults,
  type PageResult,
  printResults,
  resultsFolder,
  type WorkersResult,
  writeResults,
} from "./results";
import { generateScaleData } from "./scale-data";
import { captureStatements, explainStatements, measureFloor } from "./sql-floor";

const { values: args } = parseArgs({
  options: {
    lots: { type: "string", default: "100000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    "floor-runs": { type: "string", default: "50" },
    "reuse-build": { type: "boolean", default: false },
    workers: { type: "string", default: "1" },
    profile: { type: "boolean", default: false },
  },
});
const options = {
  lots: Number(args.lots),
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  floorRuns: Number(args["floor-runs"]),
  reuseBuild: args["reuse-build"] ?? false,
  workers: Number(args.workers),
  profile: args.profile ?? false,
};
for (const [name, value] of Object.entries(options))
  if (typeof value === "number" && !(Number.isInteger(value) && value > 0))
    throw new Error(`--${name} must be a positive whole number`);

const log = (line: string) => console.log(line);
const WARM_UP_SECONDS = 2;
const UNLOADED_SECONDS = 5;
const REGISTER = "/quality/lot";

type Scenario = {
  name: string;
  path: string;
  search: string;
  /** The page's queries, as its loader sends them, for the SQL floor. */
  queries: (em: EntityManager, projectId: string) => Promise<unknown>;
};

/**
 * The lot register states measured (unfiltered, a status, a common word, a number fragment, a deep page),
 * then the HP/WP register's (hold points unfiltered, overdue, not started, a common word, by due day).
 */
function pageScenarios(lots: number): Scenario[] {
  const deepPage = Math.min(5000, Math.ceil(lots / LOT_REGISTER_PAGE_SIZE));
  const fragment = lots >= 4321 ? "4321" : String(Math.ceil(lots / 2));
  const lotPage = (name: string, search: string): Scenario => ({
    name,
    path: REGISTER,
    search,
    queries: (em, projectId) => {
      const params = new URLSearchParams(search);
      return findLotPage(em, projectId, parseLotRegisterQuery(params), Number(params.get("page") ?? 1));
    },
  });
  const hpWpPage = (name: string, search: string): Scenario => ({
    name,
    path: HP_WP_REGISTER_PATH,
    search,
    queries: (em, projectId) =>
      loadHpWpRegister(em, projectId, new URL(`http://bench${HP_WP_REGISTER_PATH}?${search}`)),
  });
  return [
    lotPage("unfiltered", ""),
    lotPage("status=active", "status=active"),
    lotPage("search q=pier", "q=pier"),
    lotPage(`search q=${fragment}`, `q=${fragment}`),
    lotPage(`page ${deepPage}`, `page=${deepPage}`),
    hpWpPage("HP/WP hold points", "tab=hold"),
    hpWpPage("HP/WP overdue", "tab=hold&due=overdue"),
    hpWpPage("HP/WP not started", "tab=hold&state=not_started"),
    hpWpPage("HP/WP q=pier", "tab=hold&q=pier"),
    hpWpPage("HP/WP by due day", "tab=hold&sort=dueOn"),
  ];
}

async function main() {
  const startedAt = new Date();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const sessionSecret = randomBytes(32).toString("hex");
  log(
    `SiteProof benchmark: ${options.lots.toLocaleString("en")} lots, ${databaseUrl ? "PostgreSQL server" : "embedded PGlite"}`,
  );

  const build = buildApplication({ reuse: options.reuseBuild, log });
  log(`Application ${build.built ? "built" : "build reused"} (${build.seconds.toFixed(0)} s)`);

  const bench = await prepareBenchDatabase(databaseUrl);
  const scenarios = pageScenarios(options.lots);
  let dataset: Awaited<ReturnType<typeof generateScaleData>>;
  let databaseVersion: string;
  const floors: Record<string, PageResult["floor"]> = {};
  try {
    const db = await bench.open();
    const client = await connectClient(db);
    try {
      await db.orm.migrator.up();
      databaseVersion = (await client.query<{ version: string }>("select version()")).rows[0].version;
      log("Generating the scale data set...");
      dataset = await generateScaleData(db.orm.em.fork() as EntityManager, client, {
        lots: options.lots,
        sessionSecret,
        log,
      });
      log(`Data set ready in ${dataset.seconds.toFixed(1)} s: ${JSON.stringify(dataset.counts)}`);

      log("Measuring the SQL floor of each page...");
      const { projectId } = dataset;
      for (const scenario of scenarios) {
        const statements = await captureStatements(db, projectId, (em) => scenario.queries(em, projectId));
        const floor = await measureFloor(client, statements, { runs: options.floorRuns, warmUp: 3 });
        floors[scenario.name] = { ...floor, plans: await explainStatements(client, statements) };
      }
    } finally {
      await client.end();
      // The embedded database is one process's: it must be closed before the server opens it.
      await db.close();
    }

    const profileDir = options.profile
      ? join(resultsFolder(), `profile-${startedAt.toISOString().replace(/[:.]/g, "-")}`)
      : undefined;
    const start = (workers: number) =>
      startAppServer({
        databaseUrl: bench.url,
        dataDir: bench.dataDir,
        sessionSecret,
        bootTimeoutMs: 180_000,
        workers,
        profileDir: workers === 1 ? profileDir : undefined,
      });
    const pageUrl = (origin: string, scenario: Scenario) =>
      `${origin}${scenario.path}${scenario.search ? `?${scenario.search}` : ""}`;
    /** 20 clients for the run's seconds after a warm-up, with the server's CPU spent meanwhile. */
    const underLoad = async (server: AppServer, url: string) => {
      await loadTest(url, dataset.cookie, { connections: options.connections, seconds: WARM_UP_SECONDS });
      const { result, cpuMs } = await measureServerCpu(server.pid, () =>
        loadTest(url, dataset.cookie, { connections: options.connections, seconds: options.seconds }),
      );
      return { loaded: result, cpuMsPerRequest: cpuMs / Math.max(1, result.requests) };
    };

    log("Starting the server (1 worker)...");
    const server = await start(1);
    const pages: PageResult[] = [];
    let exportResult: BenchResults["export"];
    let report: BenchResults["report"];
    try {
      for (const scenario of scenarios) {
        const url = pageUrl(server.origin, scenario);
        const htmlBytes = await checkPage(url, dataset.cookie, "LOT-");
        log(`  ${scenario.name}: warming up, then ${options.seconds} s × ${options.connections} clients...`);
        const { loaded, cpuMsPerRequest } = await underLoad(server, url);
        const unloaded = await loadTest(url, dataset.cookie, { connections: 1, seconds: UNLOADED_SECONDS });
        pages.push({
          name: scenario.name,
          path: `${scenario.path}${scenario.search ? `?${scenario.search}` : ""}`,
          htmlBytes,
          loaded,
          cpuMsPerRequest,
          unloaded,
          floor: floors[scenario.name],
        });
      }
      log("  export of every lot...");
      exportResult = await measureDownload(`${server.origin}${REGISTER}/export`, dataset.cookie, server.pid);
      log("  lot report...");
      report = await measureReport(server.origin, dataset.cookie, dataset.reportLotId, 120_000);
    } catch (error) {
      console.error(`Server output:\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }

    let workers: WorkersResult | null = null;
    if (options.workers > 1) {
      log(`Starting the server (${options.workers} workers)...`);
      const cluster = await start(options.workers);
      try {
        const loads: WorkersResult["pages"] = [];
        for (const scenario of scenarios) {
          log(
            `  ${scenario.name}: ${options.workers} workers, ${options.seconds} s × ${options.connections} clients...`,
          );
          loads.push({
            name: scenario.name,
            ...(await underLoad(cluster, pageUrl(cluster.origin, scenario))),
          });
        }
        workers = { count: options.workers, pages: loads };
      } catch (error) {
        console.error(`Server output:\n${cluster.output()}`);
        throw error;
      } finally {
        await cluster.stop();
      }
    }

    const results: BenchResults = {
      startedAt: startedAt.toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? "",
        memoryGb: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      database: { kind: bench.kind, version: databaseVersion },
      options,
      build,
      // The session cookie stays out of the file.
      dataset: { counts: dataset.counts, statusMix: dataset.statusMix, seconds: dataset.seconds },
      pages,
      workers,
      profile: profileDir ? { folder: profileDir, ...summariseProfiles(profileDir) } : null,
      export: exportResult,
      report,
    };
    printResults(results);
    const files = writeResults(results);
    log(`\nWritten: ${files.join(", ")}`);
  } finally {
    bench.cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
