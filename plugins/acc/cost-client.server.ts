import { type AccAppCredentials, AccHttpClient, AccHttpError, type AccRetryOptions } from "./acc-http.server";
import { centsToDecimal, decimalToCents, quantityNumber } from "./money";
import { AccRateLimiter, type AccRateLimitOptions } from "./rate-limit.server";

/**
 * Autodesk Construction Cloud Cost Management (`/cost/v1/containers/{containerId}/…`): posts an expense
 * with its items — at most once, whatever is retried — and reads budgets and contracts for package sync.
 * Money is integer cents here and ACC's decimal strings there (money.ts), never floating point.
 */

/** What SiteProof writes in ACC's `externalSystem`: with `externalId` (our record's id) it finds our posts again. */
export const EXTERNAL_SYSTEM = "SiteProof";

/** A project's link to ACC Cost Management: the app's credentials and the project's cost container. */
export type AccCostSettings = {
  clientId: string;
  clientSecret: string;
  /** The cost container; in ACC projects it is the project id (a UUID). */
  containerId: string;
  /** Autodesk Platform Services; tests point it at the fake server. */
  baseUrl?: string;
};

export type AccCostStatus =
  | { connected: true; containerId: string }
  | { connected: false; reason: "not-configured" }
  | { connected: false; reason: "incomplete"; missing: ("clientId" | "clientSecret" | "containerId")[] }
  | { connected: false; reason: "bad-base-url" };

/** Whether these settings can reach ACC Cost Management at all: the product says "not connected" and posts nothing otherwise. */
export function accCostStatus(settings: Partial<AccCostSettings> | null | undefined): AccCostStatus {
  if (!settings) return { connected: false, reason: "not-configured" };
  const missing = (["clientId", "clientSecret", "containerId"] as const).filter(
    (key) => !settings[key]?.trim(),
  );
  if (missing.length === 3) return { connected: false, reason: "not-configured" };
  if (missing.length > 0) return { connected: false, reason: "incomplete", missing };
  if (settings.baseUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(settings.baseUrl))
    return { connected: false, reason: "bad-base-url" };
  return { connected: true, containerId: (settings.containerId as string).trim() };
}

/** Refused before any call: the settings do not name a cost container and credentials. */
export class AccCostNotConnectedError extends Error {
  override name = "AccCostNotConnectedError";
  constructor(readonly status: Exclude<AccCostStatus, { connected: true }>) {
    super(`ACC Cost Management is not connected (${status.reason})`);
  }
}

/** Refused before any call: what was asked cannot be posted as it is. */
export class AccCostInputError extends Error {
  override name = "AccCostInputError";
}

export type ExpenseItemToPost = {
  /** Our item's id: ACC keeps it as the item's externalId, so a retry finds it. */
  externalId: string;
  name: string;
  description?: string;
  /** The ACC budget the cost goes to, by id (from listBudgets) … */
  budgetId?: string;
  /** … or by its code (ACC's `budgetCode`, our cost account code). At most one of the two. */
  costAccountCode?: string;
  /** A decimal string: "2", "0.125". */
  quantity: string;
  unit: string;
  unitCostCents: number;
  amountCents: number;
};

export type ExpenseToPost = {
  /** Our record's id (a docket's): ACC keeps it as the expense's externalId. */
  externalId: string;
  /** ACC numbers expenses itself when none is given. */
  number?: string;
  name: string;
  description?: string;
  supplierName: string;
  referenceNumber?: string;
  /** ACC's expense type (a list the project administrator keeps). */
  type?: string;
  items: ExpenseItemToPost[];
};

export type PostedExpenseItem = { externalId: string; id: string; created: boolean };
export type PostedExpense = {
  expenseId: string;
  /** false when ACC already held the expense (an earlier run made it). */
  created: boolean;
  /** In the order asked; `created` false for items an earlier run had made. */
  items: PostedExpenseItem[];
  totalCents: number;
  /** The total as ACC writes amounts ("12.30"), summed in cents. */
  total: string;
};

/** The post stopped part-way; `posted` is what ACC holds now. Posting again adds only what is missing. */
export class AccCostPostError extends AccHttpError {
  override name = "AccCostPostError";
  constructor(
    message: string,
    status: number,
    readonly posted: { expenseId: string | null; items: PostedExpenseItem[] },
  ) {
    super(message, status);
  }
}

export type AccBudget = {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  description: string;
  quantity: number | null;
  unit: string;
  unitPriceCents: number | null;
  originalAmountCents: number | null;
  revisedCents: number | null;
  externalId: string | null;
  updatedAt: string | null;
};

export type AccContract = {
  id: string;
  code: string;
  name: string;
  description: string;
  type: string | null;
  status: string | null;
  companyId: string | null;
  awardedCents: number | null;
  externalId: string | null;
  updatedAt: string | null;
};

/**
 * Calls per minute ACC accepts from one app for each endpoint used here (APS "Cost Management API Rate
 * Limits"). The limiter keeps each client under them; 429s from other processes are retried.
 */
export const COST_RATE_LIMITS: Record<CostEndpoint, number> = {
  "GET expenses": 50,
  "POST expenses": 50,
  "GET expense-items": 50,
  "POST expense-items": 20,
  "GET budgets": 300,
  "GET contracts": 120,
};
export type CostEndpoint =
  | "GET expenses"
  | "POST expenses"
  | "GET expense-items"
  | "POST expense-items"
  | "GET budgets"
  | "GET contracts";

export type AccCostClientOptions = {
  retry?: Partial<AccRetryOptions>;
  /** Window and limits per endpoint; defaults: COST_RATE_LIMITS per minute. */
  rateLimit?: Omit<AccRateLimitOptions, "limits"> & { limits?: Partial<Record<CostEndpoint, number>> };
  /** Records per page when listing (ACC's default and usual maximum: 100). */
  pageSize?: number;
};

type Page<T> = {
  pagination?: { limit?: number; offset?: number; totalResults?: number; nextUrl?: string };
  results: T[];
};
type AccExpense = { id: string; externalId?: string | null; externalSystem?: string | null };
type AccExpenseItem = AccExpense;
type Amount = string | number | null | undefined;

const SCOPES = "data:read data:write";
const MAX_PAGES = 10_000;
const LONGEST_TEXT = { name: 1024, description: 2048, externalId: 255 } as const;

function checked(expense: ExpenseToPost) {
  const problems: string[] = [];
  const text = (value: string | undefined, field: string, max: number, required = false) => {
    if (required && !value?.trim()) problems.push(`${field} is empty`);
    else if (value !== undefined && value.length > max) problems.push(`${field} is longer than ${max}`);
  };
  // ACC's filter[externalId] takes a comma-separated list: an id with a comma could not be looked up.
  const id = (value: string, field: string) => {
    text(value, field, LONGEST_TEXT.externalId, true);
    if (value?.includes(",")) problems.push(`${field} contains a comma`);
  };
  id(expense.externalId, "externalId");
  text(expense.name, "name", LONGEST_TEXT.name, true);
  text(expense.description, "description", LONGEST_TEXT.description);
  text(expense.supplierName, "supplierName", 255, true);
  if (expense.items.length === 0) problems.push("the expense has no items");
  const seen = new Set<string>();
  const items = expense.items.map((item, index) => {
    const at = `item ${index + 1}`;
    id(item.externalId, `${at} externalId`);
    text(item.name, `${at} name`, LONGEST_TEXT.name, true);
    text(item.description, `${at} description`, LONGEST_TEXT.description);
    if (seen.has(item.externalId)) problems.push(`${at} repeats externalId ${item.externalId}`);
    seen.add(item.externalId);
    if (item.budgetId && item.costAccountCode)
      problems.push(`${at} names both a budget id and a cost account code`);
    let quantity = 0;
    let unitPrice = "";
    let amount = "";
    try {
      quantity = quantityNumber(item.quantity);
      unitPrice = centsToDecimal(item.unitCostCents);
      amount = centsToDecimal(item.amountCents);
    } catch (error) {
      problems.push(`${at}: ${(error as Error).message}`);
    }
    return {
      externalId: item.externalId,
      body: {
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        ...(item.budgetId ? { budgetId: item.budgetId } : {}),
        ...(item.costAccountCode ? { budgetCode: item.costAccountCode } : {}),
        quantity,
        unit: item.unit,
        unitPrice,
        amount,
        externalId: item.externalId,
        externalSystem: EXTERNAL_SYSTEM,
      },
    };
  });
  if (problems.length > 0)
    throw new AccCostInputError(
      `Expense ${expense.externalId || "(no id)"} cannot be posted: ${problems.join("; ")}`,
    );
  const totalCents = expense.items.reduce((sum, item) => sum + item.amountCents, 0);
  return {
    body: {
      name: expense.name,
      ...(expense.number ? { number: expense.number } : {}),
      ...(expense.description ? { description: expense.description } : {}),
      supplierName: expense.supplierName,
      ...(expense.referenceNumber ? { referenceNumber: expense.referenceNumber } : {}),
      ...(expense.type ? { type: expense.type } : {}),
      externalId: expense.externalId,
      externalSystem: EXTERNAL_SYSTEM,
    },
    items,
    totalCents,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const orNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

export class AccCostClient {
  private readonly http: AccHttpClient;
  private readonly pageSize: number;
  /** Posts of one expense in this process run one after the other (a second waits, then finds the first's work). */
  private readonly posting = new Map<string, Promise<PostedExpense>>();

  constructor(credentials: AccAppCredentials, options: AccCostClientOptions = {}) {
    const { limits, ...window } = options.rateLimit ?? {};
    this.http = new AccHttpClient(credentials, {
      scopes: SCOPES,
      retry: options.retry,
      limiter: new AccRateLimiter({ ...window, limits: { ...COST_RATE_LIMITS, ...limits } }),
    });
    this.pageSize = options.pageSize ?? 100;
  }

  private base(containerId: string) {
    if (!containerId.trim()) throw new AccCostInputError("No cost container id");
    return `/cost/v1/containers/${encodeURIComponent(containerId.trim())}`;
  }

  /** Every page of a list, `offset`/`limit` at a time, until ACC has given `totalResults` (or a short page). */
  private async listAll<T>(
    what: string,
    endpoint: CostEndpoint,
    path: string,
    filters: Record<string, string> = {},
  ): Promise<T[]> {
    const all: T[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ ...filters, offset: String(offset), limit: String(this.pageSize) });
      const answer = await this.http.json<Page<T>>(what, "GET", `${path}?${query}`, { endpoint });
      const results = Array.isArray(answer.results) ? answer.results : [];
      all.push(...results);
      offset += results.length;
      const total = answer.pagination?.totalResults;
      const done = typeof total === "number" ? offset >= total : results.length < this.pageSize;
      if (results.length === 0 || done) return all;
    }
    throw new AccHttpError(`${what}: more than ${MAX_PAGES} pages`, 400);
  }

  /** Our expense in ACC, found by its externalId (ours) and externalSystem "SiteProof". */
  async findExpense(containerId: string, externalId: string): Promise<AccExpense | undefined> {
    const found = (
      await this.listAll<AccExpense>(
        "Looking for the expense in ACC",
        "GET expenses",
        `${this.base(containerId)}/expenses`,
        {
          "filter[externalSystem]": EXTERNAL_SYSTEM,
          "filter[externalId]": externalId,
        },
      )
    ).filter((expense) => expense.externalId === externalId && expense.externalSystem === EXTERNAL_SYSTEM);
    if (found.length > 1)
      throw new AccHttpError(
        `ACC holds ${found.length} expenses with externalId ${externalId} from ${EXTERNAL_SYSTEM}; remove the extra ones in ACC`,
        409,
      );
    return found[0];
  }

  /** Our items of an expense by their externalId (all of them, or those named). */
  private async ourItems(containerId: string, expenseId: string, externalIds?: string[]) {
    const items = await this.listAll<AccExpenseItem>(
      "Reading the expense's items",
      "GET expense-items",
      `${this.base(containerId)}/expenses/${encodeURIComponent(expenseId)}/items`,
      {
        "filter[externalSystem]": EXTERNAL_SYSTEM,
        ...(externalIds ? { "filter[externalId]": externalIds.join(",") } : {}),
      },
    );
    const byExternalId = new Map<string, AccExpenseItem>();
    for (const item of items)
      if (item.externalSystem === EXTERNAL_SYSTEM && item.externalId && !byExternalId.has(item.externalId))
        byExternalId.set(item.externalId, item);
    return byExternalId;
  }

  /**
   * Posts the expense and its items, once: the expense is looked up by its externalId first and reused,
   * then only the items ACC does not hold yet (by their externalId) are created, in order. A create whose
   * answer was lost is looked up again before it is retried. When a call fails for good the post stops
   * with an AccCostPostError saying what ACC holds; posting again completes the missing items only.
   */
  postExpense(containerId: string, expense: ExpenseToPost): Promise<PostedExpense> {
    const key = `${containerId}\u0000${expense.externalId}`;
    const before = this.posting.get(key);
    const run = (before ? before.catch(() => undefined) : Promise.resolve()).then(() =>
      this.postOnce(containerId, expense),
    );
    this.posting.set(key, run);
    const forget = () => {
      if (this.posting.get(key) === run) this.posting.delete(key);
    };
    run.then(forget, forget);
    return run;
  }

  private async postOnce(containerId: string, expense: ExpenseToPost): Promise<PostedExpense> {
    const { body, items, totalCents } = checked(expense);
    const base = this.base(containerId);
    let expenseId: string | null = null;
    const posted: PostedExpenseItem[] = [];
    try {
      const existing = await this.findExpense(containerId, expense.externalId);
      const made =
        existing ??
        (await this.http.json<AccExpense>("Creating the expense", "POST", `${base}/expenses`, {
          body,
          endpoint: "POST expenses",
          recheck: () => this.findExpense(containerId, expense.externalId),
        }));
      expenseId = made.id;
      const itemsPath = `${base}/expenses/${encodeURIComponent(made.id)}/items`;
      const held = await this.ourItems(containerId, made.id);
      for (const [index, item] of items.entries()) {
        const already = held.get(item.externalId);
        if (already) {
          posted.push({ externalId: item.externalId, id: already.id, created: false });
          continue;
        }
        const created = await this.http.json<AccExpenseItem>(
          `Adding item ${index + 1} of ${items.length} (${item.externalId})`,
          "POST",
          itemsPath,
          {
            body: item.body,
            endpoint: "POST expense-items",
            recheck: async () =>
              (await this.ourItems(containerId, made.id, [item.externalId])).get(item.externalId),
          },
        );
        posted.push({ externalId: item.externalId, id: created.id, created: true });
      }
      return {
        expenseId: made.id,
        created: !existing,
        items: posted,
        totalCents,
        total: centsToDecimal(totalCents),
      };
    } catch (error) {
      if (!(error instanceof AccHttpError)) throw error;
      const holds = expenseId
        ? `the expense ${expenseId} and ${posted.length} of ${items.length} items`
        : "nothing of this expense";
      throw new AccCostPostError(
        `Posting expense ${expense.externalId} to ACC stopped: ${error.message}. ACC holds ${holds}; posting again adds only what is missing.`,
        error.status,
        { expenseId, items: posted },
      );
    }
  }

  /** Every budget line of the cost container (package sync), amounts in cents. */
  async listBudgets(containerId: string): Promise<AccBudget[]> {
    const rows = await this.listAll<Record<string, unknown>>(
      "Reading the budgets",
      "GET budgets",
      `${this.base(containerId)}/budgets`,
    );
    return rows.map((row) => ({
      id: text(row.id),
      parentId: orNull(row.parentId),
      code: text(row.code),
      name: text(row.name),
      description: text(row.description),
      quantity: typeof row.quantity === "number" ? row.quantity : row.quantity ? Number(row.quantity) : null,
      unit: text(row.unit),
      unitPriceCents: decimalToCents(row.unitPrice as Amount),
      originalAmountCents: decimalToCents(row.originalAmount as Amount),
      revisedCents: decimalToCents(row.revised as Amount),
      externalId: orNull(row.externalId),
      updatedAt: orNull(row.updatedAt),
    }));
  }

  /** Every contract of the cost container (package sync), the awarded amount in cents. */
  async listContracts(containerId: string): Promise<AccContract[]> {
    const rows = await this.listAll<Record<string, unknown>>(
      "Reading the contracts",
      "GET contracts",
      `${this.base(containerId)}/contracts`,
    );
    return rows.map((row) => ({
      id: text(row.id),
      code: text(row.code),
      name: text(row.name),
      description: text(row.description),
      type: orNull(row.type),
      status: orNull(row.status),
      companyId: orNull(row.companyId),
      awardedCents: decimalToCents(row.awarded as Amount),
      externalId: orNull(row.externalId),
      updatedAt: orNull(row.updatedAt),
    }));
  }
}
