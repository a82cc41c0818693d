import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import en from "../locales/en.json";
import vi from "../locales/vi.json";
import {
  calendarDay,
  formatTickets,
  parseTickets,
  TEMPLATE_COLUMNS,
  TEMPLATE_KINDS,
  type TemplateError,
  templateErrorMessage,
  templateLookup,
  validateRows,
} from "./templates";

const lookup = templateLookup({
  people: [
    { id: "p-ana", fullName: "Ana Nguyen", email: "ana@example.com" },
    { id: "p-bob", fullName: "Bob Smith", email: "bob@example.com" },
    { id: "p-bob2", fullName: "Bob Smith", email: "bob.smith@other.com" },
    { id: "p-chi", fullName: "Trần Thị Chi", email: null },
  ],
  companies: [
    { id: "c-acme", name: "Acme Civil" },
    { id: "c-hoa", name: "Hòa Bình" },
  ],
});

async function translator(lng: "en" | "vi") {
  const i18n = createInstance();
  await i18n.init({
    lng,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    resources: { en: { rostering: en }, vi: { rostering: vi } },
  });
  return (error: TemplateError) => translateMessage(i18n.t.bind(i18n), templateErrorMessage(error));
}

const errorsOf = async (result: { ok: boolean; errors?: TemplateError[] }, lng: "en" | "vi" = "en") => {
  expect(result.ok).toBe(false);
  const text = await translator(lng);
  return (result.errors ?? []).map(text);
};

describe("the template columns", () => {
  it("gives each kind its columns with header keys and required flags", () => {
    expect(TEMPLATE_KINDS).toEqual([
      "RosterTemplate",
      "AccommodationTemplate",
      "PersonnelTemplate",
      "CrewTemplate",
    ]);
    const required = (kind: (typeof TEMPLATE_KINDS)[number]) =>
      TEMPLATE_COLUMNS[kind].map((column) => `${column.field}${column.required ? "*" : ""}`);
    expect(required("PersonnelTemplate")).toEqual([
      "fullName*",
      "email",
      "phone",
      "role*",
      "company",
      "homeLocation",
      "tickets",
    ]);
    expect(required("CrewTemplate")).toEqual(["crewName*", "lead*", "members"]);
    expect(required("RosterTemplate")).toEqual(["person*", "date*", "shift*", "role"]);
    expect(required("AccommodationTemplate")).toEqual(["place*", "address", "room*", "beds*"]);
    for (const kind of TEMPLATE_KINDS)
      for (const column of TEMPLATE_COLUMNS[kind]) {
        expect(column.header).toBe(`rostering:templates.columns.${column.field}`);
        expect((en.templates.columns as Record<string, string>)[column.field]).toBeTruthy();
        expect((vi.templates.columns as Record<string, string>)[column.field]).toBeTruthy();
      }
  });
});

describe("PersonnelTemplate rows", () => {
  it("gives the people, their company and tickets", () => {
    const result = validateRows(
      "PersonnelTemplate",
      [
        [
          "Dan Lee",
          "dan@example.com",
          "+61 412 345 678",
          "Rigger",
          "acme civil",
          "Perth",
          "White Card: 2027-03-01; Working at Heights: 31/12/2026; First Aid",
        ],
        ["", "", "", "", "", "", ""],
        ["Ana Nguyen", "ANA@example.com", "", "Supervisor", "", "", ""],
      ],
      lookup,
    );
    expect(result).toEqual({
      ok: true,
      records: [
        {
          row: 2,
          personId: null,
          fullName: "Dan Lee",
          email: "dan@example.com",
          phone: "+61 412 345 678",
          role: "Rigger",
          companyId: "c-acme",
          homeLocation: "Perth",
          tickets: [
            { name: "White Card", expiresOn: "2027-03-01" },
            { name: "Working at Heights", expiresOn: "2026-12-31" },
            { name: "First Aid", expiresOn: null },
          ],
        },
        {
          row: 4,
          personId: "p-ana",
          fullName: "Ana Nguyen",
          email: "ANA@example.com",
          phone: null,
          role: "Supervisor",
          companyId: null,
          homeLocation: null,
          tickets: [],
        },
      ],
    });
  });

  it("lists every problem of every row with its spreadsheet row, and gives no records", async () => {
    const result = validateRows(
      "PersonnelTemplate",
      [
        ["Dan Lee", "dan@example.com", "", "Rigger", "", "", ""],
        ["", "not-an-email", "call me", "", "Nobody Pty Ltd", "", "White Card: 2027-13-01; : 2027-01-01"],
        ["Eve Tran", "DAN@example.com", "", "Rigger", "", "", "White Card; white card: 2027-01-01"],
        ["Someone Else", "bob@example.com", "", "Rigger", "", "", ""],
        ["Dan Lee", "", "", "Rigger", "", "", ""],
      ],
      lookup,
    );
    expect(await errorsOf(result)).toEqual([
      "Row 3: Full name is required",
      "Row 3: Role is required",
      "Row 3: “not-an-email” is not a valid email",
      "Row 3: “call me” is not a phone number",
      "Row 3: there is no company named “Nobody Pty Ltd”",
      "Row 3: the ticket “White Card: 2027-13-01” cannot be read: write its name and, if it expires, the date (White Card: 2027-03-01)",
      "Row 3: the ticket “: 2027-01-01” cannot be read: write its name and, if it expires, the date (White Card: 2027-03-01)",
      "Row 4: the email DAN@example.com is also on row 2",
      "Row 4: the ticket white card is listed twice",
      "Row 5: bob@example.com is already another person's email",
    ]);
    expect("records" in result).toBe(false);
    expect(await errorsOf(result, "vi")).toContain("Dòng 3: Họ và tên là bắt buộc");
  });

  it("reports a cell longer than the column allows", async () => {
    const result = validateRows("PersonnelTemplate", [["A".repeat(201), "", "", "Rigger"]], lookup);
    expect(await errorsOf(result)).toEqual(["Row 2: Full name is longer than 200 characters"]);
  });
});

describe("CrewTemplate rows", () => {
  it("finds the lead and members by email or exact full name", () => {
    expect(
      validateRows(
        "CrewTemplate",
        [
          ["Night crew", "ana@example.com", "trần thị chi; bob.smith@other.com\nAna Nguyen; Trần Thị Chi"],
          ["Day crew", "Trần  Thị Chi", ""],
        ],
        lookup,
      ),
    ).toEqual({
      ok: true,
      records: [
        { row: 2, name: "Night crew", leadId: "p-ana", memberIds: ["p-chi", "p-bob2", "p-ana"] },
        { row: 3, name: "Day crew", leadId: "p-chi", memberIds: [] },
      ],
    });
  });

  it("refuses a repeated crew name, an unknown or shared name, and an unknown email", async () => {
    const result = validateRows(
      "CrewTemplate",
      [
        ["Night crew", "ana@example.com", ""],
        ["night crew", "Bob Smith", "Zed; nobody@example.com"],
        ["Day crew", "", "Ana Nguyen"],
      ],
      lookup,
    );
    expect(await errorsOf(result)).toEqual([
      "Row 3: the crew night crew is also on row 2",
      "Row 3: Lead: more than one person is named “Bob Smith”; use their email",
      "Row 3: Members: there is no person with the email or name “Zed”",
      "Row 3: Members: there is no person with the email or name “nobody@example.com”",
      "Row 4: Lead is required",
    ]);
  });
});

describe("RosterTemplate rows", () => {
  it("gives the shifts, reading Day and Night in any case and in Vietnamese", () => {
    const result = validateRows(
      "RosterTemplate",
      [
        ["ana@example.com", "2026-12-01", "Day", "Rigger"],
        ["ana@example.com", "02/12/2026", "NIGHT", ""],
        ["Trần Thị Chi", "2026-12-01", "Ngày", ""],
        ["Trần Thị Chi", "2026-12-02", "đêm", ""],
      ],
      lookup,
    );
    expect(result.ok && result.records.map((r) => [r.row, r.personId, r.date, r.kind, r.role])).toEqual([
      [2, "p-ana", "2026-12-01", "day", "Rigger"],
      [3, "p-ana", "2026-12-02", "night", null],
      [4, "p-chi", "2026-12-01", "day", null],
      [5, "p-chi", "2026-12-02", "night", null],
    ]);
  });

  it("refuses an unknown person, a wrong date or shift, a repeated shift and, when roles are known, an unknown role", async () => {
    const withRoles = {
      ...lookup,
      rosteringRoleByName: (name: string) =>
        name.toLowerCase() === "rigger" ? { id: "role-rigger", name: "Rigger" } : null,
    };
    const result = validateRows(
      "RosterTemplate",
      [
        ["ana@example.com", "2026-12-01", "Day", "rigger"],
        ["Zed", "2026-02-30", "Evening", "Crane driver"],
        ["ana@example.com", "2026-12-01", "day", ""],
        ["", "", "", ""],
        ["", "2026-12-03", "", ""],
      ],
      withRoles,
    );
    expect(await errorsOf(result)).toEqual([
      "Row 3: Date “2026-02-30” is not a date (YYYY-MM-DD or DD/MM/YYYY)",
      "Row 3: Person: there is no person with the email or name “Zed”",
      "Row 3: Shift must be Day or Night, not “Evening”",
      "Row 3: there is no rostering role named “Crane driver”",
      "Row 4: the same person, date and shift as row 2",
      "Row 6: Person is required",
      "Row 6: Shift is required",
    ]);
    const good = validateRows(
      "RosterTemplate",
      [["ana@example.com", "2026-12-01", "Day", "rigger"]],
      withRoles,
    );
    expect(good.ok && good.records[0]).toMatchObject({ role: "Rigger", roleId: "role-rigger" });
  });
});

describe("AccommodationTemplate rows", () => {
  it("gives the rooms with their beds", () => {
    expect(
      validateRows(
        "AccommodationTemplate",
        [
          ["Camp A", "1 Mine Rd, Newman WA", "A1", "2"],
          ["Camp A", "", "A2", "50"],
          ["Camp B", "", "B1", "1"],
        ],
        lookup,
      ),
    ).toEqual({
      ok: true,
      records: [
        { row: 2, place: "Camp A", address: "1 Mine Rd, Newman WA", room: "A1", beds: 2 },
        { row: 3, place: "Camp A", address: null, room: "A2", beds: 50 },
        { row: 4, place: "Camp B", address: null, room: "B1", beds: 1 },
      ],
    });
  });

  it("refuses beds that are not 1 to 50, a room twice and a second address for a place", async () => {
    const result = validateRows(
      "AccommodationTemplate",
      [
        ["Camp A", "1 Mine Rd", "A1", "0"],
        ["Camp A", "2 Other St", "a1", "51"],
        ["Camp A", "", "A3", "2.5"],
        ["", "", "", "two"],
      ],
      lookup,
    );
    expect(await errorsOf(result)).toEqual([
      "Row 2: Beds must be a whole number from 1 to 50, not “0”",
      "Row 3: Beds must be a whole number from 1 to 50, not “51”",
      "Row 3: room a1 of Camp A is also on row 2",
      "Row 3: Camp A has a different address on row 2",
      "Row 4: Beds must be a whole number from 1 to 50, not “2.5”",
      "Row 5: Place is required",
      "Row 5: Room is required",
      "Row 5: Beds must be a whole number from 1 to 50, not “two”",
    ]);
  });
});

describe("a file with no rows", () => {
  it("says there is nothing to import", async () => {
    expect(await errorsOf(validateRows("CrewTemplate", [["", " ", ""]], lookup))).toEqual([
      "The file has no rows to import",
    ]);
  });
});

describe("tickets and days as typed", () => {
  it("reads tickets and writes them back the same", () => {
    const tickets = [
      { name: "White Card", expiresOn: "2027-03-01" },
      { name: "Working at Heights", expiresOn: null },
    ];
    expect(formatTickets(tickets)).toBe("White Card: 2027-03-01; Working at Heights");
    expect(parseTickets(formatTickets(tickets)).map((entry) => entry.ticket)).toEqual(tickets);
  });

  it("reads a day as ISO or day first", () => {
    expect(calendarDay("2026-12-01")).toBe("2026-12-01");
    expect(calendarDay("1/12/2026")).toBe("2026-12-01");
    expect(calendarDay("31.12.2026")).toBe("2026-12-31");
    expect(calendarDay("12/31/2026")).toBeNull();
    expect(calendarDay("2026-12-1")).toBeNull();
  });
});
