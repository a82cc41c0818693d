/**
 * The rostering domain's plain shapes, shared by the conflict rules, the pattern expansion and the templates.
 * Dates are ISO calendar days ("2026-12-01") in the project's time zone; times of day are "HH:MM".
 */

export const SHIFT_KINDS = ["day", "night"] as const;
export type ShiftKind = (typeof SHIFT_KINDS)[number];

/** When a shift of each kind starts and how long it lasts; a shift may run past midnight into the next day. */
export type ShiftTimes = Record<ShiftKind, { start: string; hours: number }>;

export const DEFAULT_SHIFT_TIMES: ShiftTimes = {
  day: { start: "06:00", hours: 12 },
  night: { start: "18:00", hours: 12 },
};

/** One rostered shift of one person, on any project (double booking looks across projects). */
export type RosteredShift = {
  id: string;
  personId: string;
  projectId: string;
  rosterId: string;
  date: string;
  kind: ShiftKind;
  /** When this shift starts ("HH:MM", its project's local time) and how long it runs: its roster's schedule
   *  card of its kind, else its own project's settings (decision 046). */
  start: string;
  hours: number;
  /** Tickets the work needs (from the allocation), by name; a person must hold each, unexpired on the day. */
  requiredTickets: readonly string[];
};

export type PersonTicket = { personId: string; name: string; expiresOn: string | null };

/** Fatigue rules, from the rostering settings. */
export type FatigueRules = { maxConsecutiveShifts: number; minRestHours: number };

export type Room = { id: string; name: string; beds: number };

/** A room booked for a person for the nights from checkIn up to (not including) checkOut. */
export type RoomBooking = { id: string; roomId: string; personId: string; checkIn: string; checkOut: string };

export const CONFLICT_KINDS = [
  "double_booking",
  "expired_ticket",
  "fatigue_consecutive",
  "fatigue_rest",
  "room_overbooked",
] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/**
 * A broken rule. `key` is stable for the same breach (kind, person or room, first day) so an override given
 * with a reason still applies after the roster is saved again, and stops applying once the breach changes.
 */
export type Conflict = {
  key: string;
  kind: ConflictKind;
  /** The first day the rule is broken. */
  date: string;
  personId?: string;
  roomId?: string;
  /** The shifts involved (for a room: none). */
  shiftIds: string[];
  /** Values for the message: e.g. ticket name, count, hours, other project id. */
  params: Record<string, string | number>;
};

/** A composition roster's repeating cycle, e.g. 8 day shifts then 6 days off: [{kind:"day",days:8},{kind:"off",days:6}]. */
export type CycleStep = { kind: ShiftKind | "off"; days: number };
