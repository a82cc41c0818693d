import { describe, expect, it } from "vitest";
import { readIncidentTime } from "./incident-time";

// 2026-01-15 08:30 in Sydney (UTC+11) is 2026-01-14 21:30 UTC.
const NOW = new Date("2026-01-14T21:30:20Z");
const at = (date: string, hour: string, minute: string, zone = "Australia/Sydney") =>
  readIncidentTime({ date, hour, minute }, zone, NOW);

describe("an incident's time (spec 5), on the project's clock", () => {
  it("reads the site's wall clock into UTC", () => {
    expect(at("2026-01-15", "7", "05")).toEqual({ ok: true, occurredAt: new Date("2026-01-14T20:05:00Z") });
    expect(at("2026-01-14", "21", "00", "UTC")).toEqual({
      ok: true,
      occurredAt: new Date("2026-01-14T21:00:00Z"),
    });
  });

  it("accepts the minute being lived now, refuses the next one", () => {
    expect(at("2026-01-15", "8", "30")).toMatchObject({ ok: true });
    expect(at("2026-01-15", "8", "31")).toEqual({ ok: false, field: "occurredHour", error: "future" });
  });

  it("judges 'the future' in the project's zone, not the server's", () => {
    // 08:00 on the 15th is past in Sydney but 8 hours ahead in UTC.
    expect(at("2026-01-15", "8", "00")).toMatchObject({ ok: true });
    expect(at("2026-01-15", "8", "00", "UTC")).toEqual({ ok: false, field: "occurredHour", error: "future" });
    // And the 14th at 22:00 is past in Perth (UTC+8: now is 05:30 on the 15th).
    expect(at("2026-01-14", "22", "00", "Australia/Perth")).toMatchObject({ ok: true });
    expect(at("2026-01-15", "06", "00", "Australia/Perth")).toMatchObject({ ok: false, error: "future" });
  });

  it("refuses an invalid hour, an invalid minute and a date that is not a day", () => {
    expect(at("2026-01-15", "24", "00")).toEqual({ ok: false, field: "occurredHour", error: "hour" });
    expect(at("2026-01-15", "-1", "00")).toEqual({ ok: false, field: "occurredHour", error: "hour" });
    expect(at("2026-01-15", "", "00")).toEqual({ ok: false, field: "occurredHour", error: "hour" });
    expect(at("2026-01-15", "7.5", "00")).toEqual({ ok: false, field: "occurredHour", error: "hour" });
    expect(at("2026-01-15", "7", "60")).toEqual({ ok: false, field: "occurredMinute", error: "minute" });
    expect(at("2026-01-15", "7", "x")).toEqual({ ok: false, field: "occurredMinute", error: "minute" });
    expect(at("2026-02-30", "7", "00")).toEqual({ ok: false, field: "occurredDate", error: "date" });
    expect(at("", "7", "00")).toEqual({ ok: false, field: "occurredDate", error: "date" });
  });
});
