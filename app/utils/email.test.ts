import { describe, expect, it } from "vitest";
import { isEmailAddress } from "./email";

describe("isEmailAddress", () => {
  it("accepts ordinary addresses and rejects typos", () => {
    expect(isEmailAddress("site.engineer@builder.com.au")).toBe(true);
    expect(isEmailAddress(" qa@example.vn ")).toBe(true);
    expect(isEmailAddress("qa@example")).toBe(false);
    expect(isEmailAddress("qa example@x.com")).toBe(false);
    expect(isEmailAddress("@x.com")).toBe(false);
  });
});
