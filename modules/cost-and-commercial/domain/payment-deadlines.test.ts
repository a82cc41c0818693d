import { describe, expect, it } from "vitest";
import { addBusinessDays, claimDeadlines, isBusinessDay } from "./payment-deadlines";

describe("security-of-payment business days", () => {
  it("NSW: weekends, public holidays and 27–31 December are not business days", () => {
    expect(isBusinessDay("NSW", "2026-06-08")).toBe(false); // King's Birthday
    expect(isBusinessDay("NSW", "2026-12-28")).toBe(false); // Boxing Day, substitute, and the shutdown
    expect(isBusinessDay("NSW", "2026-12-24")).toBe(true);
    expect(isBusinessDay("NSW", "2026-12-30")).toBe(false); // shutdown
    expect(isBusinessDay("NSW", "2027-01-04")).toBe(true);
    expect(isBusinessDay("NSW", "2026-11-28")).toBe(false); // Saturday
  });

  it("QLD: 22 December to 10 January is not counted", () => {
    expect(isBusinessDay("QLD", "2026-12-21")).toBe(true);
    expect(isBusinessDay("QLD", "2026-12-22")).toBe(false);
    expect(isBusinessDay("QLD", "2027-01-08")).toBe(false);
    expect(isBusinessDay("QLD", "2027-01-11")).toBe(true);
    expect(isBusinessDay("QLD", "2027-01-26")).toBe(false); // Australia Day
  });

  it("counts from the day after, never the day itself", () => {
    expect(addBusinessDays("NSW", "2026-11-23", 0)).toBe("2026-11-23");
    expect(addBusinessDays("NSW", "2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(() => addBusinessDays("NSW", "2026-11-27", -1)).toThrow(RangeError);
  });
});

describe("claim deadlines, worked examples", () => {
  it("NSW head contract claim served Monday 1 June 2026: schedule 16 June (King's Birthday skipped), payment 23 June", () => {
    // Business days: 2,3,4,5 June, (8th a holiday), 9,10,11,12,15,16 → 10th is the 16th; 15 → 23 June.
    expect(claimDeadlines({ jurisdiction: "NSW", side: "head-contract", servedOn: "2026-06-01" })).toEqual({
      paymentScheduleDueOn: "2026-06-16",
      paymentDueOn: "2026-06-23",
    });
  });

  it("NSW subcontract claim served Friday 18 December 2026: over Christmas, schedule 11 January, payment 25 January", () => {
    // 21, 22, 23, 24 Dec; 25 Christmas; 27–31 shutdown; 1 Jan holiday; 4, 5, 6, 7, 8, 11 Jan → 10th = 11 Jan.
    // Payment, 20 business days: 12–15, 18–22, 25 Jan → 20th = 25 Jan (Australia Day is the 26th).
    expect(claimDeadlines({ jurisdiction: "NSW", side: "subcontract", servedOn: "2026-12-18" })).toEqual({
      paymentScheduleDueOn: "2027-01-11",
      paymentDueOn: "2027-01-25",
    });
  });

  it("NSW: a contract's shorter period applies, a longer one does not", () => {
    const base = { jurisdiction: "NSW" as const, side: "subcontract" as const, servedOn: "2026-06-01" };
    expect(claimDeadlines({ ...base, paymentScheduleDays: 5, paymentDays: 10 })).toEqual({
      paymentScheduleDueOn: "2026-06-09",
      paymentDueOn: "2026-06-16",
    });
    expect(claimDeadlines({ ...base, paymentDays: 30 }).paymentDueOn).toBe(claimDeadlines(base).paymentDueOn);
  });

  it("QLD claim given 18 December 2026: the shutdown to 10 January, Australia Day skipped", () => {
    // 21 Dec (1); 11–15 Jan (2–6); 18–22 (7–11); 25 (12); 26 holiday; 27, 28, 29 (13–15).
    expect(claimDeadlines({ jurisdiction: "QLD", side: "subcontract", servedOn: "2026-12-18" })).toEqual({
      paymentScheduleDueOn: "2027-01-29",
      paymentDueOn: "2027-01-21",
    });
  });

  it("QLD: the contract's payment day up to 25 business days for a subcontract, 15 for a head contract", () => {
    const served = { jurisdiction: "QLD" as const, servedOn: "2026-03-02" };
    expect(claimDeadlines({ ...served, side: "subcontract", paymentDays: 25 }).paymentDueOn).toBe(
      addBusinessDays("QLD", "2026-03-02", 25),
    );
    expect(claimDeadlines({ ...served, side: "head-contract", paymentDays: 25 }).paymentDueOn).toBe(
      addBusinessDays("QLD", "2026-03-02", 15),
    );
  });

  it("no jurisdiction: only the contract's days, and none without them", () => {
    expect(claimDeadlines({ jurisdiction: "none", side: "subcontract", servedOn: "2026-11-27" })).toEqual({
      paymentScheduleDueOn: null,
      paymentDueOn: null,
    });
    expect(
      claimDeadlines({ jurisdiction: "none", side: "subcontract", servedOn: "2026-11-27", paymentDays: 1 }),
    ).toEqual({ paymentScheduleDueOn: null, paymentDueOn: "2026-11-30" });
  });
});
