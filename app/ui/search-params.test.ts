import { describe, expect, it } from "vitest";
import { carriedParams, hrefWithParams, readSort, sortHref } from "./search-params";

describe("hrefWithParams", () => {
  it("changes params, drops empty ones and resets the page", () => {
    expect(hrefWithParams("/lots", "?page=3&q=slab&status=open", { status: "closed", q: "" })).toBe(
      "/lots?status=closed",
    );
    expect(hrefWithParams("/lots", "", {})).toBe("/lots");
  });
});

describe("sortHref", () => {
  it("sorts a new column ascending and flips the sorted one", () => {
    expect(sortHref("/t", "?page=2", "name")).toBe("/t?sort=name&dir=asc");
    expect(sortHref("/t", "?sort=name&dir=asc", "name")).toBe("/t?sort=name&dir=desc");
    expect(sortHref("/t", "?sort=name&dir=desc", "name")).toBe("/t?sort=name&dir=asc");
    expect(sortHref("/t", "?sort=name&dir=desc&q=a", "amount")).toBe("/t?sort=amount&dir=asc&q=a");
  });

  it("reads a missing or odd direction as ascending", () => {
    expect(readSort(new URLSearchParams("sort=x&dir=sideways"))).toEqual({ sort: "x", dir: "asc" });
    expect(readSort(new URLSearchParams(""))).toEqual({ sort: null, dir: "asc" });
  });
});

describe("carriedParams", () => {
  it("keeps what the form does not own, never the page", () => {
    expect(carriedParams("?q=a&page=2&status=open&status=closed&sort=name", ["status"])).toEqual([
      ["q", "a"],
      ["sort", "name"],
    ]);
  });
});
