import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ExportResult, LoadResult, ReportResult } from "./http";
import type { ProfileSummary } from "./profile-summary";
import type { SqlFloor } from "./sql-floor";
import { round } from "./stats";

export const TARGETS = {
  /** A register page's p95 under load, milliseconds. */
  pageP95Ms: 50,
  /** A page's p95 with one client, as a multiple of its SQL floor's p95. */
  pageOverFloor: 3,
  exportSeconds: 10,
  /** Growth of the server's resident memory while it exports, megabytes: "bounded", not "grows with the rows". */
  exportGrowthMb: 256,
  /** The server's CPU time per register page under load (user + system, every server process), ms. */
  cpuMsPerRequest: 6,
  /** The HTML of a 10-row register page, bytes before compression. */
  htmlBytes: 30 * 1024,
};

export type PageResult = {
  name: string;
  path: string;
  htmlBytes: number;
  /** TARGETS apply to `loaded` (p95 ≤ 50 ms) and to `unloaded` against the floor. */
  loaded: LoadResult;
  /** The server's CPU over the loaded window divided by the answers in it. */
  cpuMsPerRequest: number;
  unloaded: LoadResult;
  floor: SqlFloor & { plans: string[] };
};

export type BenchResults = {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  database: { kind: "postgresql" | "embedded"; version: string };
  options: Record<string, number | boolean>;
  build: { built: boolean; seconds: number };
  dataset: {
    counts: Record<string, number>;
    /** Lots per status. */
    statusMix: Record<string, number>;
    /** The safety actions' status mix and tab sizes (null with --actions 0). */
    actions: { statusMix: Record<string, number>; overdue: number; mine: number } | null;
    /** The incidents' status mix and My Incidents' size (null with --incidents 0). */
    incidents: { statusMix: Record<string, number>; mine: number } | null;
    /** The dockets' status mix and Assigned To Me's size (null with --dockets 0). */
    dockets?: { statusMix: Record<string, number>; mine: number } | null;
    seconds: number;
  };
  pages: PageResult[];
  /** The same pages under load with WEB_CONCURRENCY workers (--workers N above 1). */
  workers: WorkersResult | null;
  /** Where the single-worker server's CPU went (--profile). */
  profile: (ProfileSummary & { folder: string }) | null;
  export: ExportResult;
  report: ReportResult;
};

export type WorkersResult = {
  count: number;
  pages: { name: string; loaded: LoadResult; cpuMsPerRequest: number }[];
};

export type Verdicts = {
  pages: Record<string, { p95: boolean; overFloor: boolean; ratio: number; cpu: boolean; html: boolean }>;
  exportTime: boolean;
  exportMemory: boolean;
};

export function verdicts(results: BenchResults): Verdicts {
  const pages: Verdicts["pages"] = {};
  for (const page of results.pages) {
    const ratio = page.unloaded.p95 / page.floor.p95;
    pages[page.name] = {
      p95: page.loaded.p95 <= TARGETS.pageP95Ms && page.loaded.failures === 0,
      overFloor: ratio <= TARGETS.pageOverFloor,
      ratio,
      cpu: page.cpuMsPerRequest <= TARGETS.cpuMsPerRequest,
      html: page.htmlBytes <= TARGETS.htmlBytes,
    };
  }
  return {
    pages,
    exportTime: results.export.seconds <= TARGETS.exportSeconds,
    exportMemory: results.export.peakRssDuringMb - results.export.rssBeforeMb <= TARGETS.exportGrowthMb,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? round(value).toFixed(1) : "-");
const mark = (ok: boolean) => (ok ? "ok" : "MISSED");

function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function printResults(results: BenchResults) {
  const v = verdicts(results);
  const { machine, database, dataset } = results;
  console.log(
    `\n${dataset.counts.lots.toLocaleString("en")} lots and ${dataset.counts.actions.toLocaleString("en")} safety actions and ${dataset.counts.incidents.toLocaleString("en")} incidents on ${database.kind} (${database.version.split(",")[0]}), ` +
      `${machine.cpus} CPUs, Node ${machine.node}. Figures are indicative: one machine, other work beside it.\n`,
  );
  const c = results.options.connections;
  console.log(
    table(
      [
        "Register page",
        `p50 ×${c}`,
        "p95",
        "p99",
        "req/s",
        "done",
        "fail",
        "CPU/req",
        "HTML KB",
        "p50 ×1",
        "p95 ×1",
        "SQL p50",
        "SQL p95",
        "×floor",
        `p95≤${TARGETS.pageP95Ms}`,
        `≤${TARGETS.pageOverFloor}×floor`,
        `CPU≤${TARGETS.cpuMsPerRequest}`,
        `HTML≤${TARGETS.htmlBytes / 1024}`,
      ],
      results.pages.map((page) => [
        page.name,
        ms(page.loaded.p50),
        ms(page.loaded.p95),
        ms(page.loaded.p99),
        ms(page.loaded.requestsPerSecond),
        String(page.loaded.requests),
        String(page.loaded.failures),
        ms(page.cpuMsPerRequest),
        (page.htmlBytes / 1024).toFixed(1),
        ms(page.unloaded.p50),
        ms(page.unloaded.p95),
        ms(page.floor.p50),
        ms(page.floor.p95),
        v.pages[page.name].ratio.toFixed(1),
        mark(v.pages[page.name].p95),
        mark(v.pages[page.name].overFloor),
        mark(v.pages[page.name].cpu),
        mark(v.pages[page.name].html),
      ]),
    ),
  );
  console.log(
    `(ms; ×${c} = ${c} concurrent clients for ${results.options.seconds} s, done = answers received in that time, ×1 = one client; ` +
      "CPU/req = the server's CPU time (user + system, all its processes) over the loaded window ÷ answers; " +
      "SQL = the page's register statements (findLotPage, loadHpWpRegister, loadActionRegister) replayed through pg; " +
      "the guard adds one query per request)\n",
  );
  if (results.workers) printWorkers(results);
  if (results.profile) printProfile(results.profile);
  const e = results.export;
  console.log(
    table(
      ["Export and report", "seconds", "first byte", "MB", "RSS before", "RSS peak", "growth", "target"],
      [
        [
          `Excel export, ${dataset.counts.lots.toLocaleString("en")} lots`,
          e.seconds.toFixed(2),
          e.firstByteSeconds.toFixed(2),
          (e.bytes / 2 ** 20).toFixed(1),
          e.rssBeforeMb.toFixed(0),
          e.peakRssDuringMb.toFixed(0),
          (e.peakRssDuringMb - e.rssBeforeMb).toFixed(0),
          `${mark(v.exportTime)} ≤${TARGETS.exportSeconds} s, ${mark(v.exportMemory)} ≤${TARGETS.exportGrowthMb} MB`,
        ],
        [
          "Lot report PDF (post → file)",
          results.report.seconds.toFixed(2),
          "-",
          (results.report.bytes / 2 ** 20).toFixed(2),
          "-",
          "-",
          "-",
          `${results.report.polls} polls`,
        ],
      ],
    ),
  );
  const missed = results.pages.filter((page) => !v.pages[page.name].p95 || !v.pages[page.name].overFloor);
  if (missed.length === 0) return;
  console.log(
    "\nPlans of the slowest statement of each page that missed a target (all plans are in the JSON):",
  );
  for (const page of missed) {
    const slowest = page.floor.statements.reduce((a, b, i, all) => (b.p50 > all[a].p50 ? i : a), 0);
    console.log(`\n${page.name}: ${page.floor.statements[slowest].sql}\n${page.floor.plans[slowest]}`);
  }
}

function printWorkers(results: BenchResults) {
  const workers = results.workers as WorkersResult;
  const c = results.options.connections;
  console.log(
    table(
      ["Workers", "page", `req/s ×${c}`, "p95", "CPU/req", "vs 1 worker"],
      workers.pages.flatMap((multi) => {
        const single = results.pages.find((page) => page.name === multi.name) as PageResult;
        return [
          [
            "1",
            multi.name,
            ms(single.loaded.requestsPerSecond),
            ms(single.loaded.p95),
            ms(single.cpuMsPerRequest),
            "1.0×",
          ],
          [
            String(workers.count),
            multi.name,
            ms(multi.loaded.requestsPerSecond),
            ms(multi.loaded.p95),
            ms(multi.cpuMsPerRequest),
            `${(multi.loaded.requestsPerSecond / single.loaded.requestsPerSecond).toFixed(1)}×`,
          ],
        ];
      }),
    ),
  );
  console.log(`(throughput of the same pages with WEB_CONCURRENCY=${workers.count}, ${c} clients)\n`);
}

function printProfile(profile: ProfileSummary & { folder: string }) {
  const share = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(
    `CPU profile of the 1-worker server (${(profile.busyMs / 1000).toFixed(1)} s busy, ${(profile.idleMs / 1000).toFixed(1)} s idle; files in ${profile.folder}):\n`,
  );
  console.log(
    table(
      ["Self time by package", "share"],
      profile.byPackage.map((row) => [row.name, share(row.share)]),
    ),
  );
  console.log("");
  console.log(
    table(
      ["Self time by function", "share"],
      profile.byFunction.map((row) => [row.name, share(row.share)]),
    ),
  );
  console.log("");
}

export const resultsFolder = () => resolve(import.meta.dirname, "results");

/** bench/results/latest.json, latest-<database>.json and a timestamped copy. */
export function writeResults(results: BenchResults): string[] {
  const folder = resultsFolder();
  mkdirSync(folder, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, "-");
  const json = `${JSON.stringify({ ...results, verdicts: verdicts(results) }, null, 2)}\n`;
  const files = [
    "latest.json",
    `latest-${results.database.kind}.json`,
    `${stamp}-${results.database.kind}.json`,
  ].map((name) => join(folder, name));
  for (const file of files) writeFileSync(file, json);
  return files;
}
