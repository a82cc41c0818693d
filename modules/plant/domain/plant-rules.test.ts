import { describe, expect, it } from "vitest";
import {
  addDays,
  checklistItems,
  checkResult,
  DEFAULT_CHECKLIST,
  documentExpiry,
  isOnSite,
  plantTagKey,
} from "./plant-rules";

describe("on site on a day", () => {
  const plant = { status: "ACTIVE" as const, onHireDate: "2026-11-10", offHireDate: "2026-11-20" };
  it("from the on-hire day through the off-hire day, only when approved for use", () => {
    expect(isOnSite(plant, "2026-11-09")).toBe(false);
    expect(isOnSite(plant, "2026-11-10")).toBe(true);
    expect(isOnSite(plant, "2026-11-20")).toBe(true);
    expect(isOnSite(plant, "2026-11-21")).toBe(false);
    expect(isOnSite({ ...plant, offHireDate: null }, "2027-01-01")).toBe(true);
    expect(isOnSite({ ...plant, status: "IN_REVIEW" }, "2026-11-15")).toBe(false);
    expect(isOnSite({ ...plant, onHireDate: null }, "2026-11-15")).toBe(false);
  });
});

describe("a document's expiry", () => {
  const today = "2026-11-26";
  it("is good through its expiry date, warns N days ahead, and never expires without a date", () => {
    expect(documentExpiry("2026-11-25", today, 30)).toBe("expired");
    expect(documentExpiry("2026-11-26", today, 30)).toBe("expiring");
    expect(documentExpiry(addDays(today, 30), today, 30)).toBe("expiring");
    expect(documentExpiry(addDays(today, 31), today, 30)).toBe("current");
    expect(documentExpiry(addDays(today, 10), today, 7)).toBe("current");
    expect(documentExpiry(null, today, 30)).toBe("none");
  });
});

describe("a pre-start check", () => {
  it("fails when any item fails; N/A counts neither way", () => {
    expect(checkResult([{ answer: "pass" }, { answer: "na" }])).toBe("PASS");
    expect(checkResult([{ answer: "pass" }, { answer: "fail" }, { answer: "na" }])).toBe("FAIL");
  });
  it("reads its items from the settings' lines, the defaults when there are none", () => {
    expect(checklistItems(" Brakes \n\nlights\nBRAKES\nTracks")).toEqual(["Brakes", "lights", "Tracks"]);
    expect(checklistItems("   \n")).toEqual([...DEFAULT_CHECKLIST]);
    expect(DEFAULT_CHECKLIST).toContain("Reversing alarm");
  });
  it("finds a plant by its tag however it was typed", () => {
    expect(plantTagKey("  abc  123 ")).toBe("ABC 123");
  });
});
