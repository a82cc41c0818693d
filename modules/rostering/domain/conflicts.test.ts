import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import en from "../locales/en.json";
import vi from "../locales/vi.json";
import { type ConflictInput, conflictMessage, findConflicts } from "./conflicts";
import { dayNumber, expandCycle, isoDay } from "./roster-pattern";
import {
  DEFAULT_SHIFT_TIMES,
  type PersonTicket,
  type RoomBooking,
  type RosteredShift,
  type ShiftKind,
} from "./types";

let nextId = 0;
function shift(
  personId: string,
  date: string,
  kind: ShiftKind = "day",
  overrides: Partial<RosteredShift> = {},
): RosteredShift {
  nextId += 1;
  return {
    id: `s${nextId}`,
    personId,
    projectId: "project-a",
    rosterId: "roster-a",
    date,
    kind,
    // The settings' default times unless the shift's roster has a card (overrides): decision 046.
    start: DEFAULT_SHIFT_TIMES[kind].start,
    hours: DEFAULT_SHIFT_TIMES[kind].hours,
    requiredTickets: [],
    ...overrides,
  };
}

/** Shifts of one kind on each day from `first` for `count` days. */
const run = (personId: string, first: string, count: number, kind: ShiftKind = "day", overrides = {}) =>
  Array.from({ length: count }, (_, index) =>
    shift(personId, isoDay(dayNumber(first) + index), kind, overrides),
  );

const input = (overrides: Partial<ConflictInput>): ConflictInput => ({
  shifts: [],
  tickets: [],
  rules: { maxConsecutiveShifts: 12, minRestHours: 10 },
  rooms: [],
  bookings: [],
  ...overrides,
});

const kindsOf = (conflicts: { kind: string }[]) => conflicts.map((conflict) => conflict.kind);

describe("a clean roster", () => {
  it("finds nothing in 8/6 rosters of 40 people over two months, on two projects, with valid tickets and beds", () => {
    const people = Array.from({ length: 40 }, (_, index) => `person-${String(index).padStart(2, "0")}`);
    const shifts: RosteredShift[] = [];
    const tickets: PersonTicket[] = [];
    const bookings: RoomBooking[] = [];
    people.forEach((personId, index) => {
      // Two crews a fortnight apart, each on its own project; night shifts for every third person.
      const anchor = index % 2 === 0 ? "2026-11-01" : "2026-11-08";
      const cycle = [
        { kind: index % 3 === 0 ? ("night" as const) : ("day" as const), days: 8 },
        { kind: "off" as const, days: 6 },
      ];
      for (const day of expandCycle({ cycle, anchor, from: "2026-12-01", to: "2027-01-31" }))
        shifts.push(
          shift(personId, day.date, day.kind, {
            projectId: index % 2 === 0 ? "project-a" : "project-b",
            rosterId: index % 2 === 0 ? "roster-a" : "roster-b",
            requiredTickets: ["White Card", "Working at Heights"],
          }),
        );
      tickets.push(
        { personId, name: "White Card", expiresOn: null },
        { personId, name: "working at heights", expiresOn: "2027-06-30" },
      );
      bookings.push({
        id: `b-${personId}`,
        roomId: `room-${Math.floor(index / 2)}`,
        personId,
        checkIn: "2026-12-01",
        checkOut: "2027-02-01",
      });
    });
    const rooms = Array.from({ length: 20 }, (_, index) => ({
      id: `room-${index}`,
      name: `Room ${index}`,
      beds: 2,
    }));
    expect(shifts.length).toBeGreaterThan(1000);
    expect(findConflicts(input({ shifts, tickets, rooms, bookings }))).toEqual([]);
  });

  it("finds nothing in a 7 days, 7 nights, 7 off swing when 14 shifts in a row are allowed", () => {
    const cycle = [
      { kind: "day" as const, days: 7 },
      { kind: "night" as const, days: 7 },
      { kind: "off" as const, days: 7 },
    ];
    const shifts = expandCycle({ cycle, anchor: "2026-12-01", from: "2026-12-01", to: "2027-01-31" }).map(
      (day) => shift("p1", day.date, day.kind),
    );
    const rules = { maxConsecutiveShifts: 14, minRestHours: 10 };
    expect(findConflicts(input({ shifts, rules }))).toEqual([]);
  });
});

describe("double booking", () => {
  it("finds a person on day shift on two projects the same date, once from each side", () => {
    const onA = shift("p1", "2026-12-03", "day");
    const onB = shift("p1", "2026-12-03", "day", { projectId: "project-b", rosterId: "roster-b" });
    const conflicts = findConflicts(input({ shifts: [onA, shift("p1", "2026-12-02"), onB] }));
    expect(conflicts).toEqual([
      {
        key: "double_booking:p1:2026-12-03:roster-a/day:roster-b/day:2026-12-03",
        kind: "double_booking",
        date: "2026-12-03",
        personId: "p1",
        shiftIds: [onA.id, onB.id],
        params: {
          otherProjectId: "project-b",
          otherRosterId: "roster-b",
          otherDate: "2026-12-03",
          otherKind: "day",
        },
      },
      {
        key: "double_booking:p1:2026-12-03:roster-b/day:roster-a/day:2026-12-03",
        kind: "double_booking",
        date: "2026-12-03",
        personId: "p1",
        shiftIds: [onB.id, onA.id],
        params: {
          otherProjectId: "project-a",
          otherRosterId: "roster-a",
          otherDate: "2026-12-03",
          otherKind: "day",
        },
      },
    ]);
  });

  it("does not count shifts that only touch (a night ending at 06:00, a day starting at 06:00) or other people", () => {
    const conflicts = findConflicts(
      input({
        shifts: [
          shift("p1", "2026-12-03", "night"),
          shift("p1", "2026-12-04", "day", { projectId: "project-b", rosterId: "roster-b" }),
          shift("p2", "2026-12-03", "day"),
          shift("p3", "2026-12-03", "day"),
        ],
      }),
    );
    expect(kindsOf(conflicts)).toEqual(["fatigue_rest"]);
  });

  it("finds a night shift running past midnight into the next morning's day shift", () => {
    // A "Night 14 h" card: 18:00 to 08:00, into project B's 06:00 day shift.
    const night = shift("p1", "2026-12-03", "night", { hours: 14 });
    const day = shift("p1", "2026-12-04", "day", { projectId: "project-b", rosterId: "roster-b" });
    const conflicts = findConflicts(input({ shifts: [day, night] }));
    expect(conflicts.map((conflict) => [conflict.kind, conflict.date, conflict.params.otherDate])).toEqual([
      ["double_booking", "2026-12-03", "2026-12-04"],
      ["double_booking", "2026-12-04", "2026-12-03"],
    ]);
  });
});

describe("tickets", () => {
  const needs = { requiredTickets: ["White Card"] };

  it("finds a ticket the person does not hold, once for a run of shifts", () => {
    const shifts = run("p1", "2026-12-01", 3, "day", needs);
    const conflicts = findConflicts(input({ shifts }));
    expect(conflicts).toEqual([
      {
        key: "expired_ticket:p1:2026-12-01:white card",
        kind: "expired_ticket",
        date: "2026-12-01",
        personId: "p1",
        shiftIds: shifts.map((s) => s.id),
        params: { ticket: "White Card", expiresOn: "missing" },
      },
    ]);
  });

  it("keeps a ticket valid on its expiry day and finds the shifts after it", () => {
    const shifts = run("p1", "2026-12-04", 4, "day", needs);
    const tickets = [{ personId: "p1", name: "white card", expiresOn: "2026-12-05" }];
    const conflicts = findConflicts(input({ shifts, tickets }));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      key: "expired_ticket:p1:2026-12-06:white card",
      date: "2026-12-06",
      shiftIds: [shifts[2].id, shifts[3].id],
      params: { ticket: "White Card", expiresOn: "2026-12-05" },
    });
  });

  it("starts a new conflict after the days off, and takes the latest of two tickets with the same name", () => {
    const shifts = [...run("p1", "2026-12-01", 2, "day", needs), ...run("p1", "2026-12-10", 2, "day", needs)];
    const expired = [{ personId: "p1", name: "White Card", expiresOn: "2026-11-30" }];
    expect(findConflicts(input({ shifts, tickets: expired })).map((conflict) => conflict.date)).toEqual([
      "2026-12-01",
      "2026-12-10",
    ]);
    const renewed = [...expired, { personId: "p1", name: "White Card", expiresOn: "2027-11-30" }];
    expect(findConflicts(input({ shifts, tickets: renewed }))).toEqual([]);
    const forever = [...expired, { personId: "p1", name: "White Card", expiresOn: null }];
    expect(findConflicts(input({ shifts, tickets: forever }))).toEqual([]);
  });

  it("names each missing ticket, and does not use another person's", () => {
    const shifts = [shift("p1", "2026-12-01", "day", { requiredTickets: ["White Card", "Confined Space"] })];
    const tickets = [
      { personId: "p1", name: "White Card", expiresOn: null },
      { personId: "p2", name: "Confined Space", expiresOn: null },
    ];
    expect(findConflicts(input({ shifts, tickets })).map((conflict) => conflict.params)).toEqual([
      { ticket: "Confined Space", expiresOn: "missing" },
    ]);
  });
});

describe("consecutive shifts", () => {
  const rules = { maxConsecutiveShifts: 5, minRestHours: 10 };

  it("allows exactly the maximum", () => {
    expect(findConflicts(input({ shifts: run("p1", "2026-12-01", 5), rules }))).toEqual([]);
  });

  it("finds one more, dated the first day over the limit", () => {
    const shifts = run("p1", "2026-12-01", 6);
    expect(findConflicts(input({ shifts, rules }))).toEqual([
      {
        key: "fatigue_consecutive:p1:2026-12-06",
        kind: "fatigue_consecutive",
        date: "2026-12-06",
        personId: "p1",
        shiftIds: [shifts[5].id],
        params: { count: 6, max: 5 },
      },
    ]);
  });

  it("gives one conflict per run, with the run's length, across months, and a new one after a day off", () => {
    const shifts = [...run("p1", "2026-11-28", 8, "night"), ...run("p1", "2026-12-07", 6)];
    const conflicts = findConflicts(input({ shifts, rules }));
    expect(
      conflicts.map((conflict) => [conflict.date, conflict.params.count, conflict.shiftIds.length]),
    ).toEqual([
      ["2026-12-03", 8, 3],
      ["2026-12-12", 6, 1],
    ]);
  });

  it("counts a day with two shifts once", () => {
    const shifts = [...run("p1", "2026-12-01", 5), shift("p1", "2026-12-03", "night")];
    expect(kindsOf(findConflicts(input({ shifts, rules: { ...rules, minRestHours: 0 } })))).toEqual([]);
  });
});

describe("rest between shifts", () => {
  it("finds no rest between a night ending at 06:00 and a day starting at 06:00", () => {
    const night = shift("p1", "2026-12-01", "night");
    const day = shift("p1", "2026-12-02", "day");
    expect(findConflicts(input({ shifts: [day, night] }))).toEqual([
      {
        key: "fatigue_rest:p1:2026-12-02:day",
        kind: "fatigue_rest",
        date: "2026-12-02",
        personId: "p1",
        shiftIds: [night.id, day.id],
        params: { hours: 0, min: 10 },
      },
    ]);
  });

  it("measures the gap across midnight and allows exactly the minimum", () => {
    // A day shift ends at 18:00; the next one starts at 06:00: 12 hours.
    const shifts = run("p1", "2026-12-01", 2);
    expect(findConflicts(input({ shifts, rules: { maxConsecutiveShifts: 12, minRestHours: 12 } }))).toEqual(
      [],
    );
    const conflicts = findConflicts(input({ shifts, rules: { maxConsecutiveShifts: 12, minRestHours: 13 } }));
    expect(conflicts.map((conflict) => [conflict.date, conflict.params])).toEqual([
      ["2026-12-02", { hours: 12, min: 13 }],
    ]);
  });

  it("uses each shift's own times", () => {
    // Day 07:30 for 10 h ends 17:30, night the same date starts 19:00 for 10 h: 1.5 hours.
    const shifts = [
      shift("p1", "2026-12-01", "day", { start: "07:30", hours: 10 }),
      shift("p1", "2026-12-01", "night", { start: "19:00", hours: 10 }),
    ];
    const conflicts = findConflicts(input({ shifts }));
    expect(conflicts.map((conflict) => [conflict.key, conflict.params.hours])).toEqual([
      ["fatigue_rest:p1:2026-12-01:night", 1.5],
    ]);
  });

  it("finds a short rest across two projects only because of one roster's card hours", () => {
    // Project A's "Night 10 h" card: 20:00 to 06:00. Project B's "Early day 10 h" card starts 14:00 the next day:
    // 8 hours' rest (minimum 10). With A's settings' 12-hour night (18:00 to 06:00) it is the same 8 hours,
    // but with a "Night 8 h" card on A (20:00 to 04:00) the rest is 10 hours: enough.
    const early = { projectId: "project-b", rosterId: "roster-b", start: "14:00", hours: 10 };
    const nightTen = shift("p1", "2026-12-01", "night", { start: "20:00", hours: 10 });
    const dayOnB = shift("p1", "2026-12-02", "day", early);
    expect(findConflicts(input({ shifts: [nightTen, dayOnB] })).map((c) => [c.key, c.params.hours])).toEqual([
      ["fatigue_rest:p1:2026-12-02:day", 8],
    ]);
    const nightEight = shift("p1", "2026-12-01", "night", { start: "20:00", hours: 8 });
    expect(findConflicts(input({ shifts: [nightEight, shift("p1", "2026-12-02", "day", early)] }))).toEqual(
      [],
    );
  });

  it("leaves overlapping shifts to double booking", () => {
    const shifts = [shift("p1", "2026-12-01"), shift("p1", "2026-12-01", "day", { rosterId: "roster-b" })];
    expect(kindsOf(findConflicts(input({ shifts })))).toEqual(["double_booking", "double_booking"]);
  });
});

describe("rooms", () => {
  const rooms = [
    { id: "room-1", name: "Donga 1", beds: 2 },
    { id: "room-2", name: "Donga 2", beds: 1 },
  ];
  const booking = (id: string, roomId: string, checkIn: string, checkOut: string): RoomBooking => ({
    id,
    roomId,
    personId: `person-${id}`,
    checkIn,
    checkOut,
  });

  it("does not count the check-out night: a bed freed in the morning takes a new guest that night", () => {
    const bookings = [
      booking("a", "room-1", "2026-12-01", "2026-12-05"),
      booking("b", "room-1", "2026-12-01", "2026-12-05"),
      booking("c", "room-1", "2026-12-05", "2026-12-09"),
      booking("d", "room-2", "2026-12-01", "2026-12-05"),
      booking("e", "room-2", "2026-12-05", "2026-12-06"),
    ];
    expect(findConflicts(input({ rooms, bookings }))).toEqual([]);
  });

  it("finds one conflict per room and run of overbooked nights, with the most bookings of a night", () => {
    const bookings = [
      booking("a", "room-1", "2026-12-01", "2026-12-05"),
      booking("b", "room-1", "2026-12-01", "2026-12-05"),
      booking("c", "room-1", "2026-12-03", "2026-12-05"),
      booking("d", "room-1", "2026-12-04", "2026-12-05"),
      booking("e", "room-1", "2026-12-10", "2026-12-11"),
      booking("f", "room-1", "2026-12-10", "2026-12-11"),
      booking("g", "room-1", "2026-12-10", "2026-12-11"),
      booking("h", "room-2", "2026-12-04", "2026-12-06"),
      booking("i", "room-2", "2026-12-04", "2026-12-05"),
    ];
    expect(findConflicts(input({ rooms, bookings }))).toEqual([
      {
        key: "room_overbooked:room-1:2026-12-03",
        kind: "room_overbooked",
        date: "2026-12-03",
        roomId: "room-1",
        shiftIds: [],
        params: { bookedCount: 4, beds: 2, lastNight: "2026-12-04" },
      },
      {
        key: "room_overbooked:room-2:2026-12-04",
        kind: "room_overbooked",
        date: "2026-12-04",
        roomId: "room-2",
        shiftIds: [],
        params: { bookedCount: 2, beds: 1, lastNight: "2026-12-04" },
      },
      {
        key: "room_overbooked:room-1:2026-12-10",
        kind: "room_overbooked",
        date: "2026-12-10",
        roomId: "room-1",
        shiftIds: [],
        params: { bookedCount: 3, beds: 2, lastNight: "2026-12-10" },
      },
    ]);
  });
});

describe("the list of conflicts", () => {
  const shifts = () => [
    ...run("p2", "2026-11-25", 14), // over 12 from 2026-12-07
    shift("p1", "2026-12-01", "night"),
    shift("p1", "2026-12-02", "day", { requiredTickets: ["White Card"] }),
    shift("p3", "2026-12-20"),
    shift("p3", "2026-12-20", "day", { projectId: "project-b", rosterId: "roster-b" }),
  ];

  it("is ordered by date, kind and person whatever the order of the shifts", () => {
    const expected = [
      ["2026-12-02", "expired_ticket", "p1"],
      ["2026-12-02", "fatigue_rest", "p1"],
      ["2026-12-07", "fatigue_consecutive", "p2"],
      ["2026-12-20", "double_booking", "p3"],
      ["2026-12-20", "double_booking", "p3"],
    ];
    const summary = (list: RosteredShift[]) =>
      findConflicts(input({ shifts: list })).map((conflict) => [
        conflict.date,
        conflict.kind,
        conflict.personId,
      ]);
    expect(summary(shifts())).toEqual(expected);
    expect(summary(shifts().reverse())).toEqual(expected);
  });

  it("keeps the same keys when the roster is saved again with new shift ids", () => {
    const keys = findConflicts(input({ shifts: shifts() })).map((conflict) => conflict.key);
    const again = findConflicts(input({ shifts: shifts() })).map((conflict) => conflict.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(again).toEqual(keys);
  });

  it("reports only what touches the window, including a run that started before it", () => {
    const window = findConflicts(input({ shifts: shifts(), from: "2026-12-08", to: "2026-12-19" }));
    expect(window.map((conflict) => [conflict.kind, conflict.date])).toEqual([
      ["fatigue_consecutive", "2026-12-07"],
    ]);
    expect(findConflicts(input({ shifts: shifts(), to: "2026-12-01" }))).toEqual([]);
  });
});

describe("what a conflict says", () => {
  const translator = async (lng: "en" | "vi") => {
    const i18n = createInstance();
    await i18n.init({
      lng,
      fallbackLng: "en",
      interpolation: { escapeValue: false },
      resources: { en: { rostering: en }, vi: { rostering: vi } },
    });
    return (conflict: Parameters<typeof conflictMessage>[0]) =>
      translateMessage(i18n.t.bind(i18n), conflictMessage(conflict));
  };

  it("names the rule and its figures in English and Vietnamese", async () => {
    const conflicts = findConflicts(
      input({
        shifts: [
          ...run("p2", "2026-11-25", 14, "day", { requiredTickets: ["White Card"] }),
          shift("p3", "2026-12-01", "night", { requiredTickets: ["Confined Space"] }),
          shift("p3", "2026-12-01", "night", { rosterId: "roster-b" }),
          shift("p3", "2026-12-02", "day"),
        ],
        tickets: [{ personId: "p2", name: "White Card", expiresOn: "2026-12-05" }],
        rooms: [{ id: "room-1", name: "Donga 1", beds: 1 }],
        bookings: [
          { id: "b1", roomId: "room-1", personId: "p2", checkIn: "2026-12-01", checkOut: "2026-12-03" },
          { id: "b2", roomId: "room-1", personId: "p3", checkIn: "2026-12-02", checkOut: "2026-12-04" },
        ],
      }),
    );
    const english = await translator("en");
    expect(conflicts.map(english)).toEqual([
      "Also rostered for a night shift on 2026-12-01 on another roster",
      "Also rostered for a night shift on 2026-12-01 on another roster",
      "Confined Space is not held",
      "Only 0 h rest before this shift (at least 10 h)",
      "More bookings than beds (2 for 1) up to the night of 2026-12-02",
      "White Card expired on 2026-12-05",
      "14 shifts in a row (at most 12)",
    ]);
    // Given the other project's name (the server knows it), a double booking names it.
    const named = { ...conflicts[0], params: { ...conflicts[0].params, otherProject: "Western Rail Link" } };
    expect(english(named)).toBe(
      "Also rostered for a night shift on 2026-12-01 on a roster of Western Rail Link",
    );
    const vietnamese = await translator("vi");
    expect(vietnamese(conflicts[0])).toBe("Cũng được xếp một ca đêm ngày 2026-12-01 ở lịch phân ca khác");
    expect(vietnamese(conflicts.at(-1)!)).toBe("14 ca liên tiếp (tối đa 12)");
  });
});
