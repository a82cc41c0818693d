import { describe, expect, it } from "vitest";
import { FILE_NAME_MAX, fileNameFromTemplate, safeFileNamePart, unknownPlaceholders } from "./file-names";

describe("generated file names", () => {
  it("fills the placeholders and adds the extension", () => {
    expect(
      fileNameFromTemplate("{number} {title}", { number: "NCR-0007", title: "Honeycombing" }, "pdf", "NCR"),
    ).toBe("NCR-0007 Honeycombing.pdf");
  });

  it("makes a title with slashes, colons and line breaks safe for every file system", () => {
    expect(
      fileNameFromTemplate(
        "{number} {title}",
        { number: "LOT-0042", title: 'Pier 3/4: "east"\nface' },
        "pdf",
        "x",
      ),
    ).toBe("LOT-0042 Pier 3 4 east face.pdf");
  });

  it("cuts a long name and falls back when the template comes out empty", () => {
    const long = fileNameFromTemplate("{title}", { title: "x".repeat(400) }, "xlsx", "register");
    expect(long).toBe(`${"x".repeat(FILE_NAME_MAX)}.xlsx`);
    expect(fileNameFromTemplate("{title}", { title: "  " }, "pdf", "NCR-0001")).toBe("NCR-0001.pdf");
    expect(fileNameFromTemplate("{other}", {}, "pdf", "")).toBe("export.pdf");
  });

  it("names the placeholders a form does not offer, once each", () => {
    expect(unknownPlaceholders("{number} {lot} {date} {lot}", ["number", "date"])).toEqual(["lot"]);
    expect(unknownPlaceholders("Lot register", ["project"])).toEqual([]);
  });

  it("keeps letters of every language", () => {
    expect(safeFileNamePart("Biên bản nghiệm thu — Trụ 3")).toBe("Biên bản nghiệm thu — Trụ 3");
  });
});
