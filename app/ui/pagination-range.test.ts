import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageFromSearch } from "./pagination-range";

describe("pageFromSearch", () => {
  it.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=1e3", 1000],
    [`page=${MAX_PAGE + 1}`, MAX_PAGE],
    ["page=99999999999999999999", MAX_PAGE],
  ])("reads %s as page %i", (search, page) => {
    expect(pageFromSearch(new URLSearchParams(search))).toBe(page);
  });
});
