/**
 * `npm run bench [-- --lots N --actions N --seconds S --connections C --reuse-build]`: fills a separate
 * database with a scale data set, starts the real server on it and measures the lot, HP/WP and safety
 * action registers, the lots' Excel export and a lot report through HTTP, beside the SQL floor of each page. Prints a table and writes
 * bench/results/latest.json (and a timestamped copy). What it measures and how to read it: bench/README.md.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE } from "~/app/ui/pagination-range";
import { DOCKETS_PATH } from "~/modules/dockets/server/docket-basics";
import { loadDocketRegister } from "~/modules/dockets/server/docket-register.server";
import { SiteDiary } from "~/modules/operation/diary-entities";
import { DIARY_PATH } from "~/modules/operation/server/diary-basics";
import { diaryRecord } from "~/modules/operation/server/diary-record.server";
import { loadDiaryRegister } from "~/modules/operation/server/diary-register.server";
import { loadHpWpRegister } from "~/modules/quality/server/hp-wp-register.server";
import { HP_WP_REGISTER_PATH } from "~/modules/quality/server/hp-wp-register-rules";
import {
  findLotPage,
  LOT_REGISTER_PAGE_SIZE,
  parseLotRegisterQuery,
} from "~/modules/quality/server/lot-register.server";
import { ACTION_PATH } from "~/modules/safety/server/action-basics";
import { loadActionRegister } from "~/modules/safety/server/action-register.server";
import { INCIDENT_PATH } from "~/modules/safety/server/incident-basics";
import { loadIncidentRegister } from "~/modules/safety/server/incident-register.server";
import type { SiteDiarySectionsContribution } from "~/server/extensions/contracts";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { registry } from "~/server/registry";
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
import { ACTION_COMMON_WORD } from "./scale-actions";
import { generateScaleData, type ScaleData } from "./scale-data";
import { INCIDENT_COMMON_WORD } from "./scale-incidents";
import { captureStatements, explainStatements, measureFloor } from "./sql-floor";

const { values: args } = parseArgs({
  options: {
    lots: { type: "string", default: "100000" },
    actions: { type: "string", default: "100000" },
    incidents: { type: "string", default: "100000" },
    dockets: { type: "string", default: "100000" },
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
  actions: Number(args.actions),
  incidents: Number(args.incidents),
  dockets: Number(args.dockets),
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  floorRuns: Number(args["floor-runs"]),
  reuseBuild: args["reuse-build"] ?? false,
  workers: Number(args.workers),
  profile: args.profile ?? false,
};
// `--actions 0` / `--incidents 0` / `--dockets 0` leave a register out (a quicker run); every other figure must be > 0.
for (const [name, value] of Object.entries(options))
  if (
    typeof value === "number" &&
    !(
      Number.isInteger(value) &&
      (value > 0 || (["actions", "incidents", "dockets"].includes(name) && value === 0))
    )
  )
    throw new Error(`--${name} must be a positive whole number`);

const log = (line: string) => console.log(line);
const WARM_UP_SECONDS = 2;
const UNLOADED_SECONDS = 5;
const REGISTER = "/quality/lot";

type Scenario = {
  name: string;
  /** The page's path; a record's page names it from the data set (today's site diary). */
  path: string | ((data: ScaleData) => string);
  search: string;
  /** Text the page must hold (a record's number): a sign-in redirect or an empty page is no figure. */
  expected: string;
  /** The page's queries, as its loader sends them, for the SQL floor. */
  queries: (em: EntityManager, data: ScaleData) => Promise<unknown>;
};

/** A number fragment matching a handful of a register's records (4321: ACT-4321, ACT-14321 …). */
const numberFragment = (count: number) => (count >= 4321 ? "4321" : String(Math.ceil(count / 2)));

/**
 * The lot register states measured (unfiltered, a status, a common word, a number fragment, a deep page),
 * then the HP/WP register's (hold points unfiltered, overdue, not started, a common word, by due day),
 * then the safety action register's (below). A register added to the data set adds its group here.
 */
function pageScenarios(counts: {
  lots: number;
  actions: number;
  incidents: number;
  dockets: number;
}): Scenario[] {
  const { lots } = counts;
  const deepPage = Math.min(5000, Math.ceil(lots / LOT_REGISTER_PAGE_SIZE));
  const fragment = numberFragment(lots);
  const lotPage = (name: string, search: string): Scenario => ({
    name,
    path: REGISTER,
    search,
    expected: "LOT-",
    queries: (em, data) => {
      const params = new URLSearchParams(search);
      return findLotPage(em, data.projectId, parseLotRegisterQuery(params), Number(params.get("page") ?? 1));
    },
  });
  const hpWpPage = (name: string, search: string): Scenario => ({
    name,
    path: HP_WP_REGISTER_PATH,
    search,
    expected: "LOT-",
    queries: (em, data) =>
      loadHpWpRegister(em, data.projectId, new URL(`http://bench${HP_WP_REGISTER_PATH}?${search}`)),
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
    ...actionScenarios(counts.actions),
    ...incidentScenarios(counts.incidents),
    ...docketScenarios(counts.dockets),
    ...diaryScenarios(),
  ];
}

/** The bench user as the diary's page sees it: a super admin of the bench project, in English. */
const benchContext = (em: EntityManager, data: ScaleData) =>
  ({
    em,
    project: { id: data.projectId, name: "Bench", language: "en" },
    user: { id: data.userId, name: "Bench", isSuperAdmin: true },
    granted: new Set<string>(),
    locale: "en",
    can: () => true,
  }) as unknown as ProjectContext;

/**
 * The diary page's statements: its own record, and every contributed section of its day and place, each
 * provider called as the core calls it (server/extensions). The page's text lookups (the core's serverT)
 * read no database and are left out: the bench runs outside Vite, which bundles the translations.
 */
async function diaryPageQueries(em: EntityManager, data: ScaleData, diaryId: string) {
  const context = benchContext(em, data);
  const diary = await em.findOneOrFail(SiteDiary, { id: diaryId });
  const record = await diaryRecord(context, diary);
  const query = { date: record.formDate, locationId: record.locationId };
  for (const module of registry().modules) {
    // The provider file as the core loads it (extensions.server brings the translations, which need Vite).
    const load = module.provides["site-diary.sections"];
    const contribution = load
      ? ((await load()).provider.contribution as SiteDiarySectionsContribution)
      : null;
    for (const section of contribution?.sections ?? [])
      await section.list({ ...context, t: (key: string) => key }, query);
  }
}

/**
 * The site diary: today's whole-project diary and today's diary of a section (110 places below it), each page
 * with every contributed section (lots inspected, NCRs, punch list, incidents, observations, permits, talks,
 * enforcement NCRs) over the 100,000 lots and incidents; and the register. Its SQL floor is loadDiaryPage's
 * statements (and the contributions', each on its own fork: captured all the same).
 */
function diaryScenarios(): Scenario[] {
  const diaryPage = (name: string, pick: (data: ScaleData) => string): Scenario => ({
    name,
    path: (data) => `${DIARY_PATH}/${pick(data)}`,
    search: "",
    expected: "SD-",
    queries: (em, data) => diaryPageQueries(em, data, pick(data)),
  });
  return [
    diaryPage("site diary, whole project today", (data) => data.diaries.wholeProjectDiaryId),
    diaryPage("site diary, a section today", (data) => data.diaries.sectionDiaryId),
    {
      name: "site diary register",
      path: DIARY_PATH,
      search: "",
      expected: "SD-",
      queries: (em, data) => loadDiaryRegister(benchContext(em, data), new URL(`http://bench${DIARY_PATH}`)),
    },
  ];
}

/**
 * The docket register (decision 043): every docket (newest first), one state, Assigned To Me (for approval
 * by the bench user: one in 12), a number fragment, an ABN fragment (the trigram index), a company, a type and
 * a deep page; its SQL floor is loadDocketRegister's statements.
 */
function docketScenarios(dockets: number): Scenario[] {
  if (dockets === 0) return [];
  const deepPage = Math.min(5000, Math.ceil(dockets / DEFAULT_PAGE_SIZE));
  const docketPage = (name: string, search: string | ((data: ScaleData) => string)): Scenario => {
    const searchOf = (data: ScaleData) => (typeof search === "string" ? search : search(data));
    return {
      name,
      path: (data) => `${DOCKETS_PATH}?${searchOf(data)}`,
      search: "",
      expected: "DKT-",
      queries: (em, data) =>
        loadDocketRegister(benchContext(em, data), new URL(`http://bench${DOCKETS_PATH}?${searchOf(data)}`)),
    };
  };
  return [
    docketPage("dockets, all", ""),
    docketPage("dockets in review", "status=in_review"),
    docketPage("dockets assigned to me", "tab=mine"),
    docketPage(`dockets q=${numberFragment(dockets)}`, `q=${numberFragment(dockets)}`),
    docketPage(
      "dockets q=ABN fragment",
      (data) => `q=${encodeURIComponent(data.dockets?.abnFragment ?? "")}`,
    ),
    docketPage("dockets of a company", (data) => `company=${data.dockets?.companyId ?? ""}`),
    docketPage("dockets type=plant", "type=plant"),
    docketPage(`dockets page ${deepPage}`, `page=${deepPage}`),
  ];
}

/**
 * The incident register: every incident (newest first), one state, a common word of the titles (a fifth of
 * them), a number fragment, the bench user's own (reporter or SHE person) and a deep page; its SQL floor is
 * loadIncidentRegister's statements.
 */
function incidentScenarios(incidents: number): Scenario[] {
  if (incidents === 0) return [];
  const deepPage = Math.min(5000, Math.ceil(incidents / DEFAULT_PAGE_SIZE));
  const incidentPage = (name: string, search: string): Scenario => ({
    name,
    path: INCIDENT_PATH,
    search,
    expected: "INC-",
    queries: (em, data) =>
      loadIncidentRegister(
        {
          em,
          project: { id: data.projectId, language: "en" },
          user: { id: data.userId },
        } as unknown as ProjectContext,
        new URL(`http://bench${INCIDENT_PATH}?${search}`),
      ),
  });
  return [
    incidentPage("incidents, all", "view=ALL_INCIDENTS"),
    incidentPage("incidents in investigation", "view=ALL_INCIDENTS&status=INVESTIGATION"),
    incidentPage(`incidents q=${INCIDENT_COMMON_WORD}`, `view=ALL_INCIDENTS&q=${INCIDENT_COMMON_WORD}`),
    incidentPage(
      `incidents q=${numberFragment(incidents)}`,
      `view=ALL_INCIDENTS&q=${numberFragment(incidents)}`,
    ),
    incidentPage("incidents, my incidents", "view=MY_INCIDENTS"),
    incidentPage(`incidents page ${deepPage}`, `view=ALL_INCIDENTS&page=${deepPage}`),
  ];
}

/**
 * The safety action register: every action (newest first), the open ones, a common word of the titles
 * (a fifth of them), a number fragment (a handful), the overdue ones, the bench user's own (assignee or
 * creator: about a fifth) and a deep page. Its SQL floor is loadActionRegister's statements, given the
 * context it reads (the project and the user; the route's guard is the one query beside them).
 */
function actionScenarios(actions: number): Scenario[] {
  if (actions === 0) return [];
  const deepPage = Math.min(5000, Math.ceil(actions / DEFAULT_PAGE_SIZE));
  const actionPage = (name: string, search: string): Scenario => ({
    name,
    path: ACTION_PATH,
    search,
    expected: "ACT-",
    queries: (em, data) =>
      loadActionRegister(
        { em, project: { id: data.projectId }, user: { id: data.userId } } as unknown as ProjectContext,
        new URL(`http://bench${ACTION_PATH}?${search}`),
      ),
  });
  return [
    actionPage("actions, all", "tab=all_actions"),
    actionPage("actions status=open", "tab=all_actions&status=open"),
    actionPage(`actions q=${ACTION_COMMON_WORD}`, `tab=all_actions&q=${ACTION_COMMON_WORD}`),
    actionPage(`actions q=${numberFragment(actions)}`, `tab=all_actions&q=${numberFragment(actions)}`),
    actionPage("actions overdue", "tab=all_actions&due=overdue"),
    actionPage("actions, my actions", "tab=my_actions"),
    actionPage(`actions page ${deepPage}`, `tab=all_actions&page=${deepPage}`),
  ];
}

async function main() {
  const startedAt = new Date();
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const sessionSecret = randomBytes(32).toString("hex");
  log(
    `SiteProof benchmark: ${options.lots.toLocaleString("en")} lots, ${options.actions.toLocaleString("en")} safety actions, ${options.incidents.toLocaleString("en")} incidents, ${databaseUrl ? "PostgreSQL server" : "embedded PGlite"}`,
  );

  const build = buildApplication({ reuse: options.reuseBuild, log });
  log(`Application ${build.built ? "built" : "build reused"} (${build.seconds.toFixed(0)} s)`);

  const bench = await prepareBenchDatabase(databaseUrl);
  const scenarios = pageScenarios(options);
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
        actions: options.actions,
        incidents: options.incidents,
        dockets: options.dockets,
        sessionSecret,
        log,
      });
      log(`Data set ready in ${dataset.seconds.toFixed(1)} s: ${JSON.stringify(dataset.counts)}`);

      log("Measuring the SQL floor of each page...");
      for (const scenario of scenarios) {
        const data = dataset;
        const statements = await captureStatements(db, data.projectId, (em) => scenario.queries(em, data));
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
    const pathOf = (scenario: Scenario) =>
      `${typeof scenario.path === "string" ? scenario.path : scenario.path(dataset)}${scenario.search ? `?${scenario.search}` : ""}`;
    const pageUrl = (origin: string, scenario: Scenario) => `${origin}${pathOf(scenario)}`;
    /** 20 clients for the run's seconds after a warm-up, with the server's CPU spent meanwhile. */
    const underLoad = async (server: AppServer, url: string) => {
      await loadTest(url, dataset.cookie, { connections: options.connections, seconds: WARM_UP_SECONDS });
      const { result, cpuMs } = await measureServerCpu(server.pid, () =>
        loadTest(url, dataset.cookie, { connections: options.connections, seconds: options.seconds }),
      );
      return { loaded: result, cpuMsPerRequest: cpuMs / Math.max(1, result.requests) };
    };

    const htmlFolder = join(resultsFolder(), "html");
    mkdirSync(htmlFolder, { recursive: true });
    log("Starting the server (1 worker)...");
    const server = await start(1);
    const pages: PageResult[] = [];
    let exportResult: BenchResults["export"];
    let report: BenchResults["report"];
    try {
      for (const scenario of scenarios) {
        const url = pageUrl(server.origin, scenario);
        const html = await checkPage(url, dataset.cookie, scenario.expected);
        // Kept beside the results: what makes a page's HTML weigh what it does.
        writeFileSync(join(htmlFolder, `${scenario.name.replace(/[^a-z0-9]+/gi, "-")}.html`), html);
        const htmlBytes = html.length;
        log(`  ${scenario.name}: warming up, then ${options.seconds} s × ${options.connections} clients...`);
        const { loaded, cpuMsPerRequest } = await underLoad(server, url);
        const unloaded = await loadTest(url, dataset.cookie, { connections: 1, seconds: UNLOADED_SECONDS });
        pages.push({
          name: scenario.name,
          path: pathOf(scenario),
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
      dataset: {
        counts: dataset.counts,
        statusMix: dataset.statusMix,
        actions: dataset.actions,
        incidents: dataset.incidents,
        dockets: dataset.dockets,
        seconds: dataset.seconds,
      },
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
