/**
 * The rostering templates (the spec's template kinds): a spreadsheet a row per record, downloaded, filled in
 * and uploaded again. Each kind's columns, and the check of its rows: every row is checked, every problem
 * named with its spreadsheet row (the header is row 1), and no record comes back when any row is wrong.
 * What the rows name (people, companies, rostering roles) is found through a look-up the caller fills from
 * the database. The workbook itself is read and written by server/template-workbook.server.ts.
 */
import { z } from "zod";
import { message } from "~/app/utils/message-key";
import { dayNumberOrNull, isoDay } from "./roster-pattern";
import type { ShiftKind } from "./types";

export const TEMPLATE_KINDS = [
  "RosterTemplate",
  "AccommodationTemplate",
  "PersonnelTemplate",
  "CrewTemplate",
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** More rows than any roster of two months needs is a wrong file, not a template. */
export const MAX_TEMPLATE_ROWS = 5000;
export const MAX_BEDS = 50;
const MAX_TEXT = 200;
const MAX_LIST = 2000;

export type TemplateColumn = {
  field: string;
  /** The header's text key, rostering:templates.columns.<field>. */
  header: string;
  required: boolean;
  /** How the workbook writes the cell. */
  cell: "text" | "date" | "number";
  width: number;
};

const column = (field: string, required: boolean, width: number, cell: TemplateColumn["cell"] = "text") => ({
  field,
  header: `rostering:templates.columns.${field}`,
  required,
  cell,
  width,
});

export const TEMPLATE_COLUMNS: Record<TemplateKind, readonly TemplateColumn[]> = {
  PersonnelTemplate: [
    column("fullName", true, 28),
    column("email", false, 30),
    column("phone", false, 18),
    column("role", true, 22),
    column("company", false, 26),
    column("homeLocation", false, 22),
    column("tickets", false, 50),
  ],
  CrewTemplate: [column("crewName", true, 26), column("lead", true, 30), column("members", false, 60)],
  RosterTemplate: [
    column("person", true, 30),
    column("date", true, 14, "date"),
    column("shift", true, 10),
    column("role", false, 22),
  ],
  AccommodationTemplate: [
    column("place", true, 26),
    column("address", false, 40),
    column("room", true, 16),
    column("beds", true, 8, "number"),
  ],
};

export type TemplatePerson = { id: string; fullName: string; email: string | null };
export type NamedRecord = { id: string; name: string };

/** How the rows' names are found. The caller loads what it needs from the database first. */
export interface TemplateLookup {
  /** The person with this email, compared without case; null when there is none. */
  personByEmail(email: string): TemplatePerson | null;
  /** The people with exactly this full name, compared without case or extra spaces. */
  peopleByName(fullName: string): TemplatePerson[];
  companyByName(name: string): NamedRecord | null;
  /** When given, a roster row's role must be one of these; when not, the role is kept as typed. */
  rosteringRoleByName?(name: string): NamedRecord | null;
}

const nameKey = (name: string) => name.normalize("NFC").trim().toLowerCase().replace(/\s+/g, " ");

/** A look-up over lists already loaded. */
export function templateLookup(data: {
  people: readonly TemplatePerson[];
  companies: readonly NamedRecord[];
  rosteringRoles?: readonly NamedRecord[];
}): TemplateLookup {
  const byEmail = new Map<string, TemplatePerson>();
  const byName = new Map<string, TemplatePerson[]>();
  for (const person of data.people) {
    if (person.email) byEmail.set(nameKey(person.email), person);
    byName.set(nameKey(person.fullName), [...(byName.get(nameKey(person.fullName)) ?? []), person]);
  }
  const companies = new Map(data.companies.map((company) => [nameKey(company.name), company]));
  const roles = data.rosteringRoles && new Map(data.rosteringRoles.map((role) => [nameKey(role.name), role]));
  return {
    personByEmail: (email) => byEmail.get(nameKey(email)) ?? null,
    peopleByName: (fullName) => byName.get(nameKey(fullName)) ?? [],
    companyByName: (name) => companies.get(nameKey(name)) ?? null,
    ...(roles ? { rosteringRoleByName: (name: string) => roles.get(nameKey(name)) ?? null } : {}),
  };
}

export type TicketEntry = { name: string; expiresOn: string | null };

export type PersonnelRecord = {
  row: number;
  /** The existing person this row is (same email and same name), to update rather than add. */
  personId: string | null;
  fullName: string;
  email: string | null;
  phone: string | null;
  role: string;
  companyId: string | null;
  homeLocation: string | null;
  tickets: TicketEntry[];
};
export type CrewRecord = { row: number; name: string; leadId: string; memberIds: string[] };
export type RosterRecord = {
  row: number;
  personId: string;
  date: string;
  kind: ShiftKind;
  role: string | null;
  roleId: string | null;
};
export type AccommodationRecord = {
  row: number;
  place: string;
  address: string | null;
  room: string;
  beds: number;
};
export type TemplateRecords = {
  PersonnelTemplate: PersonnelRecord;
  CrewTemplate: CrewRecord;
  RosterTemplate: RosterRecord;
  AccommodationTemplate: AccommodationRecord;
};

/** A problem with the file (row 0), its header (row 1) or one of its rows. */
export type TemplateError = { row: number; message: string; params: Record<string, string | number> };
export type TemplateValidation<Record> =
  | { ok: true; records: Record[] }
  | { ok: false; errors: TemplateError[] };

/** The error as one message for translateMessage: "Row 3: Full name is required". */
export const templateErrorMessage = (error: TemplateError) => message(error.message, error.params);

const errorKey = (name: string) => `rostering:templates.errors.${name}`;

/** One row's cells by field, trimmed, and where its problems go. */
class RowCheck {
  constructor(
    readonly row: number,
    private readonly values: Record<string, string>,
    private readonly errors: TemplateError[],
  ) {}

  fail(name: string, params: Record<string, string | number> = {}) {
    this.errors.push({ row: this.row, message: errorKey(name), params: { row: this.row, ...params } });
  }

  /** The cell's text; a required one that is empty, or any that is too long, is reported. */
  text(field: string, options: { required?: boolean; max?: number } = {}): string {
    const value = this.values[field] ?? "";
    const max = options.max ?? MAX_TEXT;
    if (value === "" && options.required) this.fail("required", { column: field });
    else if (value.length > max) this.fail("tooLong", { column: field, max });
    return value.length > max ? "" : value;
  }

  /** The person a cell names, by email or exact full name. */
  person(field: string, value: string, lookup: TemplateLookup): TemplatePerson | null {
    if (value.includes("@")) {
      const person = lookup.personByEmail(value);
      if (!person) this.fail("unknownPerson", { column: field, value });
      return person;
    }
    const people = lookup.peopleByName(value);
    if (people.length === 0) this.fail("unknownPerson", { column: field, value });
    if (people.length > 1) this.fail("ambiguousPerson", { column: field, value });
    return people.length === 1 ? people[0] : null;
  }

  date(field: string, value: string): string | null {
    const date = calendarDay(value);
    if (value !== "" && !date) this.fail("invalidDate", { column: field, value });
    return date;
  }
}

/** A day typed as 2026-12-01 (what the workbook reader gives for a real Excel date) or 1/12/2026 (day first). */
export function calendarDay(text: string): string | null {
  const value = text.trim();
  if (dayNumberOrNull(value) !== null) return value;
  const match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, "0")}-${match[1].padStart(2, "0")}`;
  const day = dayNumberOrNull(iso);
  return day === null ? null : isoDay(day);
}

const emailSchema = z.email();
const PHONE = /^\+?[\d\s().-]+$/;
const WHOLE_NUMBER = /^\d+$/;

/** A list cell (crew members, tickets): one name or email after another, split by semicolons or new lines. */
const listOf = (text: string) =>
  text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");

/**
 * "White Card: 2027-03-01; Working at Heights" → each part as typed and its ticket: a name and, after the
 * last colon, the day it expires (none: it does not expire). A part with no name or a wrong date gives null.
 */
export function parseTickets(text: string): { part: string; ticket: TicketEntry | null }[] {
  return listOf(text).map((part) => {
    const colon = part.lastIndexOf(":");
    const name = (colon < 0 ? part : part.slice(0, colon)).trim();
    const expiry = colon < 0 ? "" : part.slice(colon + 1).trim();
    if (name === "") return { part, ticket: null };
    if (expiry === "") return { part, ticket: { name, expiresOn: null } };
    const expiresOn = calendarDay(expiry);
    return { part, ticket: expiresOn ? { name, expiresOn } : null };
  });
}

/** The tickets as the template's cell writes them, read back the same by parseTickets. */
export const formatTickets = (tickets: readonly TicketEntry[]) =>
  tickets
    .map((ticket) => (ticket.expiresOn ? `${ticket.name}: ${ticket.expiresOn}` : ticket.name))
    .join("; ");

/** The shift kinds as typed, in English and Vietnamese, any case. */
const SHIFT_WORDS: Record<string, ShiftKind> = {
  day: "day",
  d: "day",
  ngày: "day",
  "ca ngày": "day",
  night: "night",
  n: "night",
  đêm: "night",
  "ca đêm": "night",
};

/** The text key the template writes for a shift kind ("Day", "Ngày"), read back by the roster template. */
export const shiftLabelKey = (kind: ShiftKind) => `rostering:templates.shifts.${kind}`;

/** Rows before it with the same value, for "also on row 3". */
class FirstRows {
  private readonly rows = new Map<string, number>();
  /** The first row that had this value, or null (and this row is now the first). */
  seen(value: string, row: number): number | null {
    const first = this.rows.get(value);
    if (first !== undefined) return first;
    this.rows.set(value, row);
    return null;
  }
}

type RowValidator<Record> = (check: RowCheck, lookup: TemplateLookup) => Record | null;

function personnelRows(): RowValidator<PersonnelRecord> {
  const emails = new FirstRows();
  return (check, lookup) => {
    const fullName = check.text("fullName", { required: true });
    const email = check.text("email", { max: 320 });
    const phone = check.text("phone", { max: 40 });
    const role = check.text("role", { required: true });
    const companyName = check.text("company");
    const homeLocation = check.text("homeLocation");
    const ticketText = check.text("tickets", { max: MAX_LIST });
    let personId: string | null = null;
    if (email !== "") {
      if (!emailSchema.safeParse(email).success)
        check.fail("invalidEmail", { column: "email", value: email });
      else {
        const firstRow = emails.seen(email.toLowerCase(), check.row);
        if (firstRow !== null) check.fail("duplicateEmail", { value: email, firstRow });
        const holder = lookup.personByEmail(email);
        // The same email and name is this person again (an exported list edited and uploaded): an update.
        if (holder && nameKey(holder.fullName) !== nameKey(fullName))
          check.fail("emailTaken", { value: email });
        else if (holder) personId = holder.id;
      }
    }
    if (phone !== "" && (!PHONE.test(phone) || phone.replace(/\D/g, "").length < 6))
      check.fail("invalidPhone", { value: phone });
    const company = companyName === "" ? null : lookup.companyByName(companyName);
    if (companyName !== "" && !company) check.fail("unknownCompany", { value: companyName });
    const tickets: TicketEntry[] = [];
    const ticketNames = new Set<string>();
    for (const { part, ticket } of parseTickets(ticketText)) {
      if (!ticket) {
        check.fail("invalidTicket", { value: part });
        continue;
      }
      if (ticketNames.has(nameKey(ticket.name))) {
        check.fail("duplicateTicket", { value: ticket.name });
        continue;
      }
      ticketNames.add(nameKey(ticket.name));
      tickets.push(ticket);
    }
    return {
      row: check.row,
      personId,
      fullName,
      email: email === "" ? null : email,
      phone: phone === "" ? null : phone,
      role,
      companyId: company?.id ?? null,
      homeLocation: homeLocation === "" ? null : homeLocation,
      tickets,
    };
  };
}

function crewRows(): RowValidator<CrewRecord> {
  const names = new FirstRows();
  return (check, lookup) => {
    const name = check.text("crewName", { required: true });
    const leadText = check.text("lead", { required: true, max: 320 });
    const membersText = check.text("members", { max: MAX_LIST });
    const firstRow = name === "" ? null : names.seen(nameKey(name), check.row);
    if (firstRow !== null) check.fail("duplicateCrew", { value: name, firstRow });
    const lead = leadText === "" ? null : check.person("lead", leadText, lookup);
    const memberIds: string[] = [];
    for (const member of listOf(membersText)) {
      const person = check.person("members", member, lookup);
      if (person && !memberIds.includes(person.id)) memberIds.push(person.id);
    }
    return lead ? { row: check.row, name, leadId: lead.id, memberIds } : null;
  };
}

function rosterRows(): RowValidator<RosterRecord> {
  const shifts = new FirstRows();
  return (check, lookup) => {
    const personText = check.text("person", { required: true, max: 320 });
    const date = check.date("date", check.text("date", { required: true }));
    const shiftText = check.text("shift", { required: true });
    const roleText = check.text("role");
    const person = personText === "" ? null : check.person("person", personText, lookup);
    const kind = shiftText === "" ? undefined : SHIFT_WORDS[nameKey(shiftText)];
    if (shiftText !== "" && !kind) check.fail("invalidShift", { value: shiftText });
    let role: NamedRecord | null = null;
    if (roleText !== "" && lookup.rosteringRoleByName) {
      role = lookup.rosteringRoleByName(roleText);
      if (!role) check.fail("unknownRole", { value: roleText });
    }
    if (!person || !date || !kind) return null;
    const firstRow = shifts.seen(`${person.id}|${date}|${kind}`, check.row);
    if (firstRow !== null) check.fail("duplicateShift", { firstRow });
    return {
      row: check.row,
      personId: person.id,
      date,
      kind,
      role: role?.name ?? (roleText === "" ? null : roleText),
      roleId: role?.id ?? null,
    };
  };
}

function accommodationRows(): RowValidator<AccommodationRecord> {
  const rooms = new FirstRows();
  const addresses = new Map<string, { address: string; row: number }>();
  return (check) => {
    const place = check.text("place", { required: true });
    const address = check.text("address", { max: 500 });
    const room = check.text("room", { required: true });
    const bedsText = check.text("beds", { required: true });
    const beds = Number(bedsText);
    if (bedsText !== "" && (!WHOLE_NUMBER.test(bedsText) || beds < 1 || beds > MAX_BEDS))
      check.fail("invalidBeds", { value: bedsText, max: MAX_BEDS });
    if (place !== "" && room !== "") {
      const firstRow = rooms.seen(`${nameKey(place)}|${nameKey(room)}`, check.row);
      if (firstRow !== null) check.fail("duplicateRoom", { place, value: room, firstRow });
    }
    // A place is one address: rows of the same place that give two different ones cannot both be right.
    if (place !== "" && address !== "") {
      const first = addresses.get(nameKey(place));
      if (!first) addresses.set(nameKey(place), { address, row: check.row });
      else if (nameKey(first.address) !== nameKey(address))
        check.fail("otherAddress", { place, firstRow: first.row });
    }
    return { row: check.row, place, address: address === "" ? null : address, room, beds };
  };
}

const VALIDATORS: { [Kind in TemplateKind]: () => RowValidator<TemplateRecords[Kind]> } = {
  PersonnelTemplate: personnelRows,
  CrewTemplate: crewRows,
  RosterTemplate: rosterRows,
  AccommodationTemplate: accommodationRows,
};

/**
 * Checks the data rows of a template (the first is spreadsheet row 2), each as its cells in the order of
 * TEMPLATE_COLUMNS[kind]. Rows with every cell empty are skipped but still counted, so the row numbers
 * stay those the user sees. Every problem of every row is listed; records come back only when there is none.
 */
export function validateRows<Kind extends TemplateKind>(
  kind: Kind,
  rows: readonly (readonly string[])[],
  lookup: TemplateLookup,
): TemplateValidation<TemplateRecords[Kind]> {
  const columns = TEMPLATE_COLUMNS[kind];
  const errors: TemplateError[] = [];
  const records: TemplateRecords[Kind][] = [];
  const validate = VALIDATORS[kind]() as RowValidator<TemplateRecords[Kind]>;
  const filled = rows.filter((cells) => cells.some((cell) => (cell ?? "").trim() !== "")).length;
  if (filled === 0) return { ok: false, errors: [{ row: 0, message: errorKey("noRows"), params: {} }] };
  if (filled > MAX_TEMPLATE_ROWS)
    return {
      ok: false,
      errors: [{ row: 0, message: errorKey("tooManyRows"), params: { max: MAX_TEMPLATE_ROWS } }],
    };
  rows.forEach((cells, index) => {
    const values = Object.fromEntries(
      columns.map((column, at) => [column.field, (cells[at] ?? "").normalize("NFC").trim()]),
    );
    if (Object.values(values).every((value) => value === "")) return;
    const before = errors.length;
    const record = validate(new RowCheck(index + 2, values, errors), lookup);
    if (record && errors.length === before) records.push(record);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, records };
}
