import { describe, expect, it } from "vitest";
import { ariaSort, readListSort, sortHref } from "./list-sort";

const COLUMNS = ["number", "title", "updatedAt"] as const;
const read = (search: string) =>
  readListSort(new URLSearchParams(search), COLUMNS, { sort: "number", dir: "desc" });

describe("readListSort", () => {
  it("is the default order without sort params", () => {
    expect(read("")).toEqual({ sort: "number", dir: "desc" });
  });

  it("accepts only the list's columns and directions", () => {
    expect(read("sort=title&dir=asc")).toEqual({ sort: "title", dir: "asc" });
    expect(read("sort=password&dir=asc")).toEqual({ sort: "number", dir: "asc" });
    expect(read("sort=title;drop table lot&dir=asc")).toEqual({ sort: "number", dir: "asc" });
    expect(read("sort=title&dir=sideways")).toEqual({ sort: "title", dir: "desc" });
    expect(read("sort=Title")).toEqual({ sort: "number", dir: "desc" });
  });
});

describe("sortHref", () => {
  it("sorts a new column ascending and flips the sorted one, back on page 1", () => {
    expect(sortHref("/t", "?page=2", "name")).toBe("/t?sort=name&dir=asc");
    expect(sortHref("/t", "?sort=name&dir=asc", "name", { sort: "name", dir: "asc" })).toBe(
      "/t?sort=name&dir=desc",
    );
    expect(sortHref("/t", "?sort=name&dir=desc", "name", { sort: "name", dir: "desc" })).toBe(
      "/t?sort=name&dir=asc",
    );
    expect(sortHref("/t", "?sort=name&dir=desc&q=a", "amount", { sort: "name", dir: "desc" })).toBe(
      "/t?sort=amount&dir=asc&q=a",
    );
  });

  it("flips the default order the loader reports, though the URL names none", () => {
    expect(sortHref("/lots", "?q=slab", "number", { sort: "number", dir: "desc" })).toBe(
      "/lots?q=slab&sort=number&dir=asc",
    );
  });
});

describe("ariaSort", () => {
  it("marks only the sorted column", () => {
    expect(ariaSort("number", { sort: "number", dir: "desc" })).toBe("descending");
    expect(ariaSort("title", { sort: "title", dir: "asc" })).toBe("ascending");
    expect(ariaSort("title", { sort: "number", dir: "asc" })).toBeUndefined();
    expect(ariaSort("title")).toBeUndefined();
  });
});
