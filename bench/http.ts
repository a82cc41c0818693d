import autocannon from "autocannon";
import { readMemory } from "./app-server";
import { percentile } from "./stats";

/** Latency (ms) and throughput of one URL under a fixed number of concurrent clients. */
export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, plus connection errors and timeouts: a run with any is not a valid figure. */
  failures: number;
  /** How the failures break down: answers by status code, connection errors, timeouts. */
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};

/**
 * Fetches the page once as the benchmark's user and checks it is the page (200 with the expected text),
 * not a redirect to the sign-in or an error page: a fast redirect would make a meaningless figure.
 */
export async function checkPage(url: string, cookie: string, expected: string): Promise<string> {
  const response = await fetch(url, { headers: { cookie, accept: "text/html" }, redirect: "manual" });
  const body = await response.text();
  if (response.status !== 200 || !body.includes(expected))
    throw new Error(
      `GET ${url} answered ${response.status}${response.headers.get("location") ? ` → ${response.headers.get("location")}` : ""} without "${expected}"`,
    );
  return body;
}

export function loadTest(
  url: string,
  cookie: string,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statusCodes: Record<string, number> = {};
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.seconds,
        headers: { cookie, accept: "text/html" },
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          connections: options.connections,
          seconds: options.seconds,
          requests: latencies.length,
          requestsPerSecond: latencies.length / (result.duration || options.seconds),
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          failures: result.non2xx + result.errors + result.timeouts,
          statusCodes,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    // autocannon's own summary has no p95; every response time is kept instead.
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    });
  });
}

export type ExportResult = {
  seconds: number;
  firstByteSeconds: number;
  bytes: number;
  contentType: string | null;
  rssBeforeMb: number;
  /** The highest resident memory sampled (every 20 ms) while the export ran. */
  peakRssDuringMb: number;
  /** The process's lifetime peak (VmHWM) before and after: a rise means the export set a new high. */
  lifetimePeakBeforeMb: number;
  lifetimePeakAfterMb: number;
};

/** Downloads the export to the last byte, sampling the server's memory meanwhile. */
export async function measureDownload(url: string, cookie: string, serverPid: number): Promise<ExportResult> {
  const before = readMemory(serverPid);
  let peak = before.rssMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, readMemory(serverPid).rssMb);
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie }, redirect: "manual" });
    const firstByte = performance.now();
    if (response.status !== 200 || !response.body)
      throw new Error(`GET ${url} answered ${response.status} ${response.headers.get("location") ?? ""}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      bytes += chunk.value.byteLength;
    const finished = performance.now();
    const after = readMemory(serverPid);
    return {
      seconds: (finished - started) / 1000,
      firstByteSeconds: (firstByte - started) / 1000,
      bytes,
      contentType: response.headers.get("content-type"),
      rssBeforeMb: before.rssMb,
      peakRssDuringMb: Math.max(peak, after.rssMb),
      lifetimePeakBeforeMb: before.peakRssMb,
      lifetimePeakAfterMb: after.peakRssMb,
    };
  } finally {
    clearInterval(sampler);
  }
}

export type ReportResult = {
  /** From the "Generate" post to the last byte of the PDF: the wait a user sees. */
  seconds: number;
  /** The post alone (the action enqueues the job and redirects). */
  requestSeconds: number;
  bytes: number;
  contentType: string | null;
  /** How many times the file was asked for before it was ready. */
  polls: number;
};

/**
 * Asks for a lot's report as the page's "Generate" button does (a form post), then asks for the file
 * every 100 ms until it is there. Includes the job queue's pick-up delay, as the user's wait does.
 */
export async function measureReport(
  origin: string,
  cookie: string,
  lotId: string,
  timeoutMs: number,
): Promise<ReportResult> {
  const page = `${origin}/quality/lot/${lotId}/report`;
  const started = performance.now();
  const posted = await fetch(page, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  const requestSeconds = (performance.now() - started) / 1000;
  await posted.body?.cancel();
  if (posted.status !== 303 && posted.status !== 302)
    throw new Error(`POST ${page} answered ${posted.status}, not a redirect back to the page`);
  for (let polls = 1; performance.now() - started < timeoutMs; polls++) {
    const file = await fetch(`${page}/file`, { headers: { cookie }, redirect: "manual" });
    if (file.status === 200) {
      const bytes = (await file.arrayBuffer()).byteLength;
      return {
        seconds: (performance.now() - started) / 1000,
        requestSeconds,
        bytes,
        contentType: file.headers.get("content-type"),
        polls,
      };
    }
    await file.body?.cancel();
    if (file.status !== 404) throw new Error(`GET ${page}/file answered ${file.status}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error(`The lot report was not ready after ${timeoutMs / 1000} s`);
}
