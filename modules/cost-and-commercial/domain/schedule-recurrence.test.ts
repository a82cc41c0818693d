import { describe, expect, it } from "vitest";
import { businessDaysBefore, deadlinesToWarn, openDeadlines } from "./deadline-warnings";
import {
  nextOccurrences,
  occurrencesBetween,
  occurrenceToSend,
  recurrenceChoiceOf,
  recurrenceRule,
} from "./schedule-recurrence";

const monthly25 = {
  startDate: "2026-01-01",
  endDate: null,
  recurrence: recurrenceRule({ kind: "monthly-day", monthDay: 25 }, "2026-01-01"),
  leadDays: 3,
  lastSentFor: null,
};

describe("recurrence rules", () => {
  it("builds the RRULE of each choice and reads it back", () => {
    expect(monthly25.recurrence).toBe("RRULE:FREQ=MONTHLY;BYMONTHDAY=25");
    expect(recurrenceRule({ kind: "weekly", weekday: "MO" }, "2026-11-02")).toBe(
      "RRULE:FREQ=WEEKLY;BYDAY=MO",
    );
    expect(recurrenceRule({ kind: "none" }, "2026-11-02")).toBeNull();
    for (const choice of [
      { kind: "weekly", weekday: "TH" },
      { kind: "monthly-day", monthDay: 25 },
      { kind: "monthly-last-business-day" },
      { kind: "yearly" },
    ] as const)
      expect(recurrenceChoiceOf(recurrenceRule(choice, "2026-07-01"))).toEqual(choice);
    expect(recurrenceChoiceOf("FREQ=DAILY;INTERVAL=3")).toBeNull();
  });

  it("expands monthly on the 25th within a range and stops at the end date", () => {
    expect(occurrencesBetween(monthly25, "2026-01-01", "2026-03-31")).toEqual([
      "2026-01-25",
      "2026-02-25",
      "2026-03-25",
    ]);
    expect(occurrencesBetween({ ...monthly25, endDate: "2026-02-25" }, "2026-01-01", "2026-12-31")).toEqual([
      "2026-01-25",
      "2026-02-25",
    ]);
  });

  it("puts the last business day of the month on a weekday", () => {
    const rule = recurrenceRule({ kind: "monthly-last-business-day" }, "2026-11-01");
    expect(
      nextOccurrences({ startDate: "2026-11-01", endDate: null, recurrence: rule }, "2026-11-01", 3),
    ).toEqual(["2026-11-30", "2026-12-31", "2027-01-29"]);
  });

  it("repeats yearly on the start date's day", () => {
    const rule = recurrenceRule({ kind: "yearly" }, "2026-03-15");
    expect(
      nextOccurrences({ startDate: "2026-03-15", endDate: null, recurrence: rule }, "2026-04-01", 2),
    ).toEqual(["2027-03-15", "2028-03-15"]);
  });
});

describe("which occurrence a reminder sends", () => {
  it("monthly on the 25th with 3 lead days: from the 22nd, once", () => {
    expect(occurrenceToSend(monthly25, "2026-01-21")).toBeNull();
    expect(occurrenceToSend(monthly25, "2026-01-22")).toBe("2026-01-25");
    const sent = { ...monthly25, lastSentFor: "2026-01-25" };
    expect(occurrenceToSend(sent, "2026-01-23")).toBeNull();
    expect(occurrenceToSend(sent, "2026-01-25")).toBeNull();
    expect(occurrenceToSend(sent, "2026-02-21")).toBeNull();
    expect(occurrenceToSend(sent, "2026-02-22")).toBe("2026-02-25");
  });

  it("never sends an occurrence that has passed, nor after the end date", () => {
    expect(occurrenceToSend(monthly25, "2026-01-26")).toBeNull();
    expect(occurrenceToSend({ ...monthly25, endDate: "2026-03-31" }, "2026-04-22")).toBeNull();
  });

  it("weekly on Monday with 2 lead days: the Saturday before", () => {
    const weekly = {
      startDate: "2026-11-02",
      endDate: null,
      recurrence: recurrenceRule({ kind: "weekly", weekday: "MO" }, "2026-11-02"),
      leadDays: 2,
      lastSentFor: "2026-11-02",
    };
    expect(occurrenceToSend(weekly, "2026-11-06")).toBeNull();
    expect(occurrenceToSend(weekly, "2026-11-07")).toBe("2026-11-09");
    expect(occurrenceToSend({ ...weekly, lastSentFor: "2026-11-09" }, "2026-11-08")).toBeNull();
  });

  it("a one-off reminder is sent once on its day", () => {
    const once = { startDate: "2026-12-01", endDate: null, recurrence: null, leadDays: 0, lastSentFor: null };
    expect(occurrenceToSend(once, "2026-11-30")).toBeNull();
    expect(occurrenceToSend(once, "2026-12-01")).toBe("2026-12-01");
    expect(occurrenceToSend({ ...once, lastSentFor: "2026-12-01" }, "2026-12-01")).toBeNull();
  });
});

describe("security-of-payment deadline warnings", () => {
  const claim = {
    status: "submitted" as const,
    paymentScheduleDueOn: "2026-12-10",
    paymentDueOn: "2027-01-20",
    scheduled: false,
    paidOn: null,
  };

  it("counts business days back over weekends", () => {
    expect(businessDaysBefore("NSW", "2026-12-10", 3)).toBe("2026-12-07");
    expect(businessDaysBefore("NSW", "2026-12-07", 1)).toBe("2026-12-04");
  });

  it("warns from N business days before, until the day, not after", () => {
    expect(deadlinesToWarn(claim, "NSW", 3, "2026-12-04")).toEqual([]);
    expect(deadlinesToWarn(claim, "NSW", 3, "2026-12-07")).toEqual([
      { kind: "payment-schedule", dueOn: "2026-12-10", overdue: false },
    ]);
    expect(deadlinesToWarn(claim, "NSW", 3, "2026-12-11")).toEqual([]);
  });

  it("a scheduled claim keeps only its payment deadline, a paid or void one none", () => {
    expect(openDeadlines({ ...claim, scheduled: true }, "2026-12-11").map((d) => d.kind)).toEqual([
      "payment",
    ]);
    expect(openDeadlines({ ...claim, paidOn: "2027-01-05" }, "2026-12-11")).toEqual([]);
    expect(openDeadlines({ ...claim, status: "void" }, "2026-12-11")).toEqual([]);
    expect(openDeadlines(claim, "2026-12-11")[0]).toMatchObject({ overdue: true });
  });
});
