import { describe, expect, it } from "vitest";
import { runsOf } from "./roster-grid";

const days = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"];

describe("a person's days as runs on the roster page", () => {
  it("joins days in a row on the same shift, and off days", () => {
    expect(runsOf("ddd--n", days, undefined)).toEqual([
      { letter: "d", from: 0, length: 3, marked: false },
      { letter: "-", from: 3, length: 2, marked: false },
      { letter: "n", from: 5, length: 1, marked: false },
    ]);
  });

  it("gives the day a conflict starts its own run, so it is marked alone", () => {
    expect(runsOf("dddddd", days, new Set(["2026-12-03"]))).toEqual([
      { letter: "d", from: 0, length: 2, marked: false },
      { letter: "d", from: 2, length: 1, marked: true },
      { letter: "d", from: 3, length: 3, marked: false },
    ]);
  });

  it("reads a string shorter than the roster as off days", () => {
    expect(runsOf("n", days, undefined)).toEqual([
      { letter: "n", from: 0, length: 1, marked: false },
      { letter: "-", from: 1, length: 5, marked: false },
    ]);
  });
});
