import cluster, { type Worker } from "node:cluster";

/** How long the workers get to finish their requests and jobs (the jobs' own limit is 10 s) after a stop. */
const STOP_GRACE_MS = 20_000;
/** A replacement that dies before it serves waits before the next try, doubling up to the last figure. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The primary of a server with several HTTP workers (node:cluster; they share the port). It forks
 * `count` workers, says when all of them serve, replaces a worker that dies, and on SIGTERM or SIGINT
 * passes the stop to every worker (each closes its connections, stops its jobs and closes the database)
 * and exits once they are gone. A worker that dies before the server ever served stops the server: a
 * start that failed (bad settings, no database) does not heal by starting again.
 */
export function superviseWorkers(options: { count: number; onServing(): void }) {
  const serving = new Set<Worker>();
  let everServing = false;
  let stopping = false;
  let failedStarts = 0;

  cluster.on("listening", (worker) => {
    serving.add(worker);
    failedStarts = 0;
    if (everServing) console.log(`Worker ${worker.process.pid} is serving.`);
    else if (serving.size === options.count) {
      everServing = true;
      options.onServing();
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    const served = serving.delete(worker);
    if (stopping) return;
    const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    if (!everServing) {
      console.error(`Worker ${worker.process.pid} ${how} while starting: stopping the server.`);
      void stop(1);
      return;
    }
    const delay = served ? 0 : RETRY_DELAYS_MS[Math.min(failedStarts++, RETRY_DELAYS_MS.length - 1)];
    console.error(
      `Worker ${worker.process.pid} ${how}: starting another${delay ? ` in ${delay / 1000} s` : ""}.`,
    );
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, delay);
  });

  async function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    // The workers shut down themselves on SIGTERM (server/index.ts); past the grace period they are killed.
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, STOP_GRACE_MS).unref();
    await Promise.all(workers.map((worker) => new Promise((done) => worker.once("exit", done))));
    process.exit(exitCode);
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      console.log(`${signal}: stopping the workers...`);
      void stop(0);
    });

  for (let i = 0; i < options.count; i++) cluster.fork();
}
