import { describe, expect, it } from "vitest";
import { failedPasswordRules } from "./password-rules";

describe("password rules (spec 5)", () => {
  it("accepts 8 to 20 characters with upper, lower, number and special", () => {
    expect(failedPasswordRules("SiteProof#2026")).toEqual([]);
    expect(failedPasswordRules("Aa1!aaaa")).toEqual([]);
    expect(failedPasswordRules("Aa1!aaaaaaaaaaaaaaaa")).toEqual([]);
  });

  it.each([
    ["Aa1!aaa", ["length"]],
    ["Aa1!aaaaaaaaaaaaaaaaa", ["length"]],
    ["aa1!aaaa", ["uppercase"]],
    ["AA1!AAAA", ["lowercase"]],
    ["Aaa!aaaa", ["number"]],
    ["Aa1aaaaa", ["special"]],
    ["", ["length", "uppercase", "lowercase", "number", "special"]],
  ])("%s fails %j", (password, failed) => {
    expect(failedPasswordRules(password)).toEqual(failed);
  });
});
