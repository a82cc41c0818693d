import { describe, expect, it } from "vitest";
import { invalidDateMessage, isIsoDay, isoDaySchema } from "./iso-day";

describe("isIsoDay", () => {
  it("takes the days the calendar has, leap days included", () => {
    for (const day of ["2026-03-14", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2026-12-31"])
      expect(isIsoDay(day), day).toBe(true);
  });

  it("refuses impossible days, year 0 (PostgreSQL has none) and other shapes", () => {
    for (const day of [
      "0000-00-00",
      "0000-01-01",
      "2026-02-30",
      "2025-02-29",
      "1900-02-29",
      "2026-13-01",
      "2026-00-10",
      "2026-04-31",
      "2026-1-1",
      "20260101",
      "2026-01-01T00:00:00Z",
      " 2026-01-01",
      "+275760-09-13",
    ])
      expect(isIsoDay(day), day).toBe(false);
  });
});

describe("isoDaySchema", () => {
  it("answers with a message key, and says it is a date to whoever reads the schema", () => {
    const schema = isoDaySchema();
    expect(schema.safeParse("2026-03-14").success).toBe(true);
    expect(schema.safeParse("0000-00-00").error?.issues.map((issue) => issue.message)).toEqual([
      invalidDateMessage,
    ]);
    expect(
      isoDaySchema("quality:lot.errors.invalidDate").safeParse("2026-02-30").error?.issues[0].message,
    ).toBe("quality:lot.errors.invalidDate");
    expect(schema.format).toBe("date");
  });
});
