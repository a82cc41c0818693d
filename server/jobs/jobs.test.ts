import { afterEach, describe, expect, it } from "vitest";
import { JobRun } from "~/server/db/entities";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { jobProgress, jobState } from "./job-state";
import {
  defineJob,
  enqueueJob,
  INTERRUPTED_ERROR,
  latestJobRun,
  runQueuedJobs,
  startJobs,
  stopJobs,
  waitForJob,
} from "./jobs.server";
import { defineSchedule, runScheduleTick } from "./schedules.server";

const db = setupTestDatabase();

const progressSeen: number[] = [];
const lotReport = defineJob<{ lotNumber: string }>(
  "test.lot-report",
  async ({ payload, reportProgress, run }) => {
    await reportProgress(25);
    await reportProgress(75);
    progressSeen.push(run.progress);
    return { storageKey: `reports/${payload.lotNumber}.pdf`, fileName: `${payload.lotNumber}.pdf` };
  },
);
defineJob("test.broken-report", async ({ reportProgress }) => {
  await reportProgress(40);
  throw new Error("The template is missing");
});
/** Reads the run's progress from the database while it works: what the screen would see. */
const progressFromDatabase: number[] = [];
defineJob("test.watched-report", async ({ em, run, reportProgress }) => {
  await reportProgress(60);
  const seen = await em.fork().findOneOrFail(JobRun, run.id);
  progressFromDatabase.push(seen.progress);
  expect(jobState(seen)).toBe("generating");
});

const lotSubject = { type: "lot", id: "lot-42" };

const ticks: Date[] = [];
defineSchedule({
  name: "test.nightly-sweep",
  cron: "30 2 * * *",
  async run({ at }) {
    ticks.push(at);
  },
});

afterEach(async () => {
  await startJobs({ mode: "inline" });
});

describe("background jobs (inline)", () => {
  it("runs a job to completion with progress 100 and its result", async () => {
    const em = db.em;
    const project = await createProject(em);
    const user = await createUser(em);
    const run = await enqueueJob(em, {
      kind: lotReport,
      projectId: project.id,
      subject: lotSubject,
      requestedBy: user.id,
      payload: { lotNumber: "LOT-0042" },
    });
    const stored = await db.em.findOneOrFail(JobRun, run.id, { populate: ["project", "requestedBy"] });
    expect(stored).toMatchObject({
      status: "completed",
      progress: 100,
      result: { storageKey: "reports/LOT-0042.pdf", fileName: "LOT-0042.pdf" },
      error: null,
      kind: lotReport.kind,
      subjectType: "lot",
      subjectId: "lot-42",
    });
    expect(stored.project?.id).toBe(project.id);
    expect(stored.requestedBy?.id).toBe(user.id);
    expect(stored.startedAt).toBeInstanceOf(Date);
    expect(stored.finishedAt).toBeInstanceOf(Date);
    expect(progressSeen.at(-1)).toBe(75);
    expect(jobState(stored)).toBe("regenerate");
  });

  it("saves progress while the job works", async () => {
    const project = await createProject(db.em);
    await enqueueJob(db.em, { kind: "test.watched-report", projectId: project.id, subject: lotSubject });
    expect(progressFromDatabase).toEqual([60]);
  });

  it("ends a failing job as failed with its error message and the state error", async () => {
    const project = await createProject(db.em);
    const run = await enqueueJob(db.em, {
      kind: "test.broken-report",
      projectId: project.id,
      subject: lotSubject,
    });
    const stored = await db.em.findOneOrFail(JobRun, run.id);
    expect(stored).toMatchObject({
      status: "failed",
      error: "The template is missing",
      progress: 40,
      result: null,
    });
    expect(jobState(stored)).toBe("error");
    expect(jobProgress(stored)).toBe(40);
  });

  it("shows generate, then regenerate after a run, and the latest run after asking again", async () => {
    const project = await createProject(db.em);
    const where = { kind: lotReport.kind, projectId: project.id, subject: lotSubject };
    expect(jobState(await latestJobRun(db.em, where))).toBe("generate");
    const first = await enqueueJob(db.em, { ...where, kind: lotReport, payload: { lotNumber: "LOT-0001" } });
    expect(jobState(await latestJobRun(db.em, where))).toBe("regenerate");
    const second = await enqueueJob(db.em, { ...where, kind: lotReport, payload: { lotNumber: "LOT-0002" } });
    const latest = await latestJobRun(db.em, where);
    expect(latest?.id).toBe(second.id);
    expect(latest?.id).not.toBe(first.id);
    expect(latest?.result).toMatchObject({ fileName: "LOT-0002.pdf" });
    expect(jobState(latest)).toBe("regenerate");
    // Another subject and another project have their own state.
    expect(jobState(await latestJobRun(db.em, { ...where, subject: { type: "lot", id: "other" } }))).toBe(
      "generate",
    );
    const other = await createProject(db.em);
    expect(jobState(await latestJobRun(db.em, { ...where, projectId: other.id }))).toBe("generate");
  });

  it("refuses unknown kinds and enqueueing inside a transaction", async () => {
    await expect(enqueueJob(db.em, { kind: "test.unknown", projectId: null })).rejects.toThrow(
      /no job of kind/,
    );
    await expect(
      db.em.transactional((tx) =>
        enqueueJob(tx, { kind: lotReport, projectId: null, payload: { lotNumber: "X" } }),
      ),
    ).rejects.toThrow(/after the transaction commits/);
  });
});

describe("background jobs (manual)", () => {
  it("keeps runs queued (generating) until they are run", async () => {
    await startJobs({ mode: "manual" });
    const project = await createProject(db.em);
    const run = await enqueueJob(db.em, {
      kind: lotReport,
      projectId: project.id,
      subject: lotSubject,
      payload: { lotNumber: "LOT-0007" },
    });
    expect(run.status).toBe("queued");
    expect(jobState(run)).toBe("generating");
    expect(await runQueuedJobs()).toBe(1);
    const done = await db.em.findOneOrFail(JobRun, run.id);
    expect(done.status).toBe("completed");
    expect(await runQueuedJobs()).toBe(0);
  });
});

describe("background jobs (pg-boss on the test database)", () => {
  afterEach(async () => {
    await stopJobs();
  });

  it("hands every defined schedule to pg-boss when the workers start, and runs a tick on demand", async () => {
    await startJobs({ mode: "queue", database: db.db, pollingIntervalSeconds: 0.5 });
    const rows = await db.em
      .getConnection()
      .execute<{ name: string; cron: string; timezone: string }[]>(
        "select name, cron, timezone from pgboss.schedule where name = 'test.nightly-sweep'",
      );
    expect(rows).toEqual([{ name: "test.nightly-sweep", cron: "30 2 * * *", timezone: "UTC" }]);
    // Starting again (a second process, a restart) keeps one schedule.
    await startJobs({ mode: "queue", database: db.db, pollingIntervalSeconds: 0.5 });
    const again = await db.em
      .getConnection()
      .execute("select name from pgboss.schedule where name = 'test.nightly-sweep'");
    expect(again).toHaveLength(1);
    const at = new Date("2026-11-26T02:30:00Z");
    await runScheduleTick(db.db.orm, "test.nightly-sweep", at);
    expect(ticks).toContainEqual(at);
    await expect(runScheduleTick(db.db.orm, "test.unknown")).rejects.toThrow(
      'No schedule named "test.unknown"',
    );
  });

  it("runs queued jobs through pg-boss workers", async () => {
    await startJobs({ mode: "queue", database: db.db, pollingIntervalSeconds: 0.5 });
    const project = await createProject(db.em);
    const done = await enqueueJob(db.em, {
      kind: lotReport,
      projectId: project.id,
      subject: lotSubject,
      payload: { lotNumber: "LOT-0100" },
    });
    const failed = await enqueueJob(db.em, {
      kind: "test.broken-report",
      projectId: project.id,
      subject: lotSubject,
    });
    const finished = await waitForJob(done.id);
    expect(finished).toMatchObject({
      status: "completed",
      progress: 100,
      result: { fileName: "LOT-0100.pdf" },
    });
    const broken = await waitForJob(failed.id);
    expect(broken).toMatchObject({ status: "failed", error: "The template is missing" });
    expect(jobState(broken)).toBe("error");
  });

  it("ends runs whose worker went silent as failed when workers start, and leaves runs a live worker touches", async () => {
    const project = await createProject(db.em);
    const em = db.em;
    const running = () =>
      em.create(JobRun, {
        project: project.id,
        kind: lotReport.kind,
        subjectType: lotSubject.type,
        subjectId: lotSubject.id,
        status: "running",
        progress: 40,
      } as any);
    const cutOff = running();
    const elsewhere = running();
    await em.flush();
    // The cut-off run's worker last touched it ten minutes ago; another process's worker just did.
    await em
      .fork()
      .nativeUpdate(JobRun, { id: cutOff.id }, { updatedAt: new Date(Date.now() - 10 * 60_000) });
    await startJobs({ mode: "queue", database: db.db, pollingIntervalSeconds: 0.5 });
    const after = await db.em.fork().findOneOrFail(JobRun, { id: cutOff.id });
    expect(after).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR });
    expect(jobState(after)).toBe("error");
    const other = await db.em.fork().findOneOrFail(JobRun, { id: elsewhere.id });
    expect(other).toMatchObject({ status: "running", progress: 40, error: null });
  });

  it("keeps a run alive while its worker works: the heartbeat touches it, so no sweep ends it", async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // Reports no progress: only the heartbeat touches the run while it works.
    defineJob("test.slow-report", () => finished);
    const heartbeatMs = 100;
    // Every process sweeps each beat and ends a run silent for five beats.
    const abandonedAfterMs = 5 * heartbeatMs;
    await startJobs({ mode: "queue", database: db.db, pollingIntervalSeconds: 0.5, heartbeatMs });
    try {
      const project = await createProject(db.em);
      const slow = await enqueueJob(db.em, { kind: "test.slow-report", projectId: project.id });
      const deadline = Date.now() + 20_000;
      let seen = await db.em.fork().findOneOrFail(JobRun, slow.id);
      // Until the run has been working longer than a silent one may, or has ended.
      while (
        seen.status !== "failed" &&
        !(seen.startedAt && seen.updatedAt.getTime() - seen.startedAt.getTime() > 2 * abandonedAfterMs) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await db.em.fork().findOneOrFail(JobRun, slow.id);
      }
      expect(seen.status).toBe("running");
      expect(seen.updatedAt.getTime() - seen.startedAt!.getTime()).toBeGreaterThan(2 * abandonedAfterMs);
    } finally {
      finish();
    }
  });
});
