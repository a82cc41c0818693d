import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import vi from "../locales/vi.json";
import {
  cycleError,
  dayNumber,
  dayNumberOrNull,
  describeCycle,
  expandCycle,
  isoDay,
  MAX_CYCLE_DAYS,
  parseCycle,
} from "./roster-pattern";
import type { CycleStep } from "./types";

const EIGHT_SIX: CycleStep[] = [
  { kind: "day", days: 8 },
  { kind: "off", days: 6 },
];
const SEVEN_SEVEN_SEVEN: CycleStep[] = [
  { kind: "day", days: 7 },
  { kind: "night", days: 7 },
  { kind: "off", days: 7 },
];

describe("calendar days", () => {
  it("turns ISO days into day numbers and back, across months, leap days and years", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2028-03-01") - dayNumber("2028-02-28")).toBe(2);
    expect(isoDay(dayNumber("2026-12-31") + 1)).toBe("2027-01-01");
    expect(isoDay(dayNumber("2028-02-28") + 1)).toBe("2028-02-29");
  });

  it("refuses days that do not exist", () => {
    expect(dayNumberOrNull("2026-02-29")).toBeNull();
    expect(dayNumberOrNull("2026-13-01")).toBeNull();
    expect(dayNumberOrNull("1/3/2026")).toBeNull();
    expect(() => dayNumber("tomorrow")).toThrow();
  });
});

describe("expandCycle", () => {
  it("works 8 days from the anchor, then 6 off, then again", () => {
    const days = expandCycle({
      cycle: EIGHT_SIX,
      anchor: "2026-12-01",
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(days.map((day) => day.date)).toEqual([
      ...["01", "02", "03", "04", "05", "06", "07", "08"].map((d) => `2026-12-${d}`),
      ...["15", "16", "17", "18", "19", "20", "21", "22"].map((d) => `2026-12-${d}`),
      ...["29", "30", "31"].map((d) => `2026-12-${d}`),
    ]);
    expect(new Set(days.map((day) => day.kind))).toEqual(new Set(["day"]));
  });

  it("gives day shifts, then night shifts, then nothing for 7D/7N/7O", () => {
    const days = expandCycle({
      cycle: SEVEN_SEVEN_SEVEN,
      anchor: "2026-12-01",
      from: "2026-12-06",
      to: "2026-12-23",
    });
    expect(days).toEqual([
      { date: "2026-12-06", kind: "day" },
      { date: "2026-12-07", kind: "day" },
      ...["08", "09", "10", "11", "12", "13", "14"].map((d) => ({ date: `2026-12-${d}`, kind: "night" })),
      { date: "2026-12-22", kind: "day" },
      { date: "2026-12-23", kind: "day" },
    ]);
  });

  it("runs the cycle backwards from the anchor when the period starts before it", () => {
    // 2026-11-30 is the last day of the previous cycle (off); 11-17..11-24 the previous 8 worked days.
    const days = expandCycle({
      cycle: EIGHT_SIX,
      anchor: "2026-12-01",
      from: "2026-11-16",
      to: "2026-12-02",
    });
    expect(days.map((day) => day.date)).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-12-01",
      "2026-12-02",
    ]);
  });

  it("lands on the same days years after the anchor", () => {
    // 1050 days = 75 cycles of 14, so 2029-10-16 starts a cycle again.
    expect(isoDay(dayNumber("2026-12-01") + 1050)).toBe("2029-10-16");
    const days = expandCycle({
      cycle: EIGHT_SIX,
      anchor: "2026-12-01",
      from: "2029-10-14",
      to: "2029-10-29",
    });
    expect(days[0]).toEqual({ date: "2029-10-16", kind: "day" });
    expect(days.map((day) => day.date).at(-1)).toBe("2029-10-23");
    expect(days).toHaveLength(8);
  });

  it("includes both ends of the period and gives nothing for an empty one", () => {
    const one = expandCycle({ cycle: EIGHT_SIX, anchor: "2026-12-01", from: "2026-12-08", to: "2026-12-08" });
    expect(one).toEqual([{ date: "2026-12-08", kind: "day" }]);
    expect(
      expandCycle({ cycle: EIGHT_SIX, anchor: "2026-12-01", from: "2026-12-09", to: "2026-12-14" }),
    ).toEqual([]);
    expect(
      expandCycle({ cycle: EIGHT_SIX, anchor: "2026-12-01", from: "2026-12-05", to: "2026-12-04" }),
    ).toEqual([]);
  });

  it("refuses a cycle it cannot use", () => {
    expect(() =>
      expandCycle({
        cycle: [{ kind: "off", days: 7 }],
        anchor: "2026-12-01",
        from: "2026-12-01",
        to: "2026-12-31",
      }),
    ).toThrow();
  });
});

describe("parseCycle", () => {
  it("reads 8/6 as 8 day shifts and 6 days off", () => {
    expect(parseCycle("8/6")).toEqual({ ok: true, cycle: EIGHT_SIX });
    expect(parseCycle(" 14 / 14 ")).toEqual({
      ok: true,
      cycle: [
        { kind: "day", days: 14 },
        { kind: "off", days: 14 },
      ],
    });
  });

  it("reads letters and words for day, night and off, in any case, in English and Vietnamese", () => {
    for (const text of [
      "7D/7N/7O",
      "7d/7n/7o",
      "7 days, 7 nights, 7 off",
      "7 Days; 7 Nights; 7 days off",
      "7D7N7O",
      "7 ngày, 7 đêm, 7 nghỉ",
      "7 ca ngày / 7 ca đêm / 7 ngày nghỉ",
    ])
      expect(parseCycle(text), text).toEqual({ ok: true, cycle: SEVEN_SEVEN_SEVEN });
  });

  it("makes a bare number after worked days the days off", () => {
    expect(parseCycle("4N/3")).toEqual({
      ok: true,
      cycle: [
        { kind: "night", days: 4 },
        { kind: "off", days: 3 },
      ],
    });
  });

  it("joins steps of the same kind", () => {
    expect(parseCycle("4D/4D/6O")).toEqual({
      ok: true,
      cycle: [
        { kind: "day", days: 8 },
        { kind: "off", days: 6 },
      ],
    });
  });

  it("says why a pattern cannot be read", () => {
    expect(parseCycle("")).toEqual({ ok: false, error: "rostering:templates.cycle.errors.empty" });
    expect(parseCycle("eight on")).toEqual({
      ok: false,
      error: "rostering:templates.cycle.errors.unreadable",
    });
    expect(parseCycle("8X/6")).toEqual({ ok: false, error: "rostering:templates.cycle.errors.unreadable" });
    expect(parseCycle("x 8/6")).toEqual({ ok: false, error: "rostering:templates.cycle.errors.unreadable" });
    expect(parseCycle("0/6")).toEqual({ ok: false, error: "rostering:templates.cycle.errors.zeroDays" });
    expect(parseCycle("7O")).toEqual({ ok: false, error: "rostering:templates.cycle.errors.noWork" });
  });

  it("allows a cycle of 1 to 56 days", () => {
    expect(parseCycle("1D")).toEqual({ ok: true, cycle: [{ kind: "day", days: 1 }] });
    expect(parseCycle("28D/28O").ok).toBe(true);
    expect(MAX_CYCLE_DAYS).toBe(56);
    expect(parseCycle("28D/29O")).toEqual({
      ok: false,
      error: "rostering:templates.cycle.errors.tooLong?max=56",
    });
  });
});

describe("cycleError", () => {
  it("checks a stored cycle the same way", () => {
    expect(cycleError(EIGHT_SIX)).toBeNull();
    expect(cycleError([])).toBe("rostering:templates.cycle.errors.empty");
    expect(cycleError([{ kind: "day", days: 2.5 }])).toBe("rostering:templates.cycle.errors.zeroDays");
    expect(cycleError([{ kind: "day", days: 57 }])).toBe("rostering:templates.cycle.errors.tooLong?max=56");
  });
});

describe("describeCycle", () => {
  it("writes the short form, which reads back the same", () => {
    expect(describeCycle(SEVEN_SEVEN_SEVEN)).toBe("7D/7N/7O");
    expect(parseCycle(describeCycle(EIGHT_SIX))).toEqual({ ok: true, cycle: EIGHT_SIX });
  });

  it("writes words through the translate function", () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      `${options?.count} ${key.split(".").at(-1)}`;
    expect(describeCycle(SEVEN_SEVEN_SEVEN, t)).toBe("7 day, 7 night, 7 off");
  });

  it("writes English and Vietnamese words that read back the same", async () => {
    for (const [lng, eightSix, swing] of [
      ["en", "8 days, 6 off", "7 days, 7 nights, 7 off"],
      ["vi", "8 ngày, 6 nghỉ", "7 ngày, 7 đêm, 7 nghỉ"],
    ]) {
      const i18n = createInstance();
      await i18n.init({
        lng,
        interpolation: { escapeValue: false },
        resources: { [lng]: { rostering: lng === "en" ? en : vi } },
      });
      const t = i18n.t.bind(i18n);
      expect(describeCycle(EIGHT_SIX, t)).toBe(eightSix);
      expect(describeCycle(SEVEN_SEVEN_SEVEN, t)).toBe(swing);
      expect(
        describeCycle(
          [
            { kind: "night", days: 1 },
            { kind: "off", days: 1 },
          ],
          t,
        ),
      ).toBe(lng === "en" ? "1 night, 1 off" : "1 đêm, 1 nghỉ");
      expect(parseCycle(describeCycle(SEVEN_SEVEN_SEVEN, t))).toEqual({ ok: true, cycle: SEVEN_SEVEN_SEVEN });
    }
  });
});
