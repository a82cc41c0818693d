import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { type AppProcess, startAppProcess } from "./app-process";
import { demo, expect, openProfileMenu, submitSignInForm, test } from "./fixtures";

/**
 * Several processes on one PostgreSQL database work as one product (decision 015). Two independent
 * servers, A and B, run on a database of their own with one DATA_DIR and one SESSION_SECRET, as two
 * machines behind a load balancer would (with shared storage); each runs its own job workers. Cookies do
 * not depend on the port, so one browser holding A's cookies sends them to B, as to any server behind the
 * balancer. Each test does something on A and finds it on B. A third server, with WEB_CONCURRENCY=2, shows
 * the cluster: its workers serve, one that dies is replaced, and SIGTERM stops them all.
 *
 * Needs a PostgreSQL server (DATABASE_URL, the CI's PostgreSQL phase): the embedded database lives in the
 * one process that opened it, so there is no second process to start on it.
 */

const DEMO_PROJECT = "NBU-2026";
const SESSION_SECRET = `multiprocess-${randomBytes(16).toString("hex")}`;

test.describe("Several processes on one database", () => {
  test.skip(
    !process.env.DATABASE_URL,
    "Needs a PostgreSQL server (DATABASE_URL): the embedded database lives in one process",
  );
  // One pair of servers for the file: the tests take turns on it, in this order.
  test.describe.configure({ mode: "serial" });

  const databaseName = `siteproof_multiprocess_${randomBytes(4).toString("hex")}`;
  const dataDir = resolve(`.cache/multiprocess-${databaseName}`);
  let admin: pg.Client;
  let db: pg.Client;
  let a: AppProcess;
  let b: AppProcess;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    mkdirSync(dataDir, { recursive: true });
    const env = {
      DATABASE_URL: databaseUrl(databaseName),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      WEB_CONCURRENCY: "1",
    };
    // Both start at once on the empty database: they take turns to migrate and seed it.
    const [startA, startB] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    [a, b] = await Promise.all([startA.ready(180_000), startB.ready(180_000)]);
    db = new pg.Client({ connectionString: databaseUrl(databaseName) });
    await db.connect();
  });

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.end();
    if (admin) {
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("two servers started together on an empty database: it is migrated and seeded once", async () => {
    const seeded = [a, b].filter((server) => server.output().includes("Demo sign-ins"));
    expect(seeded).toHaveLength(1);
    const admins = await db.query(
      "select count(*)::int as n from app_user where email = 'admin@siteproof.test'",
    );
    expect(admins.rows[0].n).toBe(1);
  });

  test("a session started on A is accepted by B, and signing out on A ends it on B", async ({ page }) => {
    await page.goto(`${a.origin}/auth/login`);
    await submitSignInForm(page, demo.engineer.email, demo.password);
    await expect(page).toHaveURL(`${a.origin}/`);

    await page.goto(`${b.origin}/`);
    await expect(page.getByRole("heading", { name: `Welcome, ${demo.engineer.name}` })).toBeVisible();
    await expect(page.getByTestId("current-project")).toHaveText(
      `${demo.northernBridge.name} (${demo.northernBridge.number})`,
    );

    await page.goto(`${a.origin}/`);
    await openProfileMenu(page);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(`${a.origin}/auth/login`);

    await page.goto(`${b.origin}/`);
    await expect(page).toHaveURL(`${b.origin}/auth/login`);
    await expect(page.getByRole("heading", { name: "Sign in to SiteProof" })).toBeVisible();
  });

  test("failed sign-ins on A and on B count together towards one limit", async ({ page }) => {
    // Five failures for one email are allowed (server/auth/rate-limit.server.ts): three on A, two on B.
    const email = "viewer@siteproof.test";
    for (const origin of [a.origin, b.origin, a.origin, b.origin, a.origin]) {
      await page.goto(`${origin}/auth/login`);
      await submitSignInForm(page, email, "Not-the-password#1");
      await expect(page.getByRole("alert")).toHaveText("Wrong email or password");
    }
    // The sixth try, on B and with the right password, waits: B counted A's failures too.
    await page.goto(`${b.origin}/auth/login`);
    await submitSignInForm(page, email, demo.password);
    await expect(page.getByRole("alert")).toHaveText(
      "Too many sign-in attempts. Please wait 15 minutes and try again.",
    );
    await expect(page).toHaveURL(`${b.origin}/auth/login`);
  });

  test("a file uploaded through A downloads through B", async ({ page }) => {
    await signIn(page, a, demo.engineer.email);
    const itpId = await demoItpId("ITP-0003");
    await page.goto(`${a.origin}/quality/itp/${itpId}`);
    const content = `Pile cap drawing, revision C, ${randomBytes(8).toString("hex")}\n`;
    await page
      .getByLabel("Files to attach to this item")
      .first()
      .setInputFiles({ name: "pile-cap-drawing.txt", mimeType: "text/plain", buffer: Buffer.from(content) });
    await page.getByRole("button", { name: "Attach", exact: true }).first().click();
    await expect(page.getByText("1 file attached to item 1")).toBeVisible();

    await page.goto(`${b.origin}/quality/itp/${itpId}`);
    // The file's name opens its attachment page; the file is that page's /file.
    const link = page.getByRole("link", { name: "pile-cap-drawing.txt" });
    await expect(link).toBeVisible();
    const download = await page.request.get(`${b.origin}${await link.getAttribute("href")}/file`);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe(content);
  });

  test("an ITP sent for review through A: its message shows on B's next page, and Quality's notification on B", async ({
    page,
  }) => {
    await signIn(page, b, demo.engineer.email);
    const itpId = await demoItpId("ITP-0003");

    await test.step("A answers the action; B serves the page it redirects to, with A's message", async () => {
      // What the ITP page's "Submit for review" button posts, answered by A; the redirect is followed on B.
      const answer = await page.request.post(`${a.origin}/quality/itp/${itpId}`, {
        form: { intent: "submit_for_review" },
        headers: { Origin: a.origin },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(302);
      const location = answer.headers().location;
      expect(location).toBe(`/quality/itp/${itpId}`);
      await page.goto(`${b.origin}${location}`);
      await expect(page.getByText("ITP-0003 sent for review by Quality")).toBeVisible();
    });

    await test.step("Quality's reviewer reads the notification on B", async () => {
      await page.context().clearCookies();
      await signIn(page, b, "qa@siteproof.test");
      await page.goto(`${b.origin}/notifications`);
      await expect(page.getByText("ITP-0003 is waiting for Quality's review")).toBeVisible();
    });
  });

  test("lot reports asked for through A each run once, on either server's workers, and download from B", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, a, demo.engineer.email);
    // Lots without a report yet: a new report removes the file of the lot's previous one.
    const lots = await db.query<{ id: string; number: string }>(
      `select l.id, l.number from lot l join project p on p.id = l.project_id
       where p.number = $1 and not exists (select from job_run r where r.subject_id = l.id::text)
       order by l.number limit 4`,
      [DEMO_PROJECT],
    );
    expect(lots.rows).toHaveLength(4);
    const pdfsBefore = storedPdfs(dataDir);

    for (const lot of lots.rows) {
      await page.goto(`${a.origin}/quality/lot/${lot.id}/report`);
      await page.getByRole("button", { name: "Generate report" }).click();
      // Asked for: the page offers no Generate any more (it shows the progress, or the report if done).
      await expect(page.getByRole("button", { name: "Generate report" })).toHaveCount(0);
    }
    for (const lot of lots.rows) {
      // B's page refreshes itself while the report is generating.
      await page.goto(`${b.origin}/quality/lot/${lot.id}/report`);
      await expect(page.getByRole("link", { name: /Download PDF/ })).toBeVisible({ timeout: 60_000 });
      const file = await page.request.get(`${b.origin}/quality/lot/${lot.id}/report/file`);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("application/pdf");
      expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }

    // One run per lot, completed; and each ran its handler once: a second run of one would have stored a
    // second PDF (each run stores its file under a new key).
    const runs = await db.query<{ subject_id: string; status: string }>(
      "select subject_id, status from job_run where kind = 'quality.lot-report' and subject_id = any($1)",
      [lots.rows.map((lot) => lot.id)],
    );
    expect(runs.rows.map((run) => run.status)).toEqual(["completed", "completed", "completed", "completed"]);
    expect(new Set(runs.rows.map((run) => run.subject_id)).size).toBe(4);
    expect(storedPdfs(dataDir)).toBe(pdfsBefore + 4);
  });

  test("WEB_CONCURRENCY=2: both workers serve, one that dies is replaced, SIGTERM stops them all", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { server: cluster, ready } = await startAppProcess({
      DATABASE_URL: databaseUrl(databaseName),
      DATA_DIR: dataDir,
      SESSION_SECRET,
      WEB_CONCURRENCY: "2",
    });
    try {
      await ready(180_000);
      // The primary says so once both workers listen.
      await expect.poll(() => cluster.output()).toContain("HTTP workers: 2 (WEB_CONCURRENCY)");
      const workers = cluster.workerPids();
      expect(workers).toHaveLength(2);

      // A session from A works on the cluster too.
      await signIn(page, a, demo.engineer.email);
      await page.goto(`${cluster.origin}/`);
      await expect(page.getByRole("heading", { name: `Welcome, ${demo.engineer.name}` })).toBeVisible();

      process.kill(workers[0], "SIGKILL");
      await expect
        .poll(() => cluster.output(), { timeout: 60_000 })
        .toContain(`Worker ${workers[0]} was ended by SIGKILL: starting another.`);
      const replacement = () =>
        cluster
          .workerPids()
          .find((pid) => !workers.includes(pid) && cluster.output().includes(`Worker ${pid} is serving.`));
      await expect.poll(replacement, { timeout: 120_000 }).toBeDefined();
      const serving = cluster.workerPids();
      expect(serving).toEqual(expect.arrayContaining([workers[1], replacement()]));
      expect(serving).toHaveLength(2);
      await page.goto(`${cluster.origin}/`);
      await expect(page.getByRole("heading", { name: `Welcome, ${demo.engineer.name}` })).toBeVisible();

      expect(await cluster.stop()).toBe(0);
      // Each worker closed its connections, stopped its jobs and closed the database, then ended.
      for (const pid of serving) {
        expect(cluster.output()).toContain(`Worker ${pid}: SIGTERM: closing connections...`);
        expect(isRunning(pid)).toBe(false);
      }
    } finally {
      await cluster.stop();
    }
  });

  /** Signs in through the form of the given server; the browser then sends the cookie to every server. */
  async function signIn(page: Page, server: AppProcess, email: string) {
    await page.goto(`${server.origin}/auth/login`);
    await submitSignInForm(page, email, demo.password);
    await expect(page).toHaveURL(`${server.origin}/`);
  }

  async function demoItpId(number: string): Promise<string> {
    const found = await db.query<{ id: string }>(
      "select i.id from itp i join project p on p.id = i.project_id where p.number = $1 and i.number = $2",
      [DEMO_PROJECT, number],
    );
    expect(found.rows).toHaveLength(1);
    return found.rows[0].id;
  }
});

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${name}`;
  return url.toString();
}

/** PDF files in the servers' shared storage (DATA_DIR/files). */
function storedPdfs(dataDir: string): number {
  const folder = join(dataDir, "files");
  let entries: string[] = [];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: "utf8" });
  } catch {
    return 0;
  }
  return entries.filter((entry) => {
    try {
      return readFileSync(join(folder, entry)).subarray(0, 5).toString() === "%PDF-";
    } catch {
      return false; // a folder
    }
  }).length;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
