import { describe, expect, it } from "vitest";
import { carriedParams, hrefWithParams } from "./search-params";

describe("hrefWithParams", () => {
  it("changes params, drops empty ones and resets the page", () => {
    expect(hrefWithParams("/lots", "?page=3&q=slab&status=open", { status: "closed", q: "" })).toBe(
      "/lots?status=closed",
    );
    expect(hrefWithParams("/lots", "", {})).toBe("/lots");
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
