import { describe, expect, it } from "vitest";
import { lastDayOf, monthOf, monthWeeks, shiftMonth, weekdayOrder } from "./calendar-grid";

describe("the calendar's month", () => {
  it("reads the URL's month, or today's when it is missing or odd", () => {
    expect(monthOf("2026-02", "2026-11-26")).toBe("2026-02");
    expect(monthOf("2026-13", "2026-11-26")).toBe("2026-11");
    expect(monthOf("20261", "2026-11-26")).toBe("2026-11");
    expect(monthOf(null, "2026-11-26")).toBe("2026-11");
  });

  it("steps across years and knows each month's last day", () => {
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2026-01", -1)).toBe("2025-12");
    expect(lastDayOf("2028-02")).toBe("2028-02-29");
    expect(lastDayOf("2026-11")).toBe("2026-11-30");
  });

  it("lays out whole weeks from the chosen first weekday", () => {
    // 1 November 2026 is a Sunday.
    const mondayFirst = monthWeeks("2026-11", 0);
    expect(mondayFirst[0]).toEqual([
      "2026-10-26",
      "2026-10-27",
      "2026-10-28",
      "2026-10-29",
      "2026-10-30",
      "2026-10-31",
      "2026-11-01",
    ]);
    expect(mondayFirst.at(-1)?.at(-1)).toBe("2026-12-06");
    expect(mondayFirst).toHaveLength(6);
    const sundayFirst = monthWeeks("2026-11", 6);
    expect(sundayFirst[0][0]).toBe("2026-11-01");
    expect(sundayFirst).toHaveLength(5);
    expect(weekdayOrder(6)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });
});
