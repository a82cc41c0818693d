import { describe, expect, it } from "vitest";
import { queryLots, readLotQuery, SAMPLE_OWNERS, sampleLots } from "./sample-lots";

const read = (search: string) => readLotQuery(new URLSearchParams(search), SAMPLE_OWNERS);

describe("sample lots", () => {
  it("are the same 57 rows every time", () => {
    expect(sampleLots()).toHaveLength(57);
    expect(sampleLots()).toEqual(sampleLots());
    expect(new Set(sampleLots().map((lot) => lot.reference)).size).toBe(57);
  });

  it("filter by search, status, owner and dates together", () => {
    const lots = sampleLots();
    const result = queryLots(lots, read("q=drainage&status=open&status=closed&from=2025-01-10"));
    expect(result.length).toBeGreaterThan(0);
    for (const lot of result) {
      expect(lot.name.toLowerCase()).toContain("drainage");
      expect(["open", "closed"]).toContain(lot.status);
      expect(lot.updatedOn >= "2025-01-10").toBe(true);
    }
  });

  it("sort by amount descending", () => {
    const amounts = queryLots(sampleLots(), read("sort=amount&dir=desc")).map((lot) => lot.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it("ignore unknown params instead of failing", () => {
    expect(read("sort=drop table&status=weird&owner=Nobody&from=yesterday")).toEqual({
      q: "",
      statuses: [],
      owner: null,
      from: null,
      to: null,
      sort: "reference",
      dir: "asc",
    });
  });
});
