import { describe, expect, it } from "vitest";
import { claimTotals, previousClaimsCents, retentionOf } from "./head-claim-arithmetic";

describe("claim arithmetic in cents", () => {
  it("sums a claim of many lines exactly, where floating point would drift", () => {
    // 1 000 lines of 0.10 and 0.20: in floats 0.1 + 0.2 drifts; in cents it is 300 00 exactly.
    const lines = Array.from({ length: 1000 }, () => ({ scheduledValueCents: 30, workCompletedCents: 10 }));
    const floatSum = Array.from({ length: 1000 }, () => 0.1).reduce((sum, value) => sum + value, 0);
    expect(floatSum).not.toBe(100);
    const totals = claimTotals({
      contractSumCents: 100_000,
      retentionBasisPoints: 0,
      lines,
      previousCents: 0,
    });
    expect(totals.scheduledValueCents).toBe(30_000);
    expect(totals.workCompletedCents).toBe(10_000);
    expect(totals.balanceCents).toBe(90_000);
  });

  it("takes retention, the earlier claims and the balance as the README says", () => {
    const totals = claimTotals({
      contractSumCents: 1_000_000_00,
      retentionBasisPoints: 500,
      lines: [
        { scheduledValueCents: 400_000_00, workCompletedCents: 250_000_00 },
        { scheduledValueCents: 100_000_00, workCompletedCents: 33_333_33 },
      ],
      previousCents: 150_000_00,
    });
    expect(totals).toEqual({
      scheduledValueCents: 500_000_00,
      workCompletedCents: 283_333_33,
      // 5 % of 283 333.33 = 14 166.6665 → 14 166.67 (half up)
      retentionCents: 14_166_67,
      grandTotalCents: 269_166_66,
      previousCents: 150_000_00,
      currentPaymentDueCents: 119_166_66,
      balanceCents: 716_666_67,
    });
  });

  it("rounds retention half up on integers and refuses fractions of a cent", () => {
    expect(retentionOf(1, 5000)).toBe(1);
    expect(retentionOf(1, 4999)).toBe(0);
    expect(retentionOf(9_007_199_254_740_991, 1)).toBe(900_719_925_474);
    expect(() => retentionOf(0.5, 500)).toThrow(RangeError);
    expect(() =>
      claimTotals({
        contractSumCents: 0,
        retentionBasisPoints: 0,
        lines: [{ scheduledValueCents: 1.5, workCompletedCents: 0 }],
        previousCents: 0,
      }),
    ).toThrow(RangeError);
  });

  it("counts each earlier live claim's certified amount, or its claimed amount when none was certified", () => {
    expect(
      previousClaimsCents([
        { status: "approved", currentPaymentDueCents: 100_00, scheduledAmountCents: 90_00 },
        { status: "submitted", currentPaymentDueCents: 50_00, scheduledAmountCents: null },
        { status: "void", currentPaymentDueCents: 1_000_00, scheduledAmountCents: null },
        { status: "reject", currentPaymentDueCents: 1_000_00, scheduledAmountCents: 5_00 },
      ]),
    ).toBe(140_00);
  });
});
