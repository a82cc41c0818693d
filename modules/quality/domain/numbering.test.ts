import { describe, expect, it } from "vitest";
import { numberingSettings, withPrefix } from "./numbering";

describe("quality numbering", () => {
  it("puts the project's prefix in place of the kind, keeping the counter's digits", () => {
    expect(withPrefix("LOT", "LOT-0042", { lotPrefix: "BRG" })).toBe("BRG-0042");
    expect(withPrefix("DEF", "DEF-10000", { defectPrefix: "PL2" })).toBe("PL2-10000");
    expect(withPrefix("NCR", "NCR-0001", {})).toBe("NCR-0001");
  });

  it("accepts 1 to 10 capitals and digits starting with a letter", () => {
    expect(numberingSettings.parse({})).toEqual({
      lotPrefix: "LOT",
      itpPrefix: "ITP",
      ncrPrefix: "NCR",
      defectPrefix: "DEF",
    });
    expect(numberingSettings.safeParse({ lotPrefix: "Q1" }).success).toBe(true);
    for (const bad of ["", "1LOT", "lot", "LOT-A", "ABCDEFGHIJK"])
      expect(numberingSettings.safeParse({ lotPrefix: bad }).success, bad).toBe(false);
  });
});
