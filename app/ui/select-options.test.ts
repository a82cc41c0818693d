import { describe, expect, it } from "vitest";
import { assertSelectOptions } from "./select-options";

describe("assertSelectOptions", () => {
  it("accepts distinct, non-empty values", () => {
    expect(() =>
      assertSelectOptions([
        { value: "open", label: "Open" },
        { value: "closed", label: "Closed" },
      ]),
    ).not.toThrow();
  });

  it("rejects an empty value and names the option", () => {
    expect(() => assertSelectOptions([{ value: "", label: "All" }])).toThrow(
      'Select option "All" has an empty value',
    );
  });

  it("rejects a repeated value", () => {
    expect(() =>
      assertSelectOptions([
        { value: "a", label: "A" },
        { value: "a", label: "Also A" },
      ]),
    ).toThrow('"a" appears twice');
  });
});
