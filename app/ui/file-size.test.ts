import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import ui from "~/app/locales/en/ui.json";
import {
  DIARY_AUDIT_UPLOAD_LIMIT_BYTES,
  formatFileSize,
  limitInMb,
  MB,
  splitBySize,
  tooLargeMessageKey,
  UPLOAD_LIMIT_BYTES,
} from "./file-size";

async function englishUi() {
  const i18n = createInstance();
  await i18n.init({
    lng: "en",
    resources: { en: { ui } },
    defaultNS: "ui",
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe("upload size limits", () => {
  it("accepts a file of exactly the limit and rejects one byte more", () => {
    const files = [
      { name: "at-limit.pdf", size: UPLOAD_LIMIT_BYTES },
      { name: "over.mp4", size: UPLOAD_LIMIT_BYTES + 1 },
      { name: "small.jpg", size: 10 },
    ];
    const { accepted, oversized } = splitBySize(files, UPLOAD_LIMIT_BYTES);
    expect(accepted.map((file) => file.name)).toEqual(["at-limit.pdf", "small.jpg"]);
    expect(oversized.map((file) => file.name)).toEqual(["over.mp4"]);
  });

  it("uses the spec's messages for 100MB and 50 MB", async () => {
    const t = await englishUi();
    expect(t(tooLargeMessageKey(UPLOAD_LIMIT_BYTES), { limit: limitInMb(UPLOAD_LIMIT_BYTES) })).toBe(
      "These files exceed 100MB. Please check file size and try again.",
    );
    expect(t(tooLargeMessageKey(DIARY_AUDIT_UPLOAD_LIMIT_BYTES))).toBe(
      "Please ensure that the size of your upload does not exceed 50 MB.",
    );
    expect(t("fileDrop.maxSize", { limit: limitInMb(DIARY_AUDIT_UPLOAD_LIMIT_BYTES) })).toBe(
      "Maximum upload files size: 50MB",
    );
  });

  it("prints sizes for people", () => {
    expect(formatFileSize(0)).toBe("0 KB");
    expect(formatFileSize(300)).toBe("1 KB");
    expect(formatFileSize(900 * 1024)).toBe("900 KB");
    expect(formatFileSize(12.5 * MB)).toBe("12.5 MB");
    expect(limitInMb(100 * MB)).toBe(100);
  });
});
