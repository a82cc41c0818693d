import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AccCostClient,
  type AccCostClientOptions,
  AccCostInputError,
  AccCostNotConnectedError,
  AccCostPostError,
  accCostStatus,
  type ExpenseToPost,
} from "./cost-client.server";
import { accCostClientFor, setAccCostForTests } from "./index.server";
import { type FakeAccCost, startFakeAccCost } from "./testing/fake-acc-cost-server";

let fake: FakeAccCost;
beforeEach(async () => {
  fake = await startFakeAccCost();
  fake.budgets.push(
    {
      id: "b-0001",
      code: "01-100",
      name: "Earthworks",
      originalAmount: "125000.0000",
      revised: "130000.5000",
    },
    { id: "b-0002", code: "02-200", name: "Concrete", originalAmount: "98000.1250", unitPrice: "0.3333" },
  );
});
afterEach(async () => {
  setAccCostForTests();
  await fake.close();
});

const client = (options: AccCostClientOptions = {}, secret?: string) =>
  new AccCostClient(
    { clientId: fake.clientId, clientSecret: secret ?? fake.clientSecret, baseUrl: fake.url },
    { retry: { retries: 2, minTimeoutMs: 5 }, ...options },
  );

/** A docket of five lines, as the dockets module will post it. */
const docket = (overrides: Partial<ExpenseToPost> = {}): ExpenseToPost => ({
  externalId: "docket-7f1c",
  number: "DKT-0042",
  name: "Docket DKT-0042 — excavator hire",
  description: "Approved site docket",
  supplierName: "Hillside Plant Hire",
  referenceNumber: "INV-5531",
  items: [1, 2, 3, 4, 5].map((n) => ({
    externalId: `docket-7f1c-line-${n}`,
    name: `Line ${n}`,
    budgetId: n % 2 ? "b-0001" : "b-0002",
    quantity: n === 5 ? "2.5" : String(n),
    unit: "hr",
    unitCostCents: 14_500,
    amountCents: n === 5 ? 36_250 : 14_500 * n,
  })),
  ...overrides,
});

const createdItems = () => fake.expenses.flatMap((expense) => expense.items);
const count = (route: string) => fake.routes().filter((r) => r === route).length;

describe("ACC Cost Management client against the fake cost server", () => {
  it("posts an expense with its 5 items under ACC's field names, returning ACC's ids", async () => {
    const posted = await client().postExpense(fake.containerId, docket());
    expect(fake.routes()).toEqual([
      "token",
      "listExpenses",
      "createExpense",
      "listItems",
      "createItem",
      "createItem",
      "createItem",
      "createItem",
      "createItem",
    ]);
    const lookup = fake.calls[1].query;
    expect(lookup).toMatchObject({
      "filter[externalId]": "docket-7f1c",
      "filter[externalSystem]": "SiteProof",
    });
    expect(fake.expenses).toHaveLength(1);
    const [expense] = fake.expenses;
    expect(expense).toMatchObject({
      name: "Docket DKT-0042 — excavator hire",
      number: "DKT-0042",
      description: "Approved site docket",
      supplierName: "Hillside Plant Hire",
      referenceNumber: "INV-5531",
      externalId: "docket-7f1c",
      externalSystem: "SiteProof",
    });
    expect(expense.items[4]).toMatchObject({
      name: "Line 5",
      budgetId: "b-0001",
      quantity: 2.5,
      unit: "hr",
      unitPrice: "145.00",
      amount: "362.50",
      externalId: "docket-7f1c-line-5",
      externalSystem: "SiteProof",
    });
    expect(posted).toEqual({
      expenseId: expense.id,
      created: true,
      items: expense.items.map((item) => ({ externalId: item.externalId, id: item.id, created: true })),
      totalCents: 14_500 * 10 + 36_250,
      total: "1812.50",
    });
  });

  it("signs in once and reuses the token for later calls and posts", async () => {
    const costs = client();
    await costs.postExpense(fake.containerId, docket());
    await costs.postExpense(
      fake.containerId,
      docket({
        externalId: "docket-other",
        items: docket()
          .items.slice(0, 1)
          .map((i) => ({ ...i, externalId: "other-1" })),
      }),
    );
    await costs.listBudgets(fake.containerId);
    expect(count("token")).toBe(1);
    expect(fake.expenses).toHaveLength(2);
  });

  it("the job-facing factory keeps one client per settings, so jobs share its token", async () => {
    setAccCostForTests({ baseUrl: fake.url, retry: { retries: 0 } });
    const settings = {
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      containerId: fake.containerId,
    };
    const first = accCostClientFor(settings);
    expect(first.containerId).toBe(fake.containerId);
    await first.client.listBudgets(first.containerId);
    const again = accCostClientFor({ ...settings });
    expect(again.client).toBe(first.client);
    await again.client.listContracts(again.containerId);
    expect(count("token")).toBe(1);
  });

  it("waits for Retry-After when ACC answers 429, then posts every item once", async () => {
    fake.failNext("createItem", null, { status: 429, retryAfter: "1" });
    const started = Date.now();
    const posted = await client().postExpense(fake.containerId, docket());
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(count("createItem")).toBe(6);
    expect(createdItems()).toHaveLength(5);
    expect(posted.items.every((item) => item.created)).toBe(true);
  });

  it("a second run of the same post creates nothing new and returns the same ids", async () => {
    const costs = client();
    const first = await costs.postExpense(fake.containerId, docket());
    fake.calls.length = 0;
    const second = await client().postExpense(fake.containerId, docket());
    expect(fake.routes()).toEqual(["token", "listExpenses", "listItems"]);
    expect(second.created).toBe(false);
    expect(second.expenseId).toBe(first.expenseId);
    expect(second.items).toEqual(first.items.map((item) => ({ ...item, created: false })));
    expect(fake.expenses).toHaveLength(1);
    expect(createdItems()).toHaveLength(5);
  });

  it("stops when the 3rd of 5 items keeps failing, says what ACC holds, and a re-run adds exactly the missing items", async () => {
    // Items 1 and 2 go through; item 3 answers 500 on all 3 attempts (retries: 2).
    fake.failNext("createItem", null, null, { status: 500 }, { status: 500 }, { status: 500 });
    const failed = await client()
      .postExpense(fake.containerId, docket())
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AccCostPostError);
    const error = failed as AccCostPostError;
    expect(error.status).toBe(500);
    expect(error.message).toMatch(
      /^Posting expense docket-7f1c to ACC stopped: Adding item 3 of 5 \(docket-7f1c-line-3\) failed: HTTP 500 .*gave up after 3 attempts\)\. ACC holds the expense .+ and 2 of 5 items; posting again adds only what is missing\.$/,
    );
    expect(error.posted.items.map((item) => item.externalId)).toEqual([
      "docket-7f1c-line-1",
      "docket-7f1c-line-2",
    ]);
    expect(createdItems().map((item) => item.externalId)).toEqual([
      "docket-7f1c-line-1",
      "docket-7f1c-line-2",
    ]);

    fake.calls.length = 0;
    const rerun = await client().postExpense(fake.containerId, docket());
    expect(count("createExpense")).toBe(0);
    expect(
      fake.calls.filter((call) => call.route === "createItem").map((call) => call.body?.externalId),
    ).toEqual(["docket-7f1c-line-3", "docket-7f1c-line-4", "docket-7f1c-line-5"]);
    expect(rerun.expenseId).toBe(error.posted.expenseId);
    expect(rerun.items.map((item) => item.created)).toEqual([false, false, true, true, true]);
    expect(fake.expenses).toHaveLength(1);
    expect(createdItems().map((item) => item.externalId)).toEqual(
      docket().items.map((item) => item.externalId),
    );
  });

  it("a create whose answer was lost (ACC made it, then answered 500) is found again, not made twice", async () => {
    fake.failNext("createExpense", { status: 502, afterCommit: true });
    fake.failNext("createItem", null, { status: 500, afterCommit: true });
    const posted = await client().postExpense(fake.containerId, docket());
    expect(fake.expenses).toHaveLength(1);
    expect(count("createExpense")).toBe(1);
    expect(createdItems()).toHaveLength(5);
    expect(count("createItem")).toBe(5);
    expect(posted.items.map((item) => item.id)).toEqual(createdItems().map((item) => item.id));
  });

  it("two posts of one docket at once in one process make one expense", async () => {
    const costs = client();
    const [a, b] = await Promise.all([
      costs.postExpense(fake.containerId, docket()),
      costs.postExpense(fake.containerId, docket()),
    ]);
    expect(a.expenseId).toBe(b.expenseId);
    expect(fake.expenses).toHaveLength(1);
    expect(createdItems()).toHaveLength(5);
  });

  it("writes exact cents as ACC's decimal strings and totals them in cents (0.10 + 0.20 = 0.30)", async () => {
    const items = [10, 20, -5, 123_456_789_012].map((cents, index) => ({
      externalId: `cents-${index}`,
      name: `Cents ${index}`,
      quantity: "1",
      unit: "ea",
      unitCostCents: cents,
      amountCents: cents,
    }));
    const posted = await client().postExpense(fake.containerId, docket({ items }));
    expect(createdItems().map((item) => item.amount)).toEqual(["0.10", "0.20", "-0.05", "1234567890.12"]);
    expect(createdItems().map((item) => item.unitPrice)).toEqual(["0.10", "0.20", "-0.05", "1234567890.12"]);
    expect(posted.totalCents).toBe(123_456_789_037);
    expect(posted.total).toBe("1234567890.37");
    const small = await client().postExpense(
      fake.containerId,
      docket({ externalId: "small", items: items.slice(0, 2) }),
    );
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(small.total).toBe("0.30");
  });

  it("refuses a post it cannot make before any call: repeated item ids, a bad quantity, fractional cents, both budget and code", async () => {
    const [line] = docket().items;
    const bad = docket({
      items: [
        line,
        { ...line },
        { ...line, externalId: "q", quantity: "1,5" },
        { ...line, externalId: "c", amountCents: 12.5 },
        { ...line, externalId: "both", costAccountCode: "01-100" },
        { ...line, externalId: "a,b" },
      ],
    });
    const error = await client()
      .postExpense(fake.containerId, bad)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccCostInputError);
    expect((error as Error).message).toMatch(/item 2 repeats externalId docket-7f1c-line-1/);
    expect((error as Error).message).toMatch(/item 3: Not a decimal quantity: "1,5"/);
    expect((error as Error).message).toMatch(/item 4: Not a whole number of cents: 12.5/);
    expect((error as Error).message).toMatch(/item 5 names both a budget id and a cost account code/);
    expect((error as Error).message).toMatch(/item 6 externalId contains a comma/);
    expect(fake.calls).toEqual([]);
  });

  it("stops, naming them, when ACC holds two expenses with our externalId (it does not pick one)", async () => {
    for (let n = 0; n < 2; n++)
      fake.expenses.push({
        id: `dup-${n}`,
        externalId: "docket-7f1c",
        externalSystem: "SiteProof",
        items: [],
      });
    await expect(client().postExpense(fake.containerId, docket())).rejects.toThrow(
      /ACC holds 2 expenses with externalId docket-7f1c from SiteProof; remove the extra ones in ACC.*ACC holds nothing of this expense/,
    );
    expect(count("createExpense") + count("createItem")).toBe(0);
  });

  it("sends a cost account code as ACC's budgetCode", async () => {
    const [line] = docket().items;
    await client().postExpense(
      fake.containerId,
      docket({ items: [{ ...line, budgetId: undefined, costAccountCode: "02-200" }] }),
    );
    expect(createdItems()[0]).toMatchObject({ budgetCode: "02-200" });
    expect(createdItems()[0]).not.toHaveProperty("budgetId");
  });

  it("does not retry what retrying cannot fix (wrong secret), and says so", async () => {
    await expect(client({}, "wrong").postExpense(fake.containerId, docket())).rejects.toThrow(
      /ACC sign-in failed: HTTP 401/,
    );
    expect(fake.routes()).toEqual(["token"]);
  });

  it("reads every budget page by page with offset/limit, amounts in cents", async () => {
    for (let n = 3; n <= 5; n++)
      fake.budgets.push({
        id: `b-000${n}`,
        code: `0${n}-000`,
        name: `Package ${n}`,
        originalAmount: `${n}000.00`,
      });
    const budgets = await client({ pageSize: 2 }).listBudgets(fake.containerId);
    const pages = fake.calls.filter((call) => call.route === "budgets").map((call) => call.query);
    expect(pages.map((query) => [query.offset, query.limit])).toEqual([
      ["0", "2"],
      ["2", "2"],
      ["4", "2"],
    ]);
    expect(budgets.map((budget) => budget.id)).toEqual(["b-0001", "b-0002", "b-0003", "b-0004", "b-0005"]);
    expect(budgets[0]).toMatchObject({
      code: "01-100",
      name: "Earthworks",
      originalAmountCents: 12_500_000,
      revisedCents: 13_000_050,
      unitPriceCents: null,
    });
    // ACC keeps four decimals: 98000.1250 → 9 800 013 cents (half up), 0.3333 → 33.
    expect(budgets[1]).toMatchObject({ originalAmountCents: 9_800_013, unitPriceCents: 33 });
  });

  it("reads every contract page by page", async () => {
    for (let n = 1; n <= 3; n++)
      fake.contracts.push({
        id: `c-${n}`,
        code: `SC-0${n}`,
        name: `Subcontract ${n}`,
        status: "executed",
        awarded: `${n}5000.5`,
      });
    const contracts = await client({ pageSize: 2 }).listContracts(fake.containerId);
    expect(count("contracts")).toBe(2);
    expect(contracts.map((c) => [c.code, c.status, c.awardedCents])).toEqual([
      ["SC-01", "executed", 1_500_050],
      ["SC-02", "executed", 2_500_050],
      ["SC-03", "executed", 3_500_050],
    ]);
  });

  it("keeps each endpoint under its rate limit: calls past it wait for the window", async () => {
    for (let n = 3; n <= 5; n++) fake.budgets.push({ id: `b-000${n}`, code: `0${n}`, name: `P${n}` });
    const costs = client({ pageSize: 1, rateLimit: { intervalMs: 400, limits: { "GET budgets": 2 } } });
    await costs.listBudgets(fake.containerId);
    const times = fake.calls.filter((call) => call.route === "budgets").map((call) => call.at);
    expect(times).toHaveLength(5);
    // No window of 400 ms holds more than 2 calls.
    for (let i = 0; i + 2 < times.length; i++) expect(times[i + 2] - times[i]).toBeGreaterThanOrEqual(390);
  });
});

describe("not connected", () => {
  it("says why the settings cannot post: none, incomplete, a bad address", () => {
    expect(accCostStatus(null)).toEqual({ connected: false, reason: "not-configured" });
    expect(accCostStatus({})).toEqual({ connected: false, reason: "not-configured" });
    expect(accCostStatus({ clientId: "id", clientSecret: " ", containerId: "" })).toEqual({
      connected: false,
      reason: "incomplete",
      missing: ["clientSecret", "containerId"],
    });
    expect(accCostStatus({ clientId: "id", clientSecret: "s", containerId: "c", baseUrl: "ftp:x" })).toEqual({
      connected: false,
      reason: "bad-base-url",
    });
    expect(accCostStatus({ clientId: "id", clientSecret: "s", containerId: " c-1 " })).toEqual({
      connected: true,
      containerId: "c-1",
    });
  });

  it("refuses to give a client (so nothing is posted) when not connected", () => {
    expect(() => accCostClientFor(null)).toThrow(AccCostNotConnectedError);
    expect(() => accCostClientFor({ clientId: "id" })).toThrow(/not connected \(incomplete\)/);
    expect(fake.calls).toEqual([]);
  });
});
