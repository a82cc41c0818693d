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
    // A space, a tab or a letter outside A-Z is not a special character.
    ["Abc1 defgh", ["special"]],
    ["Abc1\tdefgh", ["special"]],
    ["Abc1défgh", ["special"]],
    ["Abc1 def-gh", []],
    ["Abc1defgh€", []],
    ["", ["length", "uppercase", "lowercase", "number", "special"]],
  ])("%s fails %j", (password, failed) => {
    expect(failedPasswordRules(password)).toEqual(failed);
  });
});
