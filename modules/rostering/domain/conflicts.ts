/**
 * The roster's conflict rules: a person booked twice at once, a ticket the work needs that the person lacks
 * or that has expired, too many shifts in a row, too little rest between shifts, and a room with more people
 * than beds. Pure: the caller loads the shifts (of every project the people work on, since double booking
 * looks across projects), tickets, rules, rooms and bookings, and shows or overrides what comes back.
 *
 * Times are whole minutes from a day number (see roster-pattern.ts): a shift starts at its date's day number
 * × 1440 + its own start time and runs its own hours (its roster's schedule card, else its project's settings:
 * decision 046), across midnight when it must. No time zone is involved: every shift of a project is in the
 * project's local time.
 */
import { message } from "~/app/utils/message-key";
import { dayNumber, isoDay } from "./roster-pattern";
import type {
  Conflict,
  ConflictKind,
  FatigueRules,
  PersonTicket,
  Room,
  RoomBooking,
  RosteredShift,
} from "./types";

export type ConflictInput = {
  shifts: readonly RosteredShift[];
  tickets: readonly PersonTicket[];
  rules: FatigueRules;
  rooms: readonly Room[];
  bookings: readonly RoomBooking[];
  /** Report only the conflicts that touch [from, to]; the rules still look at every shift given. */
  from?: string;
  to?: string;
};

const MINUTES_A_DAY = 1440;

/** A shift placed in time: minutes from the epoch's midnight. */
type Span = { shift: RosteredShift; day: number; start: number; end: number };

/** A conflict with the last day it covers, for the window (a run that starts before `from` still shows). */
type Found = Conflict & { lastDate: string };

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
};

/** Every conflict, ordered by date, kind, person (rooms after people), then key. */
export function findConflicts(input: ConflictInput): Conflict[] {
  const spansByPerson = spansOf(input.shifts);
  const found: Found[] = [
    ...doubleBookings(spansByPerson),
    ...ticketProblems(spansByPerson, input.tickets),
    ...consecutiveShifts(spansByPerson, input.rules.maxConsecutiveShifts),
    ...shortRests(spansByPerson, input.rules.minRestHours),
    ...overbookedRooms(input.rooms, input.bookings),
  ];
  const inWindow = found.filter(
    (conflict) =>
      (input.from === undefined || conflict.lastDate >= input.from) &&
      (input.to === undefined || conflict.date <= input.to),
  );
  const kindOrder = (kind: ConflictKind) => CONFLICT_ORDER.indexOf(kind);
  inWindow.sort(
    (a, b) =>
      compare(a.date, b.date) ||
      kindOrder(a.kind) - kindOrder(b.kind) ||
      compare(a.personId ?? "\uffff", b.personId ?? "\uffff") ||
      compare(a.key, b.key),
  );
  return inWindow.map(({ lastDate: _lastDate, ...conflict }) => conflict);
}

/** What the conflict says, as a message for translateMessage ("White Card expired on 2026-12-05"). */
export function conflictMessage(conflict: Conflict): string {
  // A double booking names the other project when the caller knows its name (params.otherProject).
  const variant =
    conflict.kind === "expired_ticket" && conflict.params.expiresOn === "missing"
      ? "_missing"
      : conflict.kind === "double_booking" && conflict.params.otherProject
        ? "_project"
        : "";
  return message(`rostering:conflicts.messages.${conflict.kind}${variant}`, conflict.params);
}

const CONFLICT_ORDER: readonly ConflictKind[] = [
  "double_booking",
  "expired_ticket",
  "fatigue_consecutive",
  "fatigue_rest",
  "room_overbooked",
];

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each person's shifts in time order (start, then id), sorted once for all the rules. */
function spansOf(shifts: readonly RosteredShift[]): Map<string, Span[]> {
  const byPerson = new Map<string, Span[]>();
  for (const shift of shifts) {
    const day = dayNumber(shift.date);
    const start = day * MINUTES_A_DAY + minutesOf(shift.start);
    const span = { shift, day, start, end: start + Math.round(shift.hours * 60) };
    const spans = byPerson.get(shift.personId);
    if (spans) spans.push(span);
    else byPerson.set(shift.personId, [span]);
  }
  for (const spans of byPerson.values())
    spans.sort((a, b) => a.start - b.start || compare(a.shift.id, b.shift.id));
  return byPerson;
}

/** A shift as the other side of a double booking: its roster and kind, which survive the roster being saved again. */
const shiftLabel = (shift: RosteredShift) => `${shift.rosterId}/${shift.kind}`;

/**
 * Two shifts of one person whose times overlap. Each side gets its own conflict, on its own date and naming
 * the other (project, roster, date, kind), so each roster shows the clash on its shift and each project's
 * overrides are its own. Shifts touching end to start (night to 06:00, day from 06:00) do not overlap.
 */
function doubleBookings(spansByPerson: Map<string, Span[]>): Found[] {
  const found = new Map<string, Found>();
  const add = (own: Span, other: Span) => {
    const key = `double_booking:${own.shift.personId}:${own.shift.date}:${shiftLabel(own.shift)}:${shiftLabel(other.shift)}:${other.shift.date}`;
    if (found.has(key)) return;
    found.set(key, {
      key,
      kind: "double_booking",
      date: own.shift.date,
      lastDate: own.shift.date,
      personId: own.shift.personId,
      shiftIds: [own.shift.id, other.shift.id],
      params: {
        otherProjectId: other.shift.projectId,
        otherRosterId: other.shift.rosterId,
        otherDate: other.shift.date,
        otherKind: other.shift.kind,
      },
    });
  };
  for (const spans of spansByPerson.values()) {
    // The shifts still running when the next one starts; short, since a shift lasts at most a day or so.
    let running: Span[] = [];
    for (const span of spans) {
      running = running.filter((earlier) => earlier.end > span.start);
      for (const earlier of running) {
        add(earlier, span);
        add(span, earlier);
      }
      running.push(span);
    }
  }
  return [...found.values()];
}

const ticketName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Shifts whose work needs a ticket the person does not hold, or holds only expired. A ticket is valid up to
 * and including its expiry day (a card "expires 2027-03-01" is still good for a shift on 2027-03-01); of two
 * tickets with the same name the later expiry counts, and no expiry never expires. One conflict per person,
 * ticket and run of affected shifts on consecutive days, so a new swing after the days off is a new breach.
 */
function ticketProblems(spansByPerson: Map<string, Span[]>, tickets: readonly PersonTicket[]): Found[] {
  // person → ticket name → best expiry ("" for none: never expires)
  const held = new Map<string, Map<string, string>>();
  for (const ticket of tickets) {
    const name = ticketName(ticket.name);
    const names = held.get(ticket.personId) ?? new Map<string, string>();
    held.set(ticket.personId, names);
    const best = names.get(name);
    const expiry = ticket.expiresOn ?? "";
    if (best === undefined || expiry === "" || (best !== "" && expiry > best)) names.set(name, expiry);
  }
  const found: Found[] = [];
  for (const [personId, spans] of spansByPerson) {
    // ticket name → the open run of affected shifts
    const open = new Map<string, { conflict: Found; lastDay: number; status: string }>();
    for (const span of spans) {
      const seen = new Set<string>();
      for (const required of span.shift.requiredTickets) {
        const name = ticketName(required);
        if (name === "" || seen.has(name)) continue;
        seen.add(name);
        const expiry = held.get(personId)?.get(name);
        const status =
          expiry === undefined ? "missing" : expiry !== "" && expiry < span.shift.date ? expiry : null;
        const run = open.get(name);
        if (status === null) {
          open.delete(name);
          continue;
        }
        if (run && run.status === status && span.day - run.lastDay <= 1) {
          run.lastDay = span.day;
          run.conflict.lastDate = span.shift.date;
          if (!run.conflict.shiftIds.includes(span.shift.id)) run.conflict.shiftIds.push(span.shift.id);
          continue;
        }
        const conflict: Found = {
          key: `expired_ticket:${personId}:${span.shift.date}:${name}`,
          kind: "expired_ticket",
          date: span.shift.date,
          lastDate: span.shift.date,
          personId,
          shiftIds: [span.shift.id],
          params: { ticket: required.trim(), expiresOn: status },
        };
        found.push(conflict);
        open.set(name, { conflict, lastDay: span.day, status });
      }
    }
  }
  return found;
}

/**
 * More worked days in a row than the rules allow. Days are calendar days with at least one shift (a day and
 * a night shift on one date count once: the rest rule catches that). One conflict per run, dated the first
 * day over the limit, naming the shifts from that day to the run's end; count is the whole run's length.
 */
function consecutiveShifts(spansByPerson: Map<string, Span[]>, max: number): Found[] {
  const found: Found[] = [];
  for (const [personId, spans] of spansByPerson) {
    let runStart = 0;
    while (runStart < spans.length) {
      // Spans are in time order, so a run is a stretch where each day is the same or the next as the last.
      let runEnd = runStart;
      let days = 1;
      while (runEnd + 1 < spans.length && spans[runEnd + 1].day - spans[runEnd].day <= 1) {
        if (spans[runEnd + 1].day !== spans[runEnd].day) days += 1;
        runEnd += 1;
      }
      if (days > max) {
        const firstOver = spans[runStart].day + max;
        const over = spans.slice(runStart, runEnd + 1).filter((span) => span.day >= firstOver);
        const date = isoDay(firstOver);
        found.push({
          key: `fatigue_consecutive:${personId}:${date}`,
          kind: "fatigue_consecutive",
          date,
          lastDate: spans[runEnd].shift.date,
          personId,
          shiftIds: over.map((span) => span.shift.id),
          params: { count: days, max },
        });
      }
      runStart = runEnd + 1;
    }
  }
  return found;
}

/**
 * Less rest than the rules allow between the end of a shift and the start of the person's next one. Exactly
 * the minimum is enough. Overlapping shifts are a double booking, not a short rest. Dated the day of the shift
 * that starts too soon, and keyed by its kind too (a day and a night shift may both start too soon on one date).
 */
function shortRests(spansByPerson: Map<string, Span[]>, minRestHours: number): Found[] {
  const found: Found[] = [];
  const minimum = Math.round(minRestHours * 60);
  for (const [personId, spans] of spansByPerson) {
    let latest: Span | undefined; // the shift that has ended last so far
    for (const span of spans) {
      if (latest) {
        const rest = span.start - latest.end;
        if (rest >= 0 && rest < minimum)
          found.push({
            key: `fatigue_rest:${personId}:${span.shift.date}:${span.shift.kind}`,
            kind: "fatigue_rest",
            date: span.shift.date,
            lastDate: span.shift.date,
            personId,
            shiftIds: [latest.shift.id, span.shift.id],
            params: { hours: Math.round((rest / 60) * 100) / 100, min: minRestHours },
          });
      }
      if (!latest || span.end > latest.end) latest = span;
    }
  }
  return found;
}

/**
 * Nights a room has more bookings than beds. A booking takes the nights from its check-in up to, not
 * including, its check-out day (the bed is free again that night). One conflict per room and run of
 * overbooked nights; bookedCount is the most bookings on any night of the run.
 */
function overbookedRooms(rooms: readonly Room[], bookings: readonly RoomBooking[]): Found[] {
  // Per room, how the number of bookings changes on each day: +1 at check-in, -1 at check-out.
  const changes = new Map<string, Map<number, number>>();
  for (const booking of bookings) {
    const checkIn = dayNumber(booking.checkIn);
    const checkOut = dayNumber(booking.checkOut);
    if (checkOut <= checkIn) continue;
    const days = changes.get(booking.roomId) ?? new Map<number, number>();
    changes.set(booking.roomId, days);
    days.set(checkIn, (days.get(checkIn) ?? 0) + 1);
    days.set(checkOut, (days.get(checkOut) ?? 0) - 1);
  }
  const found: Found[] = [];
  for (const room of rooms) {
    const days = changes.get(room.id);
    if (!days) continue;
    let booked = 0;
    let run: Found | null = null;
    for (const [day, change] of [...days].sort((a, b) => a[0] - b[0])) {
      booked += change;
      if (booked > room.beds) {
        if (!run) {
          const date = isoDay(day);
          run = {
            key: `room_overbooked:${room.id}:${date}`,
            kind: "room_overbooked",
            date,
            lastDate: date,
            roomId: room.id,
            shiftIds: [],
            params: { bookedCount: booked, beds: room.beds, lastNight: date },
          };
          found.push(run);
        }
        run.params.bookedCount = Math.max(Number(run.params.bookedCount), booked);
      } else if (run) {
        // The run's last night is the one before the day the count dropped.
        run.lastDate = isoDay(day - 1);
        run.params.lastNight = run.lastDate;
        run = null;
      }
    }
  }
  return found;
}
