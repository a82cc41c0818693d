import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirect, sameSiteTarget } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/", "/"],
    ["/quality/lot", "/quality/lot"],
    [
      "/quality/lot?status=open&q=H%C3%A0%20N%E1%BB%99i#list",
      "/quality/lot?status=open&q=H%C3%A0%20N%E1%BB%99i#list",
    ],
    // An encoded slash in the query is a value, not a path separator.
    ["/quality/lot?location=%2Fsite%2Fzone-a", "/quality/lot?location=%2Fsite%2Fzone-a"],
    ["/quality/lot/../itp", "/quality/itp"],
    ["/auth/set-password?token=a-b_c.d~e", "/auth/set-password?token=a-b_c.d~e"],
  ])("keeps the same-site path %j as %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    // Other sites, however written.
    ["absolute URL", "https://evil.example/phish"],
    ["scheme-relative", "//evil.example/phish"],
    ["three slashes", "///evil.example/phish"],
    ["javascript: scheme", "javascript:alert(1)"],
    ["data: scheme", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "quality/lot"],
    ["empty", ""],
    // Browsers drop tabs and line breaks inside a URL, and read a backslash as a slash.
    ["tab", "/\t/evil.example/phish"],
    ["line feed", "/\n/evil.example/phish"],
    ["carriage return + header", "/x\r\nSet-Cookie: a=b"],
    ["NUL", "/\u0000/evil.example"],
    ["DEL", "/\u007f/evil.example"],
    ["C1 control", "/\u0085/evil.example"],
    ["backslash first", "/\\evil.example/phish"],
    ["backslash later", "/quality\\..\\..\\evil"],
    ["space", "/ /evil.example"],
    // A header holds bytes: a character above U+00FF cannot be sent at all, and Latin-1 is read differently.
    ["character above U+00FF", "/quality/lot?q=Hà Nội"],
    ["Latin-1 character", "/caf\u00e9"],
    ["emoji", "/\u{1F600}"],
    ["fullwidth solidus", "/\uff0fevil.example"],
    // Encoded separators and control characters, which something in between may decode.
    ["encoded slash", "/%2F/evil.example"],
    ["encoded slash, lower case", "/%2f%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["encoded line break in the query", "/quality?x=%0d%0aSet-Cookie:a=b"],
    ["encoded DEL", "/%7F/evil.example"],
    // Dot segments that resolve to a scheme-relative path.
    ["dot segment", "/..//evil.example"],
    ["dot segment, encoded", "/%2e%2e//evil.example"],
    ["single dot", "/.//evil.example"],
    ["dot segment after a path", "/quality/..//evil.example"],
    ["too long", `/${"a".repeat(MAX_REDIRECT_LENGTH)}`],
  ])("refuses %s", (_name, input) => {
    expect(sameSiteTarget(input)).toBeNull();
    expect(safeRedirect(input)).toBe("/");
    expect(safeRedirect(input, "/access-control")).toBe("/access-control");
  });

  it.each([null, undefined, 42, ["/quality"], { toString: () => "/quality" }])("refuses %j", (input) => {
    expect(safeRedirect(input)).toBe("/");
  });

  it("answers only what a Location header can carry", () => {
    for (let code = 0; code <= 0x2000; code++) {
      const target = safeRedirect(`/a${String.fromCharCode(code)}b`);
      expect(() => new Headers({ Location: target })).not.toThrow();
      expect(target).toMatch(/^\/[\x21-\x7e]*$/);
      expect(target.startsWith("//")).toBe(false);
    }
  });
});
