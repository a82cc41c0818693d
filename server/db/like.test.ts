import { describe, expect, it } from "vitest";
import { containsPattern, escapeLike } from "./like";

describe("LIKE patterns of a user's text", () => {
  it("takes %, _ and \\ literally", () => {
    expect(escapeLike("50%_a\\b")).toBe("50\\%\\_a\\\\b");
    expect(containsPattern("50%")).toBe("%50\\%%");
  });

  it("leaves other text alone", () => {
    expect(containsPattern("Pier 1")).toBe("%Pier 1%");
  });
});
