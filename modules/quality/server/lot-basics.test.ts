import { describe, expect, it } from "vitest";
import { LOT_STATUSES } from "../domain/lot-workflow";
import { LOT_STATUS_LIST, lotFilterTextParam, lotFilterValuesHref, lotLocationsHref } from "./lot-basics";

describe("lot basics", () => {
  it("lists every status in the workflow's order, for the register's filter", () => {
    expect(LOT_STATUS_LIST).toEqual([...LOT_STATUSES]);
  });

  it("names the register's links", () => {
    expect(lotLocationsHref(null)).toBe("/quality/lot?view=locations");
    expect(lotFilterTextParam("workPack")).toBe("workPackSearch");
    expect(lotFilterValuesHref("itp", "ITP 1&2")).toBe("/quality/lot/filter-values?filter=itp&q=ITP+1%262");
  });
});
