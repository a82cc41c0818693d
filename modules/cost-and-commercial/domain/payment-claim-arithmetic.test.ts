import { describe, expect, it } from "vitest";
import {
  basisPointsToPercent,
  claimedCents,
  divideHalfAwayFromZero,
  percentToBasisPoints,
  retentionCents,
  sumCents,
} from "./payment-claim-arithmetic";

describe("payment claim arithmetic in cents", () => {
  it("sums 250 awkward amounts exactly, where floating point drifts", () => {
    const cents = Array.from({ length: 250 }, (_, index) => 1 + ((index * 7919) % 99_999));
    const expected = cents.reduce((total, value) => total + BigInt(value), 0n);
    expect(sumCents(cents)).toBe(Number(expected));
    expect(sumCents(Array.from({ length: 250 }, () => 10))).toBe(2500);
    expect(Array.from({ length: 250 }, () => 0.1).reduce((a, b) => a + b, 0)).not.toBe(25);
  });

  it("refuses what is not whole cents", () => {
    expect(() => sumCents([1.5])).toThrow(RangeError);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it("claims dockets + other work + variations − back charges", () => {
    expect(
      claimedCents({
        docketsCents: 1_000_01,
        otherWorkCents: 50_00,
        variationsCents: 20_00,
        backChargesCents: 5_50,
      }),
    ).toBe(1_064_51);
  });

  it("rounds half away from zero", () => {
    expect(divideHalfAwayFromZero(15n, 10n)).toBe(2n);
    expect(divideHalfAwayFromZero(14n, 10n)).toBe(1n);
    expect(divideHalfAwayFromZero(-15n, 10n)).toBe(-2n);
    expect(divideHalfAwayFromZero(-14n, 10n)).toBe(-1n);
  });

  it("holds retention at its rate, rounded, up to what the cap leaves", () => {
    // 5 % of 10.10 = 0.505 → 0.51
    expect(retentionCents({ claimedCents: 1010, basisPoints: 500, capCents: null, heldBeforeCents: 0 })).toBe(
      51,
    );
    // 5 % of 10.09 = 0.5045 → 0.50
    expect(retentionCents({ claimedCents: 1009, basisPoints: 500, capCents: null, heldBeforeCents: 0 })).toBe(
      50,
    );
    expect(
      retentionCents({ claimedCents: 100_000, basisPoints: 500, capCents: 6_000, heldBeforeCents: 3_000 }),
    ).toBe(3_000);
    expect(
      retentionCents({ claimedCents: 100_000, basisPoints: 500, capCents: 6_000, heldBeforeCents: 7_000 }),
    ).toBe(0);
    expect(retentionCents({ claimedCents: -500, basisPoints: 500, capCents: null, heldBeforeCents: 0 })).toBe(
      0,
    );
  });

  it("reads a percentage to basis points and back", () => {
    expect(percentToBasisPoints("5")).toBe(500);
    expect(percentToBasisPoints("5.25")).toBe(525);
    expect(percentToBasisPoints("100")).toBe(10_000);
    expect(percentToBasisPoints("100.01")).toBeNull();
    expect(percentToBasisPoints("5.255")).toBeNull();
    expect(percentToBasisPoints("-1")).toBeNull();
    expect(basisPointsToPercent(525)).toBe("5.25");
    expect(basisPointsToPercent(500)).toBe("5.00");
  });
});
