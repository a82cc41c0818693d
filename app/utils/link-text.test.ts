import { describe, expect, it } from "vitest";
import { parseLinkText } from "./link-text";

describe("parseLinkText", () => {
  it("turns '<text>(url)' into a link between plain runs", () => {
    expect(parseLinkText("See <the drawing>(https://example.com/d/1?rev=2) before pouring.")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "the drawing", href: "https://example.com/d/1?rev=2" },
      { type: "text", text: " before pouring." },
    ]);
  });

  it("finds several links, http included", () => {
    expect(parseLinkText("<a>(http://a.test)<b>(https://b.test)")).toEqual([
      { type: "link", text: "a", href: "http://a.test" },
      { type: "link", text: "b", href: "https://b.test" },
    ]);
  });

  it("leaves other schemes as text", () => {
    const text = "<click>(javascript:alert(1)) <mail>(mailto:a@b.test) <ftp>(ftp://x.test)";
    expect(parseLinkText(text)).toEqual([{ type: "text", text }]);
  });

  it("returns plain text and nothing for empty input", () => {
    expect(parseLinkText("no links here")).toEqual([{ type: "text", text: "no links here" }]);
    expect(parseLinkText("")).toEqual([]);
    expect(parseLinkText(null)).toEqual([]);
  });
});
