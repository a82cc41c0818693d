import { inspect } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

process.env.NODE_ENV = "test";
process.env.DATA_DIR ??= ".cache/test-data";
process.env.SESSION_SECRET ??= "test-session-secret-that-is-long-enough-0123456789";
process.env.APP_URL ??= "http://localhost:3000";

// A console.error during a test fails it: errors must be expected and asserted, never ignored.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (consoleErrors.length > 0) {
    // inspect, not String: an error object or a driver's plain object says what went wrong.
    const first = consoleErrors[0]
      .map((part) => (typeof part === "string" ? part : inspect(part, { depth: 3 })))
      .join(" ");
    consoleErrors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
