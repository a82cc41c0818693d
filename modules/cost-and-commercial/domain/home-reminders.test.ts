import { describe, expect, it } from "vitest";
import { isReminderOverdue, nextOccurrence } from "./home-reminders";

describe("a reminder's next occurrence", () => {
  const monthly = { startDate: "2026-01-01", endDate: null, recurrence: "FREQ=MONTHLY;BYMONTHDAY=25" };

  it("is the first after the occurrence last e-mailed, or the first from its start", () => {
    expect(nextOccurrence({ ...monthly, lastSentFor: null })).toBe("2026-01-25");
    expect(nextOccurrence({ ...monthly, lastSentFor: "2026-10-25" })).toBe("2026-11-25");
  });

  it("stops at its end date; a one-off is its start until sent", () => {
    expect(nextOccurrence({ ...monthly, endDate: "2026-11-30", lastSentFor: "2026-11-25" })).toBeNull();
    const once = { startDate: "2026-06-30", endDate: null, recurrence: null };
    expect(nextOccurrence({ ...once, lastSentFor: null })).toBe("2026-06-30");
    expect(nextOccurrence({ ...once, lastSentFor: "2026-06-30" })).toBeNull();
  });

  it("is overdue when that occurrence is before today, not on it", () => {
    expect(isReminderOverdue({ ...monthly, lastSentFor: "2026-10-25" }, "2026-11-26")).toBe(true);
    expect(isReminderOverdue({ ...monthly, lastSentFor: "2026-10-25" }, "2026-11-25")).toBe(false);
    expect(isReminderOverdue({ ...monthly, lastSentFor: "2026-11-25" }, "2026-11-26")).toBe(false);
  });
});
