import { describe, expect, it } from "vitest";
import {
  displayAmount,
  formatAmount,
  formatCents,
  formatDate,
  formatDateTime,
  parseCurrency,
} from "./format";

const NBSP = "\u00a0";

describe("formatAmount", () => {
  it("writes thousands separators and exactly two decimals", () => {
    expect(formatAmount(1234567.891)).toBe("1,234,567.89");
    expect(formatAmount(5)).toBe("5.00");
    expect(formatAmount(-1234.5)).toBe("-1,234.50");
    expect(formatAmount("1,234.5")).toBe("1,234.50");
  });

  it("shows 0.00 for invalid input", () => {
    expect(formatAmount("abc")).toBe("0.00");
    expect(formatAmount(Number.NaN)).toBe("0.00");
    expect(formatAmount(undefined)).toBe("0.00");
    expect(formatAmount({})).toBe("0.00");
  });

  it("leaves zero and missing values blank when asked", () => {
    expect(formatAmount(0, { blankWhenZero: true })).toBe("");
    expect(formatAmount(null, { blankWhenZero: true })).toBe("");
    expect(formatAmount("", { blankWhenZero: true })).toBe("");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(12, { blankWhenZero: true })).toBe("12.00");
  });

  it("writes VND the Vietnamese way and USD with a dollar sign", () => {
    expect(formatAmount(1234567.5, { currency: "VND" })).toBe(`1.234.567,50${NBSP}₫`);
    expect(formatAmount(1234.5, { currency: "USD" })).toBe("$1,234.50");
    expect(formatAmount("oops", { currency: "USD" })).toBe("$0.00");
  });

  it("formats integer cents", () => {
    expect(formatCents(123456)).toBe("1,234.56");
    expect(formatCents(null, { blankWhenZero: true })).toBe("");
  });
});

describe("parseCurrency", () => {
  it("accepts grouped and plain numbers", () => {
    expect(parseCurrency("1,234.56")).toBe(1234.56);
    expect(parseCurrency("1234.56")).toBe(1234.56);
    expect(parseCurrency(" 12 ")).toBe(12);
    expect(parseCurrency("-1,000")).toBe(-1000);
  });

  it("rejects empty and malformed text", () => {
    expect(parseCurrency("")).toBeNull();
    expect(parseCurrency(null)).toBeNull();
    expect(parseCurrency("1,23.4")).toBeNull();
    expect(parseCurrency("12abc")).toBeNull();
    expect(parseCurrency("1.2.3")).toBeNull();
  });
});

describe("displayAmount", () => {
  it("shows a dash for an empty value", () => {
    expect(displayAmount("")).toBe("-");
    expect(displayAmount(null)).toBe("-");
    expect(displayAmount(undefined)).toBe("-");
    expect(displayAmount("1,234.5")).toBe("1,234.50");
    expect(displayAmount(0)).toBe("0.00");
  });
});

describe("formatDate and formatDateTime", () => {
  const moment = new Date("2025-03-07T23:30:00Z");

  it("formats by product locale, au as en-AU", () => {
    expect(formatDate(moment, "en", "UTC")).toBe("Mar 7, 2025");
    expect(formatDate(moment, "au", "UTC")).toBe("7 Mar 2025");
    expect(formatDate(moment, "vi", "UTC")).toMatch(/^7 thg 3, 2025$/);
  });

  it("keeps a calendar date on its day in any time zone", () => {
    expect(formatDate("2025-03-07", "au", "America/Los_Angeles")).toBe("7 Mar 2025");
  });

  it("shows a moment in the given time zone", () => {
    // ICU versions differ in which kind of space goes before am/pm; the reader sees a space either way.
    const spaced = (text: string) => text.replace(/\s/gu, " ");
    expect(spaced(formatDateTime(moment, "au", "Australia/Sydney"))).toBe("8 Mar 2025, 10:30 am");
    expect(spaced(formatDateTime(moment, "en", "UTC"))).toBe("Mar 7, 2025, 11:30 PM");
  });

  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("-");
    expect(formatDate("not a date")).toBe("-");
    expect(formatDateTime(undefined)).toBe("-");
  });
});
