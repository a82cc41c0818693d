import { describe, expect, it } from "vitest";
import { centsToDecimal, decimalToCents, quantityNumber } from "./money";

describe("money between cents and ACC's decimal strings", () => {
  it("writes cents as a decimal string with two places", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(7)).toBe("0.07");
    expect(centsToDecimal(10)).toBe("0.10");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(123_456)).toBe("1234.56");
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
  });

  it("refuses what is not a whole number of cents", () => {
    expect(() => centsToDecimal(0.5)).toThrow(RangeError);
    expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
    expect(() => centsToDecimal(2 ** 60)).toThrow(RangeError);
  });

  it("reads ACC's decimals exactly (0.1 + 0.2 is 30 cents, not 0.30000000000000004)", () => {
    const sum = (decimalToCents("0.1") ?? 0) + (decimalToCents("0.2") ?? 0);
    expect(sum).toBe(30);
    expect(centsToDecimal(sum)).toBe("0.30");
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents("1000.0000")).toBe(100_000);
    expect(decimalToCents(12.5)).toBe(1250);
    expect(decimalToCents("-0.05")).toBe(-5);
  });

  it("rounds ACC's third and fourth decimals half away from zero", () => {
    expect(decimalToCents("12.3449")).toBe(1234);
    expect(decimalToCents("12.345")).toBe(1235);
    expect(decimalToCents("-12.345")).toBe(-1235);
    expect(decimalToCents("-0.004")).toBe(0);
  });

  it("reads nothing as null and refuses what is not a decimal", () => {
    expect(decimalToCents(null)).toBeNull();
    expect(decimalToCents("")).toBeNull();
    expect(() => decimalToCents("1e3")).toThrow(RangeError);
    expect(() => decimalToCents("12,50")).toThrow(RangeError);
  });

  it("turns a quantity string into the number ACC takes, when a number holds its digits", () => {
    expect(quantityNumber("2")).toBe(2);
    expect(quantityNumber("2.50")).toBe(2.5);
    expect(quantityNumber("0.125")).toBe(0.125);
    expect(quantityNumber("007")).toBe(7);
    expect(() => quantityNumber("1.2.3")).toThrow(RangeError);
    expect(() => quantityNumber("12345678901234567.5")).toThrow(/more digits than ACC can keep/);
  });
});
