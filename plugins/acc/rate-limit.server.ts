import pThrottle from "p-throttle";

/**
 * Spaces one client's calls out to the API's rate limit, per endpoint (ACC counts each endpoint apart:
 * "an application cannot make more than N requests per minute to this endpoint"). A call past the limit
 * waits in a queue for the next window instead of failing, so a background job just takes longer.
 * 429 answers (the limit shared with other processes of the same app) are handled by the retries of the
 * shared call (acc-http.server.ts).
 */
export type AccRateLimitOptions = {
  /** The window, in milliseconds: 60 000 for "per minute". Tests shorten it. */
  intervalMs?: number;
  /** Calls per window by endpoint key ("POST expenses"); endpoints not named use `defaultLimit`. */
  limits?: Record<string, number>;
  defaultLimit?: number;
};

export class AccRateLimiter {
  private readonly throttled = new Map<string, <T>(run: () => Promise<T>) => Promise<T>>();
  private readonly intervalMs: number;
  private readonly limits: Record<string, number>;
  private readonly defaultLimit: number;

  constructor(options: AccRateLimitOptions = {}) {
    this.intervalMs = options.intervalMs ?? 60_000;
    this.limits = options.limits ?? {};
    this.defaultLimit = options.defaultLimit ?? 20;
    for (const [endpoint, limit] of Object.entries({
      ...this.limits,
      "any other endpoint": this.defaultLimit,
    }))
      if (!Number.isInteger(limit) || limit < 1)
        throw new Error(`The rate limit of ${endpoint} must be a whole number of calls, at least 1`);
  }

  /** The limit in force for an endpoint, in calls per window. */
  limitOf(endpoint: string): number {
    return this.limits[endpoint] ?? this.defaultLimit;
  }

  /** Runs `run` when the endpoint's window has room (at once when it has). */
  schedule<T>(endpoint: string, run: () => Promise<T>): Promise<T> {
    let throttled = this.throttled.get(endpoint);
    if (!throttled) {
      // strict: no more than `limit` calls in ANY window of that length, not only in fixed windows.
      const throttle = pThrottle({ limit: this.limitOf(endpoint), interval: this.intervalMs, strict: true });
      throttled = throttle(<R>(task: () => Promise<R>) => task()) as <R>(
        task: () => Promise<R>,
      ) => Promise<R>;
      this.throttled.set(endpoint, throttled);
    }
    return throttled(run);
  }
}
