import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A V8 CPU profile (`node --cpu-prof`) boiled down to where the server's time goes: self time by package
 * (or by source file for the application's own code) and by function, as shares of the busy time (idle
 * excluded). Several profiles (one per worker) are added together.
 */

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileSummary = {
  busyMs: number;
  idleMs: number;
  byPackage: { name: string; share: number }[];
  byFunction: { name: string; share: number }[];
};

/** "react-dom", "@mikro-orm/core", "node:events", "(native)", or the app's own file. */
function ownerOf(url: string): string {
  if (!url) return "(native: GC, socket writes, …)";
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (dependency && !url.includes("/.cache/siteproof-bench/app/build/")) return dependency[1];
  if (url.startsWith("node:")) return url;
  return url.replace(/^.*\/siteproof-bench\/app\//, "").replace(/^file:\/\//, "");
}

function top(totals: Map<string, number>, busy: number, count: number) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, share: micros / busy }));
}

export function summariseProfiles(folder: string, count = 15): ProfileSummary {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  const add = (totals: Map<string, number>, key: string, micros: number) =>
    totals.set(key, (totals.get(key) ?? 0) + micros);
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(folder, file), "utf8")) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      const frame = (nodes.get(id) as ProfileNode).callFrame;
      if (frame.functionName === "(idle)") {
        idle += micros;
        return;
      }
      busy += micros;
      const owner = ownerOf(frame.url);
      add(byPackage, owner, micros);
      add(
        byFunction,
        `${frame.functionName || "(anonymous)"}  ${owner}${frame.url ? `:${frame.lineNumber + 1}` : ""}`,
        micros,
      );
    });
  }
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    byPackage: top(byPackage, busy, count),
    byFunction: top(byFunction, busy, count),
  };
}
