import { describe, expect, it } from "vitest";
import { addTags, splitTags, tagsFromForm } from "./tags-input-rules";

describe("splitTags", () => {
  it("splits on commas and trims, dropping empty pieces", () => {
    expect(splitTags(" a@x.com, b@x.com ,,c@x.com, ")).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
    expect(splitTags("")).toEqual([]);
  });
});

describe("addTags", () => {
  it("adds new tags in order", () => {
    expect(addTags(["a"], ["b", "c"])).toEqual({ tags: ["a", "b", "c"], duplicates: [], overflow: [] });
  });

  it("rejects duplicates, ignoring case unless asked", () => {
    expect(addTags(["a@x.com"], ["A@X.com", "b@x.com", "b@x.com"])).toEqual({
      tags: ["a@x.com", "b@x.com"],
      duplicates: ["A@X.com", "b@x.com"],
      overflow: [],
    });
    expect(addTags(["Slab"], ["slab"], { caseSensitive: true }).tags).toEqual(["Slab", "slab"]);
  });

  it("stops at the maximum and reports what did not fit", () => {
    expect(addTags(["a", "b"], ["c", "d"], { max: 3 })).toEqual({
      tags: ["a", "b", "c"],
      duplicates: [],
      overflow: ["d"],
    });
  });

  it("treats a maximum of 0 as unlimited", () => {
    const many = Array.from({ length: 250 }, (_, i) => `user${i}@x.com`);
    expect(addTags([], many, { max: 0 }).tags).toHaveLength(250);
  });

  it("allows exactly 100 invitation emails and refuses the 101st", () => {
    const emails = Array.from({ length: 101 }, (_, i) => `user${i}@x.com`);
    const result = addTags([], emails, { max: 100 });
    expect(result.tags).toHaveLength(100);
    expect(result.overflow).toEqual(["user100@x.com"]);
  });
});

describe("tagsFromForm", () => {
  it("reads repeated values and a typed comma list alike, without duplicates", () => {
    const form = new FormData();
    form.append("emails", "a@x.com");
    form.append("emails", "b@x.com");
    form.append("emails", "c@x.com, A@x.com ,");
    expect(tagsFromForm(form.getAll("emails"))).toEqual(["a@x.com", "b@x.com", "c@x.com"]);
  });

  it("ignores uploaded files", () => {
    expect(tagsFromForm([new File(["x"], "x.txt"), "a"])).toEqual(["a"]);
  });
});
