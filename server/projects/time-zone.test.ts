import { describe, expect, it } from "vitest";
import { labelFromName } from "~/server/settings/settings-labels";
import {
  defaultTimeZoneFor,
  isTimeZone,
  timeZoneChoices,
  zonedDay,
  zonedParts,
  zonedTimeToUtc,
} from "./time-zone";

describe("a project's time zone (decision 029)", () => {
  it("defaults by region: AU Sydney, VI Ho Chi Minh, otherwise UTC", () => {
    expect(defaultTimeZoneFor("AU")).toBe("Australia/Sydney");
    expect(defaultTimeZoneFor("vi")).toBe("Asia/Ho_Chi_Minh");
    expect(defaultTimeZoneFor("EN")).toBe("UTC");
    expect(defaultTimeZoneFor(null)).toBe("UTC");
  });

  it("knows IANA zones and refuses anything else", () => {
    expect(isTimeZone("Australia/Perth")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
    const choices = timeZoneChoices();
    expect(choices[0]).toBe("UTC");
    expect(choices).toContain("Australia/Sydney");
    expect(new Set(choices).size).toBe(choices.length);
    // The settings form shows a zone as it is named.
    expect(labelFromName("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(labelFromName("UTC")).toBe("UTC");
  });

  it("reads an instant as the site's wall clock", () => {
    const instant = new Date("2026-01-14T21:30:00Z");
    expect(zonedParts(instant, "Australia/Sydney")).toEqual({
      year: 2026,
      month: 1,
      day: 15,
      hour: 8,
      minute: 30,
    });
    expect(zonedDay(instant, "Australia/Sydney")).toBe("2026-01-15");
    expect(zonedDay(instant, "UTC")).toBe("2026-01-14");
    expect(zonedDay(instant, "Asia/Ho_Chi_Minh")).toBe("2026-01-15");
  });

  it("turns a wall-clock time on site into UTC, summer time included", () => {
    // Sydney: UTC+11 in summer, +10 in winter.
    expect(zonedTimeToUtc("2026-01-15", 8, 30, "Australia/Sydney").toISOString()).toBe(
      "2026-01-14T21:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-15", 8, 30, "Australia/Sydney").toISOString()).toBe(
      "2026-07-14T22:30:00.000Z",
    );
    expect(zonedTimeToUtc("2026-07-15", 8, 30, "UTC").toISOString()).toBe("2026-07-15T08:30:00.000Z");
    expect(zonedTimeToUtc("2026-07-15", 0, 0, "Asia/Ho_Chi_Minh").toISOString()).toBe(
      "2026-07-14T17:00:00.000Z",
    );
    // Summer time starts 2026-10-04 02:00 → 03:00 in Sydney: 02:30 does not exist; it is read as 03:30 (+11).
    expect(zonedTimeToUtc("2026-10-04", 2, 30, "Australia/Sydney").toISOString()).toBe(
      "2026-10-03T16:30:00.000Z",
    );
    // Summer time ends 2026-04-05 03:00 → 02:00: 02:30 happens twice; the first (+11) is taken.
    expect(zonedTimeToUtc("2026-04-05", 2, 30, "Australia/Sydney").toISOString()).toBe(
      "2026-04-04T15:30:00.000Z",
    );
  });
});
