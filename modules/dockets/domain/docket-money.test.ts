import { describe, expect, it } from "vitest";
import {
  canonicalQuantity,
  centsText,
  itemAmountCents,
  priceCents,
  quantityThousandths,
  totalCents,
} from "./docket-money";

describe("docket money on the digits", () => {
  it("reads prices to cents and refuses what is not a price", () => {
    expect(priceCents("12")).toBe(1200);
    expect(priceCents("1,234.5")).toBe(123_450);
    expect(priceCents("0.07")).toBe(7);
    for (const bad of ["", "abc", "1.234", "-5", "1,23.4", "12e3", "NaN"]) expect(priceCents(bad)).toBeNull();
    expect(priceCents("99999999999999")).toBeNull();
  });

  it("reads quantities to thousandths as the numeric(14,3) column keeps them", () => {
    expect(quantityThousandths("2.5")).toBe(2500n);
    expect(quantityThousandths("0.001")).toBe(1n);
    expect(quantityThousandths("1.0005")).toBeNull();
    expect(quantityThousandths("123456789012")).toBeNull();
    expect(canonicalQuantity("12.500")).toBe("12.5");
    expect(canonicalQuantity("3.000")).toBe("3");
    expect(centsText(123_450)).toBe("1234.50");
    expect(centsText(5)).toBe("0.05");
  });

  it("rounds an item's amount half away from zero on the cent", () => {
    expect(itemAmountCents(1999, "3")).toBe(5997);
    // 0.333 × $1.50 = 49.95 cents → 50.
    expect(itemAmountCents(150, "0.333")).toBe(50);
    // 0.001 × $4.99 = 0.499 cents → 0; × $5.00 = 0.5 cents → 1.
    expect(itemAmountCents(499, "0.001")).toBe(0);
    expect(itemAmountCents(500, "0.001")).toBe(1);
    // Where a float goes wrong: 0.1 × 3 hours at $0.10… computed on integers.
    expect(itemAmountCents(10, "0.3")).toBe(3);
    expect(itemAmountCents(Number.MAX_SAFE_INTEGER, "2")).toBeNull();
  });

  it("sums many items exactly in cents", () => {
    const amounts = Array.from({ length: 1000 }, () => itemAmountCents(1, "0.1") ?? -1);
    expect(new Set(amounts)).toEqual(new Set([0]));
    const tenths = Array.from({ length: 1000 }, () => itemAmountCents(1010, "1.1") ?? -1);
    // 11.11 each, a thousand times: 11,110.00 exactly (a float sum of 11.11 gives 11109.999…).
    expect(totalCents(tenths)).toBe(1_111_000);
    expect(totalCents([Number.MAX_SAFE_INTEGER, 1])).toBeNull();
  });
});
