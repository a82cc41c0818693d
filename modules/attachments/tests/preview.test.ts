import { describe, expect, it } from "vitest";
import { previewOf } from "../server/attachment.server";

describe("attachment preview", () => {
  it("previews images and PDFs, never SVG or other files", () => {
    expect(previewOf("image/png")).toBe("image");
    expect(previewOf("image/jpeg")).toBe("image");
    expect(previewOf("application/pdf")).toBe("pdf");
    expect(previewOf("image/svg+xml")).toBeNull();
    expect(previewOf("application/vnd.ms-excel")).toBeNull();
  });
});
