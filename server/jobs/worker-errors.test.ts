import { describe, expect, it, vi } from "vitest";
import { reportWorkerError } from "./jobs.server";

describe("a job worker's failed poll", () => {
  it("is a warning only for the embedded socket's lost unnamed statement, retried at the next poll", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const lost = Object.assign(new Error("unnamed prepared statement does not exist"), { code: "26000" });
    reportWorkerError(lost, true);
    expect(warn).toHaveBeenCalledWith("Background jobs: a poll was retried:", lost);
    expect(console.error).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it("is an error otherwise: the same code on a PostgreSQL server, or any other failure", () => {
    // Expected here: taken out of the set-up's record of unexpected errors.
    const errors = vi.mocked(console.error).mockImplementation(() => {});
    const lost = Object.assign(new Error("unnamed prepared statement does not exist"), { code: "26000" });
    const other = Object.assign(new Error("relation does not exist"), { code: "42P01" });
    reportWorkerError(lost, false);
    reportWorkerError(other, true);
    expect(errors.mock.calls).toEqual([
      ["Background jobs:", lost],
      ["Background jobs:", other],
    ]);
  });
});
