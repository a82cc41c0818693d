import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time of the server, read from /proc: the process and every live descendant (the HTTP workers of a
 * cluster), plus what its reaped children used. User and system time together, in milliseconds. Spent
 * CPU is steadier than wall-clock latency on a shared machine: other work slows a request down but does
 * not make it cost more.
 */

// Linux reports /proc times in clock ticks of 1/100 s on every platform Node supports (USER_HZ).
const TICK_MS = 10;

type ProcStat = { pid: number; parentPid: number; ownTicks: number; reapedChildrenTicks: number };

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // the process ended between the listing and the read
  }
  // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields from 3 on: state, ppid (4), …, utime (14), stime (15), cutime (16), cstime (17).
  const field = (n: number) => Number(fields[n - 3]);
  return {
    pid,
    parentPid: field(4),
    ownTicks: field(14) + field(15),
    reapedChildrenTicks: field(16) + field(17),
  };
}

/** The process tree's CPU time so far, in milliseconds. */
export function processTreeCpuMs(rootPid: number): number {
  const root = readStat(rootPid);
  if (!root) throw new Error(`No process ${rootPid}`);
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);
  const childrenOf = new Map<number, ProcStat[]>();
  for (const stat of all) childrenOf.set(stat.parentPid, [...(childrenOf.get(stat.parentPid) ?? []), stat]);
  let ticks = root.ownTicks + root.reapedChildrenTicks;
  const pending = [...(childrenOf.get(rootPid) ?? [])];
  while (pending.length) {
    const stat = pending.pop() as ProcStat;
    ticks += stat.ownTicks + stat.reapedChildrenTicks;
    pending.push(...(childrenOf.get(stat.pid) ?? []));
  }
  return ticks * TICK_MS;
}

/** Runs `work` and answers how much CPU the server's process tree spent meanwhile. */
export async function measureServerCpu<T>(
  serverPid: number,
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number }> {
  const before = processTreeCpuMs(serverPid);
  const result = await work();
  return { result, cpuMs: processTreeCpuMs(serverPid) - before };
}
