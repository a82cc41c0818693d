import { describe, expect, it } from "vitest";
import { decimalHours, prefillRows } from "./diary-prefill";

describe("a new day's diary pre-fills its rows from the given sources", () => {
  it("makes a marked plant row of each plant record and a marked work log row of each company", () => {
    expect(
      prefillRows({
        plantRecords: [
          { title: "PM-0007 Komatsu PC210 excavator", detail: "Rego XYZ-123 · Hire Co" },
          { title: "  ", detail: "blank titles are left out" },
          { title: "PM-0009 Franna crane" },
        ],
        workLog: [
          { company: "Apex Formwork", workers: 6, hours: "45.5" },
          { company: "Harbour Civil", workers: 12, hours: "96" },
        ],
      }),
    ).toEqual([
      {
        section: "plant",
        position: 0,
        plantKind: "plant",
        title: "PM-0007 Komatsu PC210 excavator",
        detail: "Rego XYZ-123 · Hire Co",
        prefilled: true,
      },
      {
        section: "plant",
        position: 1,
        plantKind: "plant",
        title: "PM-0009 Franna crane",
        detail: null,
        prefilled: true,
      },
      {
        section: "work_log",
        position: 0,
        company: "Apex Formwork",
        title: "",
        workers: 6,
        hours: "45.50",
        prefilled: true,
      },
      {
        section: "work_log",
        position: 1,
        company: "Harbour Civil",
        title: "",
        workers: 12,
        hours: "96.00",
        prefilled: true,
      },
    ]);
  });

  it("keeps hours as decimal text (never a float) and refuses what is not a figure", () => {
    expect(decimalHours("7.5")).toBe("7.50");
    expect(decimalHours("0.1")).toBe("0.10");
    expect(decimalHours("8.129")).toBe("8.12");
    expect(decimalHours("-3")).toBe("0.00");
    expect(decimalHours("lots")).toBe("0.00");
  });

  it("pre-fills nothing from no sources", () => {
    expect(prefillRows({ plantRecords: [], workLog: [] })).toEqual([]);
  });
});
