import { describe, expect, it } from "vitest";
import { AccRateLimiter } from "./rate-limit.server";

describe("the ACC rate limiter", () => {
  it("counts each endpoint apart: a busy endpoint makes the next call wait, another goes at once", async () => {
    const limiter = new AccRateLimiter({
      intervalMs: 300,
      limits: { "POST expense-items": 1 },
      defaultLimit: 5,
    });
    const started = Date.now();
    const when = async (endpoint: string) => limiter.schedule(endpoint, async () => Date.now() - started);
    const [first, second, other] = await Promise.all([
      when("POST expense-items"),
      when("POST expense-items"),
      when("GET budgets"),
    ]);
    expect(first).toBeLessThan(100);
    expect(other).toBeLessThan(100);
    expect(second).toBeGreaterThanOrEqual(290);
  });

  it("passes the call's answer and failure through", async () => {
    const limiter = new AccRateLimiter();
    await expect(limiter.schedule("GET budgets", async () => 42)).resolves.toBe(42);
    await expect(
      limiter.schedule("GET budgets", async () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(limiter.limitOf("GET budgets")).toBe(20);
  });

  it("refuses a limit that is not a whole number of calls", () => {
    expect(() => new AccRateLimiter({ limits: { "GET budgets": 0 } })).toThrow(/at least 1/);
    expect(() => new AccRateLimiter({ limits: { "GET budgets": 1.5 } })).toThrow(/whole number/);
    expect(() => new AccRateLimiter({ defaultLimit: -1 })).toThrow(/any other endpoint/);
  });
});
