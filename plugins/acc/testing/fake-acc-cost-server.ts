import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerToken,
  bodyOf,
  FailureQueue,
  type FakeFailure,
  sendJson,
  startLoopbackServer,
} from "./fake-http";

/**
 * A stand-in for ACC Cost Management on loopback (plain node:http), speaking the same HTTP API: the
 * two-legged token, expenses (list with filter[externalId] / filter[externalSystem], create), expense
 * items (list with the same filters, create), budgets and contracts — every list paginated with
 * offset/limit and `pagination.totalResults`. It keeps what was created, records every call, and can be
 * told to fail the next (or the Nth) calls of a route: 429 with Retry-After, 5xx, or a 5xx after doing
 * the work (the answer is lost).
 */

export type FakeCostRoute =
  | "token"
  | "listExpenses"
  | "createExpense"
  | "listItems"
  | "createItem"
  | "budgets"
  | "contracts";

export type FakeCostCall = {
  route: FakeCostRoute;
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  at: number;
};

type Row = Record<string, unknown> & { id: string };
export type FakeExpense = Row & { externalId?: string; externalSystem?: string; items: Row[] };

export type FakeAccCost = {
  url: string;
  clientId: string;
  clientSecret: string;
  containerId: string;
  calls: FakeCostCall[];
  /** The routes of the calls, in order. */
  routes(): FakeCostRoute[];
  expenses: FakeExpense[];
  budgets: Row[];
  contracts: Row[];
  /** The next calls of the route answer these failures in order; null lets a call through. */
  failNext(route: FakeCostRoute, ...failures: (FakeFailure | null)[]): void;
  close(): Promise<void>;
};

const DECIMAL = /^-?\d+\.\d{2,4}$/;
const MAX_LIMIT = 100;

export async function startFakeAccCost(): Promise<FakeAccCost> {
  const app = { clientId: "fake-cost-client", clientSecret: "fake-cost-secret", token: randomUUID() };
  const containerId = "5f3ae6a0-6e1b-4b6e-9a44-2a3c0b8c1d01";
  const expenses: FakeExpense[] = [];
  const budgets: Row[] = [];
  const contracts: Row[] = [];
  const failures = new FailureQueue<FakeCostRoute>();
  const calls: FakeCostCall[] = [];

  const server = await startLoopbackServer(() => handle);
  const { url } = server;

  const listOf = (address: URL) => (name: string) =>
    (address.searchParams.get(`filter[${name}]`) ?? "")
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);

  /** ACC's list answer: filtered by externalId / externalSystem, then the page asked. */
  function page(response: ServerResponse, address: URL, rows: Row[]) {
    const filter = listOf(address);
    const ids = filter("externalId");
    const systems = filter("externalSystem");
    const matching = rows.filter(
      (row) =>
        (ids.length === 0 || ids.includes(String(row.externalId))) &&
        (systems.length === 0 || systems.includes(String(row.externalSystem))),
    );
    const offset = Number(address.searchParams.get("offset") ?? 0);
    const limit = Math.min(Number(address.searchParams.get("limit") ?? MAX_LIMIT), MAX_LIMIT);
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1)
      return sendJson(response, 400, { detail: "Bad offset or limit" });
    const results = matching.slice(offset, offset + limit).map(({ items: _items, ...row }) => row);
    const more = offset + results.length < matching.length;
    const next = new URL(address);
    next.searchParams.set("offset", String(offset + results.length));
    return sendJson(response, 200, {
      pagination: { limit, offset, totalResults: matching.length, nextUrl: more ? next.toString() : "" },
      results,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? "/", url);
    const method = request.method ?? "GET";
    const found = routeOf(method, address.pathname);
    if (!found) return sendJson(response, 404, { detail: `No route ${method} ${address.pathname}` });
    const { route, params } = found;
    const raw = await bodyOf(request);
    let body: Record<string, unknown> | null = null;
    if (method === "POST" && route !== "token") {
      try {
        body = JSON.parse(raw.toString() || "{}");
      } catch {
        return sendJson(response, 400, { detail: "Body is not JSON" });
      }
    }
    calls.push({
      route,
      method,
      path: address.pathname,
      query: Object.fromEntries(address.searchParams),
      body,
      at: Date.now(),
    });
    const failure = failures.next(route);
    if (failure && !failure.afterCommit) return FailureQueue.answer(response, failure);
    // With afterCommit the work is done below, then the failure is answered instead of the result.
    const reply = (status: number, result: unknown) =>
      failure ? FailureQueue.answer(response, failure) : sendJson(response, status, result);

    if (route === "token")
      return failure
        ? FailureQueue.answer(response, failure)
        : answerToken(request.headers.authorization, raw, response, app);
    if (request.headers.authorization !== `Bearer ${app.token}`)
      return sendJson(response, 401, { detail: "Token is not provided or invalid" });
    if (params.containerId !== containerId) return sendJson(response, 404, { detail: "Container not found" });

    switch (route) {
      case "listExpenses":
        return page(response, address, expenses);
      case "createExpense": {
        if (typeof body?.name !== "string" || !body.name)
          return sendJson(response, 400, { detail: "name is required" });
        if (!body.supplierName && !body.supplierId)
          return sendJson(response, 400, { detail: "supplierId or supplierName is required" });
        const expense: FakeExpense = {
          ...body,
          id: randomUUID(),
          number: body.number ?? String(expenses.length + 1).padStart(4, "0"),
          status: body.status ?? "draft",
          createdAt: new Date().toISOString(),
          items: [],
        };
        expenses.push(expense);
        const { items: _items, ...answer } = expense;
        return reply(201, answer);
      }
      case "listItems": {
        const expense = expenses.find((e) => e.id === params.expenseId);
        if (!expense) return sendJson(response, 404, { detail: "Expense not found" });
        return page(response, address, expense.items);
      }
      case "createItem": {
        const expense = expenses.find((e) => e.id === params.expenseId);
        if (!expense) return sendJson(response, 404, { detail: "Expense not found" });
        if (typeof body?.name !== "string" || !body.name)
          return sendJson(response, 400, { detail: "name is required" });
        for (const field of ["unitPrice", "amount"])
          if (body[field] !== undefined && !(typeof body[field] === "string" && DECIMAL.test(body[field])))
            return sendJson(response, 400, { detail: `${field} must be a decimal string` });
        if (body.quantity !== undefined && typeof body.quantity !== "number")
          return sendJson(response, 400, { detail: "quantity must be a number" });
        if (body.budgetId && !budgets.some((b) => b.id === body?.budgetId))
          return sendJson(response, 400, { detail: "Budget not found" });
        const item: Row = {
          ...body,
          id: randomUUID(),
          number: String(expense.items.length + 1),
          createdAt: new Date().toISOString(),
        };
        expense.items.push(item);
        return reply(201, item);
      }
      case "budgets":
        return page(response, address, budgets);
      case "contracts":
        return page(response, address, contracts);
      default:
        return sendJson(response, 404, {});
    }
  }

  return {
    url,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    containerId,
    calls,
    routes: () => calls.map((call) => call.route),
    expenses,
    budgets,
    contracts,
    failNext(route, ...more) {
      failures.add(route, ...more);
    },
    close: server.close,
  };
}

const CONTAINER = "/cost/v1/containers/([^/]+)";

function routeOf(
  method: string,
  path: string,
): { route: FakeCostRoute; params: { containerId?: string; expenseId?: string } } | null {
  if (method === "POST" && path === "/authentication/v2/token") return { route: "token", params: {} };
  let match = new RegExp(`^${CONTAINER}/expenses$`).exec(path);
  if (match)
    return method === "GET" || method === "POST"
      ? {
          route: method === "GET" ? "listExpenses" : "createExpense",
          params: { containerId: decodeURIComponent(match[1]) },
        }
      : null;
  match = new RegExp(`^${CONTAINER}/expenses/([^/]+)/items$`).exec(path);
  if (match)
    return method === "GET" || method === "POST"
      ? {
          route: method === "GET" ? "listItems" : "createItem",
          params: { containerId: decodeURIComponent(match[1]), expenseId: decodeURIComponent(match[2]) },
        }
      : null;
  match = new RegExp(`^${CONTAINER}/(budgets|contracts)$`).exec(path);
  if (match && method === "GET")
    return {
      route: match[2] as "budgets" | "contracts",
      params: { containerId: decodeURIComponent(match[1]) },
    };
  return null;
}
