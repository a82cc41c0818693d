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
    const first = consoleErrors[0].map(String).join(" ");
    consoleErrors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
