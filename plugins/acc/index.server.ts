import { CLOSED_TEST_ACC, KeptAccClients } from "./acc-http.server";
import {
  AccCostClient,
  type AccCostClientOptions,
  AccCostNotConnectedError,
  type AccCostSettings,
  accCostStatus,
} from "./cost-client.server";

export {
  ACC_BASE_URL,
  AccHttpClient,
  AccHttpError,
  type AccRetryOptions,
  isRetryableStatus,
} from "./acc-http.server";
export {
  type AccBudget,
  type AccContract,
  AccCostClient,
  type AccCostClientOptions,
  AccCostInputError,
  AccCostNotConnectedError,
  AccCostPostError,
  type AccCostSettings,
  type AccCostStatus,
  accCostStatus,
  COST_RATE_LIMITS,
  type CostEndpoint,
  EXTERNAL_SYSTEM,
  type ExpenseItemToPost,
  type ExpenseToPost,
  type PostedExpense,
  type PostedExpenseItem,
} from "./cost-client.server";
export { centsToDecimal, decimalToCents } from "./money";
export { AccRateLimiter, type AccRateLimitOptions } from "./rate-limit.server";

let testBaseUrl: string | undefined;
let testOptions: AccCostClientOptions = {};

/** Clients by their settings: one project's jobs share a token and one rate limiter. */
const costClients = new KeptAccClients<AccCostClient>();

/**
 * The Cost Management client for a project's settings, and the container to post to — or an
 * AccCostNotConnectedError (check `accCostStatus` first to say "not connected" without throwing).
 */
export function accCostClientFor(settings: Partial<AccCostSettings> | null | undefined): {
  client: AccCostClient;
  containerId: string;
} {
  const status = accCostStatus(settings);
  if (!status.connected) throw new AccCostNotConnectedError(status);
  const { clientId, clientSecret, baseUrl } = settings as AccCostSettings;
  const testing = process.env.NODE_ENV === "test" && !testBaseUrl;
  const credentials = {
    clientId,
    clientSecret,
    baseUrl: baseUrl ?? testBaseUrl ?? (testing ? CLOSED_TEST_ACC.baseUrl : undefined),
  };
  const client = costClients.get(
    credentials,
    () => new AccCostClient(credentials, testing ? { retry: CLOSED_TEST_ACC.retry } : testOptions),
  );
  return { client, containerId: status.containerId };
}

/** For tests: the fake server's address and client options (no arguments: back to the defaults). */
export function setAccCostForTests(options: { baseUrl?: string } & AccCostClientOptions = {}) {
  const { baseUrl, ...rest } = options;
  testBaseUrl = baseUrl;
  testOptions = rest;
  costClients.clear();
}
