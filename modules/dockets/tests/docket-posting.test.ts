import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setAccCostForTests } from "~/plugins/acc/index.server";
import { type FakeAccCost, startFakeAccCost } from "~/plugins/acc/testing/fake-acc-cost-server";
import { saveAccCostConnection } from "~/server/acc/cost-connection.server";
import { ActivityLog, JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, signedInMember } from "~/tests/setup/requests";
import { DOCKET_ENTITY_TYPE } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { Docket, DocketItem } from "../entities";
import * as postOne from "../routes/docket-posting";
import * as postApproved from "../routes/docket-posting-approved";
import { docketPostingData, NOT_CONNECTED_ERROR, postDocket } from "../server/docket-posting.server";
import { makeDocket } from "./docket-posting-fixtures";

const db = setupTestDatabase();
let fake: FakeAccCost;

beforeAll(async () => {
  fake = await startFakeAccCost();
});
afterAll(async () => {
  setAccCostForTests();
  await fake.close();
});
afterEach(() => {
  fake.expenses.length = 0;
  fake.calls.length = 0;
});

async function connectedSite(retries = 0) {
  setAccCostForTests({ baseUrl: fake.url, retry: { retries, minTimeoutMs: 5, maxRetryAfterMs: 3000 } });
  const em = db.em;
  const project = await createProject(em);
  const company = await createCompany(em, { name: "Dig Deep Pty Ltd" });
  const poster = await signedInMember(em, project, [DOCKET_PERMISSIONS.view, DOCKET_PERMISSIONS.post]);
  await em.transactional((tx) =>
    saveAccCostConnection(
      scopeToProject(tx, project.id),
      project.id,
      {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        containerId: fake.containerId,
        baseUrl: fake.url,
      },
      { id: poster.user.id, entityType: "dockets.acc-connection" },
    ),
  );
  return { em, project, company, poster };
}

const reload = async (id: string) => {
  const em = db.em;
  const docket = await em.findOneOrFail(Docket, id, { filters: false });
  const items = await em.find(DocketItem, { docket: id }, { filters: false, orderBy: { position: "asc" } });
  return { docket, items };
};

describe("posting approved dockets to ACC", () => {
  it("queues a job from the form; the job posts the expense with its items and only then marks it posted", async () => {
    const { em, project, company, poster } = await connectedSite();
    const docket = await makeDocket(em, project, {
      status: "approved",
      company,
      items: [
        { code: "LAB-01", quantity: "8.000", unitPriceCents: 9550, costAccount: "CA-100" },
        { code: "EXC-20", quantity: "2.500", unitPriceCents: 18000, costAccount: "CA-200" },
      ],
    });
    const answer = await callAction(postOne, `/dockets/${docket.id}/post`, {
      cookie: poster.cookie,
      params: { id: docket.id },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dockets/${docket.id}`);

    const { docket: posted, items } = await reload(docket.id);
    expect(posted.status).toBe("posted");
    expect(fake.expenses).toHaveLength(1);
    const expense = fake.expenses[0];
    expect(posted.accExpenseId).toBe(expense.id);
    expect(expense.externalId).toBe(docket.id);
    expect(expense.supplierName).toBe("Dig Deep Pty Ltd");
    expect(expense.items.map((item) => [item.externalId, item.budgetCode, item.amount])).toEqual([
      [items[0].id, "CA-100", "764.00"],
      [items[1].id, "CA-200", "450.00"],
    ]);
    expect(items.map((item) => item.accItemId)).toEqual(expense.items.map((item) => item.id));
    expect(posted.postedAt).toBeInstanceOf(Date);
    expect(posted.postError).toBeNull();
    const run = await em.findOneOrFail(JobRun, { kind: "dockets.post-to-acc", project: project.id });
    expect(run.status).toBe("completed");
    const steps = await em.find(
      ActivityLog,
      { entityType: DOCKET_ENTITY_TYPE, entityId: docket.id },
      { filters: false, orderBy: { createdAt: "asc" } },
    );
    expect(steps.map((entry) => entry.action)).toEqual(["post-requested", "status-changed"]);
    expect(steps[1].after).toMatchObject({ status: "posted", accExpenseId: expense.id });
  });

  it("waits out a 429 and posts once", async () => {
    const { em, project, company } = await connectedSite(2);
    const docket = await makeDocket(em, project, { status: "approved", company });
    fake.failNext("createExpense", { status: 429, retryAfter: "1" });
    expect(await postDocket(em, project.id, docket.id, null)).toBe("posted");
    expect(fake.routes().filter((route) => route === "createExpense")).toHaveLength(2);
    expect(fake.expenses).toHaveLength(1);
    expect((await reload(docket.id)).docket.status).toBe("posted");
  });

  it("a failure mid-batch leaves the failed docket approved with its reason; a retry completes it without duplicates", async () => {
    const { em, project, company, poster } = await connectedSite();
    const first = await makeDocket(em, project, { status: "approved", company });
    const second = await makeDocket(em, project, {
      status: "approved",
      company,
      items: [
        { code: "LAB-01", quantity: "4.000", unitPriceCents: 9550 },
        { code: "LAB-02", quantity: "3.000", unitPriceCents: 8800 },
      ],
    });
    const draft = await makeDocket(em, project, { status: "draft", company });
    // The 1st docket's item goes through, the 2nd docket's first item too, its second fails.
    fake.failNext("createItem", null, null, { status: 500 });
    const answer = await callAction(postApproved, "/dockets/post-approved", { cookie: poster.cookie });
    expect(answer.status).toBe(302);

    const one = await reload(first.id);
    const two = await reload(second.id);
    expect(one.docket.status).toBe("posted");
    expect(two.docket.status).toBe("approved");
    expect(two.docket.accExpenseId).toBeNull();
    expect(two.docket.postError).toMatch(/500/);
    expect(two.items.every((item) => item.accItemId === null)).toBe(true);
    expect((await reload(draft.id)).docket.status).toBe("draft");
    const run = await em.findOneOrFail(JobRun, { kind: "dockets.post-to-acc", project: project.id });
    expect(run.status).toBe("failed");
    const panel = await docketPostingData({ em, project, can: () => true } as never, two.docket);
    expect(panel.posting).toEqual({ state: "failed", message: two.docket.postError });

    // Post again: the 2nd docket's expense and first item are found, only the missing item is created.
    await callAction(postOne, `/dockets/${second.id}/post`, {
      cookie: poster.cookie,
      params: { id: second.id },
    });
    const again = await reload(second.id);
    expect(again.docket.status).toBe("posted");
    expect(again.docket.postError).toBeNull();
    expect(fake.expenses).toHaveLength(2);
    const expense = fake.expenses.find((row) => row.externalId === second.id);
    expect(expense?.items.map((item) => item.externalId)).toEqual(again.items.map((item) => item.id));
    expect(again.items.map((item) => item.accItemId)).toEqual(expense?.items.map((item) => item.id));
    expect(fake.routes().filter((route) => route === "createExpense")).toHaveLength(2);
    expect(fake.routes().filter((route) => route === "createItem")).toHaveLength(4);

    // A third attempt has nothing to post: the docket is no longer approved.
    expect(await postDocket(em, project.id, second.id, null)).toBe("skipped");
  });

  it("without a connection nothing is offered, nothing is called, and a queued docket says not connected", async () => {
    setAccCostForTests({ baseUrl: fake.url, retry: { retries: 0 } });
    const em = db.em;
    const project = await createProject(em);
    const company = await createCompany(em, { name: "Nowhere Co" });
    const poster = await signedInMember(em, project, [DOCKET_PERMISSIONS.view, DOCKET_PERMISSIONS.post]);
    const docket = await makeDocket(em, project, { status: "approved", company });
    const panel = await docketPostingData({ em, project, can: () => true } as never, docket);
    expect(panel).toMatchObject({ canPost: false, posting: { state: "not-connected" } });

    const answer = await callAction(postOne, `/dockets/${docket.id}/post`, {
      cookie: poster.cookie,
      params: { id: docket.id },
    });
    expect(answer.status).toBe(302);
    expect((await reload(docket.id)).docket.postRequestedAt).toBeNull();
    expect(await em.count(JobRun, { kind: "dockets.post-to-acc", project: project.id })).toBe(0);

    // A job queued before the connection went: it records why, and calls nobody.
    expect(await postDocket(em, project.id, docket.id, null)).toBe("failed");
    const { docket: after } = await reload(docket.id);
    expect(after.status).toBe("approved");
    expect(after.postError).toBe(NOT_CONNECTED_ERROR);
    expect(fake.calls).toHaveLength(0);
  });

  it("refuses those without the post permission", async () => {
    const { em, project, company } = await connectedSite();
    const viewer = await signedInMember(em, project, [DOCKET_PERMISSIONS.view]);
    const docket = await makeDocket(em, project, { status: "approved", company });
    const answer = await callAction(postOne, `/dockets/${docket.id}/post`, {
      cookie: viewer.cookie,
      params: { id: docket.id },
    });
    expect(answer.location ?? String(answer.status)).toMatch(/forbidden|403/);
    expect(fake.calls).toHaveLength(0);
  });

  it("a docket whose run died before reaching it says so and may be posted again", async () => {
    const { em, project, company, poster } = await connectedSite();
    const docket = await makeDocket(em, project, { status: "approved", company });
    // The run took the docket, then its process died: the job runner marked it failed; the docket recorded nothing.
    const requestedAt = new Date(Date.now() - 60_000);
    await em.nativeUpdate(Docket, { id: docket.id }, { postRequestedAt: requestedAt });
    em.create(JobRun, {
      project: project.id,
      kind: "dockets.post-to-acc",
      status: "failed",
      payload: { docketIds: [docket.id] },
      error: "The worker stopped while it ran",
      createdAt: new Date(requestedAt.getTime() + 1000),
    });
    await em.flush();
    const queued = (await reload(docket.id)).docket;
    const panel = await docketPostingData({ em, project, can: () => true } as never, queued);
    expect(panel.posting).toEqual({ state: "failed", message: "The worker stopped while it ran" });

    await callAction(postOne, `/dockets/${docket.id}/post`, {
      cookie: poster.cookie,
      params: { id: docket.id },
    });
    expect((await reload(docket.id)).docket.status).toBe("posted");
    expect(fake.expenses).toHaveLength(1);
  });

  it("a docket waiting for a run still queued or running stays queued and is not queued twice", async () => {
    const { em, project, company, poster } = await connectedSite();
    const docket = await makeDocket(em, project, { status: "approved", company });
    const requestedAt = new Date(Date.now() - 60_000);
    await em.nativeUpdate(Docket, { id: docket.id }, { postRequestedAt: requestedAt });
    em.create(JobRun, {
      project: project.id,
      kind: "dockets.post-to-acc",
      status: "running",
      payload: { docketIds: [docket.id] },
      createdAt: new Date(requestedAt.getTime() + 1000),
    });
    await em.flush();
    const panel = await docketPostingData(
      { em, project, can: () => true } as never,
      (await reload(docket.id)).docket,
    );
    expect(panel.posting).toEqual({ state: "queued", since: requestedAt.toISOString() });
    await callAction(postOne, `/dockets/${docket.id}/post`, {
      cookie: poster.cookie,
      params: { id: docket.id },
    });
    expect(await em.count(JobRun, { kind: "dockets.post-to-acc", project: project.id })).toBe(1);
    expect(fake.calls).toHaveLength(0);
  });
});
