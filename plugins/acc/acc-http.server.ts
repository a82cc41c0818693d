import { createHash } from "node:crypto";
import pRetry, { AbortError } from "p-retry";
import type { AccRateLimiter } from "./rate-limit.server";

/**
 * The HTTP core every Autodesk Platform Services client of SiteProof shares (ACC Docs in
 * plugins/document-service, Cost Management here): a two-legged token (client credentials) kept until a
 * minute before it expires, and one `call` that retries what retrying can fix — 429 (waiting at least
 * Retry-After), 5xx and network failures — with exponential backoff, and stops at once on anything else.
 */

export const ACC_BASE_URL = "https://developer.api.autodesk.com";

export type AccRetryOptions = { retries: number; minTimeoutMs: number; maxRetryAfterMs: number };
export const DEFAULT_ACC_RETRY: AccRetryOptions = { retries: 4, minTimeoutMs: 500, maxRetryAfterMs: 60_000 };

/** The app's credentials on Autodesk Platform Services; `baseUrl` is for tests (the fake server). */
export type AccAppCredentials = { clientId: string; clientSecret: string; baseUrl?: string };

/** An HTTP failure: the step, the status (0 when the network failed) and ACC's message. */
export class AccHttpError extends Error {
  override name = "AccHttpError";
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Worth asking again: the network failed (0), ACC is busy (429) or failing (5xx). */
export const isRetryableStatus = (status: number) => status === 0 || status === 429 || status >= 500;

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export type AccCallOptions<T> = {
  /** The rate limiter's key for this endpoint ("POST expenses"); each attempt waits for its turn. */
  endpoint?: string;
  /**
   * Asked before every retry of a call that may have done its work although its answer was lost (a POST
   * answered 5xx, or a reset connection): what it finds is returned instead of asking again.
   */
  recheck?: () => Promise<T | undefined>;
};

export type AccHttpOptions = {
  /** The token's scopes, e.g. "data:read data:write". */
  scopes: string;
  retry?: Partial<AccRetryOptions>;
  /** Spaces the calls out to the API's rate limit (none: calls go at once). */
  limiter?: AccRateLimiter;
  /** Turns the final failure into the plugin's own error class (the document service's, for one). */
  errorOf?: (error: AccHttpError) => Error;
};

export class AccHttpClient {
  readonly baseUrl: string;
  readonly retry: AccRetryOptions;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(
    private readonly credentials: AccAppCredentials,
    private readonly options: AccHttpOptions,
  ) {
    this.baseUrl = (credentials.baseUrl ?? ACC_BASE_URL).replace(/\/$/, "");
    this.retry = { ...DEFAULT_ACC_RETRY, ...options.retry };
  }

  /**
   * One HTTP call with retries on 429, 5xx and network failures; other statuses stop at once with ACC's
   * message. Anything else the attempt throws (not a failed fetch) stops at once too.
   */
  async call<T>(
    what: string,
    attempt: () => Promise<Response>,
    callOptions: AccCallOptions<T> = {},
  ): Promise<T> {
    const { limiter, errorOf } = this.options;
    const { endpoint, recheck } = callOptions;
    const once = async (attemptNumber: number): Promise<T> => {
      if (attemptNumber > 1 && recheck) {
        const found = await recheck();
        if (found !== undefined) return found;
      }
      let response: Response;
      try {
        response = await (limiter && endpoint ? limiter.schedule(endpoint, attempt) : attempt());
      } catch (error) {
        // fetch itself failed (refused, reset: a TypeError): as worth retrying as a 5xx. Others stop.
        if (!(error instanceof TypeError)) throw new AbortError(error as Error);
        throw new AccHttpError(`${what}: ${error.message}`, 0);
      }
      if (response.ok) {
        const text = await response.text();
        return (text ? JSON.parse(text) : {}) as T;
      }
      const body = (await response.text()).slice(0, 300);
      const error = new AccHttpError(
        `${what} failed: HTTP ${response.status}${body ? ` ${body}` : ""}`,
        response.status,
        retryAfterOf(response),
      );
      if (isRetryableStatus(response.status)) throw error;
      throw new AbortError(error);
    };
    return pRetry(once, {
      retries: this.retry.retries,
      minTimeout: this.retry.minTimeoutMs,
      factor: 2,
      randomize: true,
      onFailedAttempt: async ({ error, retriesLeft, retryDelay }) => {
        // Retry-After says when the service takes calls again: wait at least that long (within reason).
        const asked = error instanceof AccHttpError ? error.retryAfterMs : null;
        if (retriesLeft > 0 && asked !== null && asked > retryDelay)
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(asked, this.retry.maxRetryAfterMs) - retryDelay),
          );
      },
    }).catch((error: unknown) => {
      if (!(error instanceof AccHttpError)) throw error;
      const final = isRetryableStatus(error.status)
        ? new AccHttpError(
            `${error.message} (gave up after ${this.retry.retries + 1} attempts)`,
            error.status,
            error.retryAfterMs,
          )
        : error;
      throw errorOf ? errorOf(final) : final;
    });
  }

  /** The two-legged token, asked once and kept until a minute before it expires (concurrent callers share one request). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    this.pendingToken ??= this.signIn().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async signIn(): Promise<string> {
    const { clientId, clientSecret } = this.credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    const answer = await this.call<{ access_token: string; expires_in: number }>("ACC sign-in", () =>
      fetch(`${this.baseUrl}/authentication/v2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: this.options.scopes }),
      }),
    );
    this.token = { value: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 };
    return answer.access_token;
  }

  /** A JSON call to `path` under the base URL with the token; `mediaType` is the body's and the accepted type. */
  async json<T>(
    what: string,
    method: "GET" | "POST" | "PATCH",
    path: string,
    request: { body?: unknown; mediaType?: string } & AccCallOptions<T> = {},
  ): Promise<T> {
    const { body, mediaType = "application/json", ...callOptions } = request;
    // The token is read for each attempt: a call that waited long in the rate limiter's queue or between
    // retries does not go out with a token that expired meanwhile. A failed sign-in stops the call.
    const attempt = async () => {
      const token = await this.accessToken();
      return fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: mediaType === "application/json" ? mediaType : `${mediaType}, application/json`,
          ...(body === undefined ? {} : { "content-type": mediaType }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    return this.call<T>(what, attempt, callOptions);
  }
}

/**
 * Clients kept by their settings, so the calls of one project share a token (valid an hour) and a rate
 * limiter instead of signing in for each job; new settings (another secret) make another client. Kept
 * small: few projects use ACC.
 */
export class KeptAccClients<C> {
  private readonly clients = new Map<string, C>();
  constructor(private readonly most = 50) {}

  get(settings: object, make: () => C): C {
    const key = createHash("sha256").update(JSON.stringify(settings)).digest("hex");
    let client = this.clients.get(key);
    if (!client) {
      if (this.clients.size >= this.most) this.clients.clear();
      client = make();
      this.clients.set(key, client);
    }
    return client;
  }

  clear() {
    this.clients.clear();
  }
}

/** Tests never reach Autodesk: unless a test names its fake server, calls go to a closed local port, once. */
export const CLOSED_TEST_ACC = { baseUrl: "http://127.0.0.1:9", retry: { retries: 0 } } as const;
