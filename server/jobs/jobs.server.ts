import type { EntityManager, MikroORM } from "@mikro-orm/postgresql";
import { PgBoss } from "pg-boss";
import { type Database, database } from "~/server/db/database";
import { type IJobRun, JobRun, type JobRunResult } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { clampProgress } from "./job-state";
import { definedSchedules, runScheduleTick } from "./schedules.server";

/**
 * Background jobs: a `JobRun` row the screens read, and pg-boss (in the same PostgreSQL) that hands
 * the run to a worker. See server/jobs/README.md.
 */

export type JobContext<Payload> = {
  /** A fork of its own, scoped to the run's project; the handler flushes its own work. */
  em: EntityManager;
  run: Readonly<IJobRun>;
  payload: Payload;
  /** Saves the progress figure (0–100) at once, so the screen sees it while the job works. */
  reportProgress(percent: number): Promise<void>;
};

// biome-ignore lint/suspicious/noConfusingVoidType: a handler that makes nothing to link to simply returns
export type JobHandler<Payload> = (context: JobContext<Payload>) => Promise<JobRunResult | undefined | void>;

export type JobDefinition<Payload> = { kind: string; handler: JobHandler<Payload> };

/**
 * queue: pg-boss workers (the server). inline: `enqueueJob` runs the job before it returns (tests of
 * code that enqueues). manual: runs stay queued until `runQueuedJobs()` (tests of the "generating" state).
 */
export type JobMode = "queue" | "inline" | "manual";

/** One queue for every kind: the run row says which handler to call. */
export const JOB_QUEUE = "siteproof-jobs";
/** pg-boss's pool; with the ORM's (EMBEDDED_MAX_CONNECTIONS - 2) it stays within the socket server's limit. */
export const JOBS_POOL_MAX = 2;
const ERROR_MAX_LENGTH = 2000;
/**
 * A worker touches its running run (updated_at) this often, so every process can tell a run whose
 * worker is gone: one untouched for ABANDONED_AFTER_HEARTBEATS beats ends as failed (failAbandonedRuns).
 */
export const RUN_HEARTBEAT_MS = 30_000;
const ABANDONED_AFTER_HEARTBEATS = 5;

const handlers = new Map<string, JobHandler<any>>();
let boss: PgBoss | null = null;
let mode: JobMode = process.env.NODE_ENV === "test" ? "inline" : "queue";
let heartbeatMs = RUN_HEARTBEAT_MS;
let abandonedRunsSweep: NodeJS.Timeout | null = null;

/** Registers the handler of one kind of job; modules call it at import time. */
export function defineJob<Payload = Record<string, unknown>>(
  kind: string,
  handler: JobHandler<Payload>,
): JobDefinition<Payload> {
  if (handlers.has(kind) && handlers.get(kind) !== handler)
    throw new Error(`Job kind "${kind}" is defined twice`);
  handlers.set(kind, handler);
  return { kind, handler };
}

export type EnqueueJob<Payload> = {
  kind: string | JobDefinition<Payload>;
  projectId: string | null;
  /** What the run works on, e.g. { type: "lot", id: lot.id } for a lot report. */
  subject?: { type: string; id: string } | null;
  requestedBy?: string | null;
  payload?: Payload;
};

/**
 * Creates the run (status queued) and hands it to the workers. Call it outside a transaction: the
 * worker reads the run from another connection, and on the embedded database an open transaction
 * blocks every other connection.
 */
export async function enqueueJob<Payload extends Record<string, unknown>>(
  em: EntityManager,
  request: EnqueueJob<Payload>,
): Promise<IJobRun> {
  if (em.isInTransaction()) throw new Error("enqueueJob: call it after the transaction commits");
  const kind = typeof request.kind === "string" ? request.kind : request.kind.kind;
  if (!handlers.has(kind)) throw new Error(`enqueueJob: no job of kind "${kind}" is defined`);
  const run = em.create(JobRun, {
    project: request.projectId,
    kind,
    subjectType: request.subject?.type ?? null,
    subjectId: request.subject?.id ?? null,
    status: "queued",
    progress: 0,
    payload: request.payload ?? null,
    result: null,
    error: null,
    requestedBy: request.requestedBy ?? null,
    startedAt: null,
    finishedAt: null,
  });
  await em.flush();
  if (mode === "queue") {
    if (!boss) throw new Error("enqueueJob: background jobs are not started (call startJobs)");
    await boss.send(JOB_QUEUE, { runId: run.id });
  } else if (mode === "inline") {
    await runJob((await database()).orm, run.id);
    await em.refresh(run);
  }
  return run;
}

/**
 * Runs one queued run: running → completed (progress 100, result) or failed (error message). A run
 * that another worker already took is left alone, so a repeated delivery runs nothing twice.
 * Handler errors end the run as failed and are not retried: the screen shows "error" and the user
 * asks again. Throws only when the run is missing (its enqueueing transaction has not committed
 * yet), so pg-boss delivers it again.
 */
export async function runJob(orm: MikroORM, runId: string): Promise<void> {
  const em = orm.em.fork();
  const claimed = await em.nativeUpdate(
    JobRun,
    { id: runId, status: "queued" },
    { status: "running", progress: 0, startedAt: new Date(), updatedAt: new Date() },
  );
  if (claimed === 0) {
    if (!(await em.count(JobRun, { id: runId }))) throw new Error(`Job run ${runId} not found`);
    return;
  }
  // While the handler works, the run shows it has a live worker (see failAbandonedRuns).
  const heartbeat = setInterval(() => {
    // A beat that fails (the database is briefly away) is simply the next one's to do.
    void orm.em
      .fork()
      .nativeUpdate(JobRun, { id: runId, status: "running" }, { updatedAt: new Date() })
      .catch(() => undefined);
  }, heartbeatMs);
  try {
    await workOn(em, runId);
  } finally {
    clearInterval(heartbeat);
  }
}

async function workOn(em: EntityManager, runId: string): Promise<void> {
  const run = await em.findOneOrFail(JobRun, runId);
  const handler = handlers.get(run.kind);
  const work = em.fork({ clear: true });
  if (run.project) scopeToProject(work, run.project.id);
  const reportProgress = async (percent: number) => {
    const progress = clampProgress(percent);
    run.progress = progress;
    await em
      .fork()
      .nativeUpdate(JobRun, { id: runId, status: "running" }, { progress, updatedAt: new Date() });
  };
  try {
    if (!handler) throw new Error(`No job of kind "${run.kind}" is defined`);
    const result = await handler({ em: work, run, payload: run.payload ?? {}, reportProgress });
    em.assign(run, {
      status: "completed",
      progress: 100,
      result: result ?? null,
      error: null,
      finishedAt: new Date(),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    em.assign(run, { status: "failed", error: message.slice(0, ERROR_MAX_LENGTH), finishedAt: new Date() });
  }
  await em.flush();
}

/** Manual mode: runs every queued run, oldest first; returns how many ran. */
export async function runQueuedJobs(): Promise<number> {
  const { orm } = await database();
  const queued = await orm.em.fork().find(JobRun, { status: "queued" }, { orderBy: { createdAt: "asc" } });
  for (const run of queued) await runJob(orm, run.id);
  return queued.length;
}

/** Waits until the run has completed or failed (queue mode) and returns it as it ended. */
export async function waitForJob(runId: string, options: { timeoutMs?: number } = {}): Promise<IJobRun> {
  const { orm } = await database();
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const run = await orm.em.fork().findOneOrFail(JobRun, runId);
    if (run.status === "completed" || run.status === "failed") return run;
    if (Date.now() > deadline) throw new Error(`Job run ${runId} is still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The latest run of a kind for a subject (what the screen shows), or null when none was asked for. */
export async function latestJobRun(
  em: EntityManager,
  where: { kind: string; projectId: string | null; subject: { type: string; id: string } },
): Promise<IJobRun | null> {
  return em.findOne(
    JobRun,
    {
      kind: where.kind,
      project: where.projectId,
      subjectType: where.subject.type,
      subjectId: where.subject.id,
    },
    { orderBy: { createdAt: "desc", id: "desc" } },
  );
}

/**
 * Starts the workers (queue mode) or switches to inline/manual mode (tests). pg-boss connects with the
 * ORM's connection parameters — for the embedded database host is the socket folder — and keeps its
 * own schema (`pgboss`) which it creates and migrates itself.
 */
export async function startJobs(
  options: {
    mode?: JobMode;
    database?: Database;
    pollingIntervalSeconds?: number;
    /** Tests shorten it (RUN_HEARTBEAT_MS). */
    heartbeatMs?: number;
  } = {},
): Promise<void> {
  await stopJobs();
  mode = options.mode ?? "queue";
  heartbeatMs = options.heartbeatMs ?? RUN_HEARTBEAT_MS;
  if (mode !== "queue") return;
  const db = options.database ?? (await database());
  await failAbandonedRuns(db);
  // Also while the workers run: a run whose process died while this one kept running.
  abandonedRunsSweep = setInterval(() => void failAbandonedRuns(db).catch(() => undefined), heartbeatMs);
  abandonedRunsSweep.unref();
  const { host, port, user, password, dbName } = db.connection;
  const started = new PgBoss({
    host,
    port,
    user,
    password,
    database: dbName,
    max: JOBS_POOL_MAX,
    application_name: "siteproof-jobs",
    // Cron passes only when a module has recurring work (schedules.server); maintenance always runs.
    schedule: definedSchedules().length > 0,
  });
  started.on("error", (error) => console.error("Background jobs:", error));
  await started.start();
  await started.createQueue(JOB_QUEUE, { retryLimit: 3, retryDelay: 2, expireInSeconds: 3600 });
  await started.work<{ runId: string }>(
    JOB_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async (jobs) => {
      for (const job of jobs) await runJob(db.orm, job.data.runId);
    },
  );
  await startSchedules(started, db);
  boss = started;
}

/**
 * Hands every defined schedule to pg-boss (an upsert: each process may do it at start) and works its queue;
 * a schedule no module defines any more is removed, so a renamed one does not run twice.
 */
async function startSchedules(started: PgBoss, db: Database) {
  const defined = definedSchedules();
  const names = new Set(defined.map((definition) => definition.name));
  for (const stale of await started.getSchedules())
    if (!names.has(stale.name)) await started.unschedule(stale.name, stale.key);
  for (const definition of defined) {
    await started.createQueue(definition.name, { retryLimit: 0, expireInSeconds: 3600 });
    await started.schedule(definition.name, definition.cron, null, { tz: "UTC", missed: "once" });
    await started.work(definition.name, { pollingIntervalSeconds: 30 }, async (jobs) => {
      // One tick per occurrence: a batch of several (occurrences missed at once) runs once.
      if (jobs.length === 0) return;
      await runScheduleTick(db.orm, definition.name).catch((error) => {
        console.error(`Schedule ${definition.name}:`, error);
        throw error;
      });
    });
  }
}

/**
 * A run "running" whose worker stopped touching it was cut off: its process stopped or died. It would show
 * "generating" for ever, so it ends as failed and can be asked again. Runs that other processes' workers
 * are working on are touched every heartbeat and left alone. Every process sweeps, at start and each beat.
 */
async function failAbandonedRuns(db: Database) {
  const silentSince = new Date(Date.now() - ABANDONED_AFTER_HEARTBEATS * heartbeatMs);
  await db.orm.em
    .fork()
    .nativeUpdate(
      JobRun,
      { status: "running", updatedAt: { $lt: silentSince } },
      { status: "failed", error: INTERRUPTED_ERROR, finishedAt: new Date(), updatedAt: new Date() },
    );
}

export const INTERRUPTED_ERROR = "Interrupted by a restart of the server. Please ask again.";

/** Stops the workers, letting running jobs finish (up to 10 s), and closes pg-boss's pool. */
export async function stopJobs(): Promise<void> {
  if (abandonedRunsSweep) clearInterval(abandonedRunsSweep);
  abandonedRunsSweep = null;
  const stopping = boss;
  boss = null;
  if (stopping) await stopping.stop({ graceful: true, timeout: 10_000, close: true });
}
