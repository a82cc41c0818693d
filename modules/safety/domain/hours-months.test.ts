import { describe, expect, it } from "vitest";
import {
  addMonths,
  isMonth,
  lastDayOf,
  MAX_MONTH_HOURS,
  monthsEndingWith,
  readHoursFigure,
  wholeMonths,
} from "./hours-months";

describe("hours worked months", () => {
  it("step across years and know each month's last day", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(addMonths("2026-11", -23)).toBe("2024-12");
    expect(lastDayOf("2024-02")).toBe("2024-02-29");
    expect(lastDayOf("2026-02")).toBe("2026-02-28");
    expect(lastDayOf("2026-12")).toBe("2026-12-31");
  });

  it("show the chosen month and the eleven before it, newest first", () => {
    const months = monthsEndingWith("2026-03");
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2026-03");
    expect(months[11]).toBe("2025-04");
  });

  it("widen a period to whole months", () => {
    expect(wholeMonths({ from: "2026-03-10", to: "2026-05-20" })).toEqual({
      from: "2026-03-01",
      to: "2026-05-31",
    });
  });

  it("accept YYYY-MM months only", () => {
    expect(isMonth("2026-11")).toBe(true);
    for (const bad of ["2026-13", "2026-00", "2026-1", "0000-01", "26-11", "2026-11-01", ""])
      expect(isMonth(bad), bad).toBe(false);
  });

  it("read an entered figure: blank is not entered, digits with up to two decimals, at most the limit", () => {
    expect(readHoursFigure("")).toEqual({ ok: true, hours: null });
    expect(readHoursFigure("  ")).toEqual({ ok: true, hours: null });
    expect(readHoursFigure("0")).toEqual({ ok: true, hours: 0 });
    expect(readHoursFigure(" 8500.5 ")).toEqual({ ok: true, hours: 8500.5 });
    expect(readHoursFigure(String(MAX_MONTH_HOURS))).toEqual({ ok: true, hours: 10_000_000 });
    expect(readHoursFigure("10000000.01")).toEqual({ ok: false, problem: "too-many" });
    for (const bad of ["-1", "abc", "8,500", "1e5", "12.345", "Infinity", "NaN", "0x10", ".5"])
      expect(readHoursFigure(bad), bad).toEqual({ ok: false, problem: "invalid" });
  });
});
