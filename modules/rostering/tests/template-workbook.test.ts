import ExcelJS from "exceljs";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import {
  formatTickets,
  type PersonnelRecord,
  type TemplateError,
  templateErrorMessage,
  templateLookup,
} from "../domain/templates";
import au from "../locales/au.json";
import en from "../locales/en.json";
import vi from "../locales/vi.json";
import {
  importTemplateWorkbook,
  readTemplateWorkbook,
  templateWorkbook,
} from "../server/template-workbook.server";

async function i18nFor(lng: "en" | "vi" | "au") {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    resources: { en: { rostering: en }, vi: { rostering: vi }, au: { rostering: au } },
  });
  return i18n;
}

const english = async () => {
  const i18n = await i18nFor("en");
  return i18n.t.bind(i18n);
};

const messagesOf = async (errors: TemplateError[]) => {
  const t = await english();
  return errors.map((error) => translateMessage(t, templateErrorMessage(error)));
};

const lookup = templateLookup({
  people: [
    { id: "p-ana", fullName: "Ana Nguyen", email: "ana@example.com" },
    { id: "p-chi", fullName: "Trần Thị Chi", email: null },
  ],
  companies: [{ id: "c-acme", name: "Acme Civil" }],
});

/** The workbook as a user's spreadsheet program would give it back: its sheets, header and cells. */
async function open(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook;
}

describe("the template download", () => {
  it("has one sheet named after the kind, a styled header in the user's language, required columns marked", async () => {
    const workbook = await open(await templateWorkbook("PersonnelTemplate", await english()));
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["PersonnelTemplate"]);
    const sheet = workbook.getWorksheet("PersonnelTemplate")!;
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual([
      "Full name *",
      "Email",
      "Phone",
      "Role *",
      "Company",
      "Home location",
      "Tickets",
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.getColumn(7).width).toBe(50);
    expect(sheet.rowCount).toBe(1);

    const vietnamese = await i18nFor("vi");
    const crew = await open(await templateWorkbook("CrewTemplate", vietnamese.t.bind(vietnamese)));
    expect((crew.getWorksheet("CrewTemplate")!.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Tên tổ đội *",
      "Tổ trưởng *",
      "Thành viên",
    ]);
  });
});

describe("export then import", () => {
  it("gives back the same personnel records", async () => {
    const records: PersonnelRecord[] = [
      {
        row: 2,
        personId: null,
        fullName: "Dan Lee",
        email: "dan@example.com",
        phone: "0412 345 678",
        role: "Rigger",
        companyId: "c-acme",
        homeLocation: "Perth",
        tickets: [
          { name: "White Card", expiresOn: "2027-03-01" },
          { name: "Working at Heights", expiresOn: null },
        ],
      },
      {
        row: 3,
        personId: "p-ana",
        fullName: "Ana Nguyen",
        email: "ana@example.com",
        phone: null,
        role: "Supervisor",
        companyId: null,
        homeLocation: null,
        tickets: [],
      },
    ];
    const rows = records.map((record) => [
      record.fullName,
      record.email,
      record.phone,
      record.role,
      record.companyId ? "Acme Civil" : null,
      record.homeLocation,
      formatTickets(record.tickets),
    ]);
    const bytes = await templateWorkbook("PersonnelTemplate", await english(), rows);
    expect(await importTemplateWorkbook("PersonnelTemplate", bytes, lookup)).toEqual({ ok: true, records });
  });

  it("writes roster dates as real Excel dates and reads them back as days, also from a Vietnamese file", async () => {
    const vietnamese = await i18nFor("vi");
    const t = vietnamese.t.bind(vietnamese);
    const rows = [
      ["ana@example.com", "2026-12-01", String(t("rostering:templates.shifts.day")), "Rigger"],
      ["Trần Thị Chi", "2026-12-31", String(t("rostering:templates.shifts.night")), null],
    ];
    const bytes = await templateWorkbook("RosterTemplate", t, rows);
    const cell = (await open(bytes)).getWorksheet("RosterTemplate")!.getCell("B2");
    expect(cell.value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(cell.numFmt).toBe("yyyy-mm-dd");
    expect(await importTemplateWorkbook("RosterTemplate", bytes, lookup)).toEqual({
      ok: true,
      records: [
        { row: 2, personId: "p-ana", date: "2026-12-01", kind: "day", role: "Rigger", roleId: null },
        { row: 3, personId: "p-chi", date: "2026-12-31", kind: "night", role: null, roleId: null },
      ],
    });
  });

  it("gives back the same rooms, beds written as numbers", async () => {
    const bytes = await templateWorkbook("AccommodationTemplate", await english(), [
      ["Camp A", "1 Mine Rd, Newman WA", "A1", 2],
      ["Camp A", null, "A2", 4],
    ]);
    expect((await open(bytes)).getWorksheet("AccommodationTemplate")!.getCell("D3").value).toBe(4);
    expect(await importTemplateWorkbook("AccommodationTemplate", bytes, lookup)).toEqual({
      ok: true,
      records: [
        { row: 2, place: "Camp A", address: "1 Mine Rd, Newman WA", room: "A1", beds: 2 },
        { row: 3, place: "Camp A", address: null, room: "A2", beds: 4 },
      ],
    });
  });
});

/** A workbook as a user might make it by hand: any sheet name, the given header and rows. */
async function handMade(header: string[], rows: ExcelJS.CellValue[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("an uploaded template", () => {
  it("refuses a bad row with its spreadsheet row, counting the empty rows before it", async () => {
    const bytes = await handMade(
      ["Place *", "Address", "Room *", "Beds *"],
      [["Camp A", null, "A1", 2], [], [null, "   ", null, null], ["Camp A", null, "A2", 80], []],
    );
    const read = await readTemplateWorkbook("AccommodationTemplate", bytes);
    expect(read).toEqual({
      ok: true,
      rows: [
        ["Camp A", "", "A1", "2"],
        ["", "", "", ""],
        ["", "", "", ""],
        ["Camp A", "", "A2", "80"],
      ],
    });
    const imported = await importTemplateWorkbook("AccommodationTemplate", bytes, lookup);
    expect(imported.ok).toBe(false);
    if (!imported.ok)
      expect(await messagesOf(imported.errors)).toEqual([
        "Row 5: Beds must be a whole number from 1 to 50, not “80”",
      ]);
  });

  it("finds the columns by their header in any order and language, and reads dates typed as text", async () => {
    const bytes = await handMade(
      ["Ca", "nhân sự", "Vai trò", "Ngày *"],
      [
        ["Day", "ana@example.com", null, "02/12/2026"],
        ["night", "ana@example.com", null, new Date(Date.UTC(2026, 11, 3))],
      ],
    );
    const imported = await importTemplateWorkbook("RosterTemplate", bytes, lookup);
    expect(imported.ok && imported.records.map((record) => [record.row, record.date, record.kind])).toEqual([
      [2, "2026-12-02", "day"],
      [3, "2026-12-03", "night"],
    ]);
  });

  it("takes the Australian header", async () => {
    const bytes = await handMade(["Full name", "Role", "Point of hire"], [["Dan Lee", "Rigger", "Karratha"]]);
    const imported = await importTemplateWorkbook("PersonnelTemplate", bytes, lookup);
    expect(imported.ok && imported.records[0]).toMatchObject({
      fullName: "Dan Lee",
      homeLocation: "Karratha",
    });
  });

  it("refuses another kind's template and a file that is not a workbook", async () => {
    const crew = await templateWorkbook("CrewTemplate", await english(), [["Night crew", "Ana Nguyen", ""]]);
    const wrong = await readTemplateWorkbook("PersonnelTemplate", crew);
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.errors).toEqual([
        {
          row: 1,
          message: "rostering:templates.errors.wrongTemplate",
          params: { template: "PersonnelTemplate" },
        },
      ]);
      expect(await messagesOf(wrong.errors)).toEqual(["This is not a Personnel template"]);
    }
    const notExcel = await readTemplateWorkbook("CrewTemplate", Buffer.from("Name,Lead\nNight crew,Ana"));
    expect(!notExcel.ok && (await messagesOf(notExcel.errors))).toEqual([
      "The file could not be read as an Excel workbook (.xlsx)",
    ]);
  });

  it("says so when the template has no rows", async () => {
    const empty = await templateWorkbook("CrewTemplate", await english());
    const imported = await importTemplateWorkbook("CrewTemplate", empty, lookup);
    expect(!imported.ok && (await messagesOf(imported.errors))).toEqual(["The file has no rows to import"]);
  });
});
