import { describe, expect, it } from "vitest";
import { formatRate, frequencyRate, frequencyRates, NO_RATE, RATE_BASE_HOURS } from "./frequency-rates";

describe("LTIFR and TRIFR", () => {
  it("match a hand-worked example: 2 LTIs and 3 MTIs over 412,500 hours", () => {
    // Lost time: the 2 LTIs (MTIs lose no time).
    //   LTIFR = 2 × 1,000,000 / 412,500 = 2,000,000 / 412,500 = 4.848484… → 4.85 (third decimal 8: up)
    // Recordable: 2 LTIs + 3 MTIs = 5.
    //   TRIFR = 5 × 1,000,000 / 412,500 = 5,000,000 / 412,500 = 12.121212… → 12.12 (third decimal 1: down)
    expect(frequencyRates({ lti: 2, mti: 3 }, 412_500)).toEqual({
      lostTimeCount: 2,
      recordableCount: 5,
      hours: 412_500,
      ltifr: 4.85,
      trifr: 12.12,
    });
  });

  it("count fatalities in both rates, RWIs in TRIFR only, first aid and near misses in neither", () => {
    // A year of a 40-worker site: 40 × 2,000 h = 80,000 hours.
    // Lost time: 1 fatality + 1 LTI = 2 → 2,000,000 / 80,000 = 25.00
    // Recordable: 1 + 1 + 2 MTIs + 1 RWI = 5 → 5,000,000 / 80,000 = 62.50
    expect(
      frequencyRates({ fatality: 1, lti: 1, mti: 2, rwi: 1, first_aid: 7, near_miss: 12 }, 80_000),
    ).toMatchObject({ lostTimeCount: 2, recordableCount: 5, ltifr: 25, trifr: 62.5 });
    // Only first aid and near misses: both rates are 0.00, not "no rate" (hours were worked).
    expect(frequencyRates({ first_aid: 3, near_miss: 9 }, 80_000)).toMatchObject({
      lostTimeCount: 0,
      recordableCount: 0,
      ltifr: 0,
      trifr: 0,
    });
  });

  it("give no rate over no hours: never a division by zero, never Infinity or NaN", () => {
    for (const hours of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const rates = frequencyRates({ lti: 1, mti: 1 }, hours);
      expect(rates.ltifr).toBeNull();
      expect(rates.trifr).toBeNull();
      expect(formatRate(rates.ltifr)).toBe("—");
    }
    expect(frequencyRates({}, 0)).toMatchObject({ lostTimeCount: 0, recordableCount: 0, ltifr: null });
    // Less than a hundredth of an hour rounds to no hours at all (the column keeps two decimals).
    expect(frequencyRate(1, 0.004)).toBeNull();
    expect(NO_RATE).toBe("—");
  });

  it("round to two decimals, half up, without floating-point drift", () => {
    // 1 × 1,000,000 / 1,600,000 = 0.625 exactly: half up gives 0.63 (a banker's rounding would give 0.62).
    expect(frequencyRate(1, 1_600_000)).toBe(0.63);
    // 1 × 1,000,000 / 1,600,001 = 0.62499960…: below the half, 0.62.
    expect(frequencyRate(1, 1_600_001)).toBe(0.62);
    // 3 × 1,000,000 / 2,400,000 = 1.25 exactly: nothing to round.
    expect(frequencyRate(3, 2_400_000)).toBe(1.25);
    // 201 × 1,000,000 / 200,000,000 = 1.005 exactly, but the float 1.005 is 1.00499999…: naive
    // Math.round(1.005 × 100) / 100 gives 1.00. Worked in whole numbers: 201 × 10^10 / 20,000,000,000 = 100.5
    // hundredths → half up → 101 → 1.01.
    expect(Math.round(((201 * RATE_BASE_HOURS) / 200_000_000) * 100) / 100).toBe(1);
    expect(frequencyRate(201, 200_000_000)).toBe(1.01);
    // Hours with decimals: 1 × 1,000,000 / 12,345.67 = 81.0000… → 81.00
    expect(frequencyRate(1, 12_345.67)).toBe(81);
  });

  it("refuse counts that are not whole numbers of people", () => {
    expect(() => frequencyRates({ lti: -1 }, 1000)).toThrow(RangeError);
    expect(() => frequencyRates({ mti: 1.5 }, 1000)).toThrow(RangeError);
    expect(() => frequencyRate(Number.NaN, 1000)).toThrow(RangeError);
  });

  it("are shown with two decimals and thousands separators", () => {
    expect(formatRate(4.85)).toBe("4.85");
    expect(formatRate(0)).toBe("0.00");
    expect(formatRate(62.5)).toBe("62.50");
    expect(formatRate(1234.5)).toBe("1,234.50");
    expect(formatRate(null)).toBe("—");
  });
});
