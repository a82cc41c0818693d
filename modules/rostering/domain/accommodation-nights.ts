/**
 * Nights in rooms (accommodation): a booking holds a bed for the nights from checkIn up to, not including,
 * checkOut. Days are ISO calendar days ("2026-12-01"); no Date parsing beyond UTC arithmetic on them.
 */

import { addDays, weekStart } from "./days";
import type { Room, RoomBooking } from "./types";

/** The day `days` after (or before) an ISO day, and the Monday of its week: the roster's own day arithmetic. */
export const shiftDay = addDays;
export const mondayOf = weekStart;

/** The first day of the ISO day's month. */
export const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** The first day of the next month. */
export function firstOfNextMonth(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Each night of [from, to): the evening's day. */
export function nightsBetween(from: string, to: string): string[] {
  const nights: string[] = [];
  for (let night = from; night < to; night = shiftDay(night, 1)) nights.push(night);
  return nights;
}

/** The nights of [checkIn, checkOut) inside the window [from, to), in order. */
export function nightsInWindow(
  stay: { checkIn: string; checkOut: string },
  from: string,
  to: string,
): string[] {
  const [, start] = [from, stay.checkIn].sort();
  const [end] = [to, stay.checkOut].sort();
  return nightsBetween(start, end);
}

/** How many nights of [checkIn, checkOut) fall in the window [from, to). */
export const nightsWithin = (stay: { checkIn: string; checkOut: string }, from: string, to: string) =>
  nightsInWindow(stay, from, to).length;

/** Runs of consecutive days (the days in any order, duplicates ignored), each as its first and last day. */
export function consecutiveRuns(days: readonly string[]): { first: string; last: string }[] {
  const sorted = [...new Set(days)].sort();
  const runs: { first: string; last: string }[] = [];
  for (const day of sorted) {
    const current = runs.at(-1);
    if (current && shiftDay(current.last, 1) === day) current.last = day;
    else runs.push({ first: day, last: day });
  }
  return runs;
}

/**
 * The stays to book for one person's rostered days: a stay per run of consecutive days still unbooked
 * (a night already booked for the person, in any room of the project, is skipped and splits the run).
 */
export function staysToBook(rosteredDays: readonly string[], bookedNights: ReadonlySet<string>) {
  const open = rosteredDays.filter((day) => !bookedNights.has(day));
  return consecutiveRuns(open).map((run) => ({ checkIn: run.first, checkOut: shiftDay(run.last, 1) }));
}

export type NightOccupancy = { night: string; booked: number; beds: number; overbooked: boolean };

/**
 * Each room's occupied nights in [from, to): how many bookings hold a bed that night against its beds.
 * Nights nobody sleeps in a room are left out; a night with more bookings than beds is overbooked.
 */
export function roomOccupancy(
  rooms: readonly Room[],
  bookings: readonly Omit<RoomBooking, "id" | "personId">[],
  from: string,
  to: string,
): Map<string, NightOccupancy[]> {
  const occupancy = new Map<string, NightOccupancy[]>();
  for (const room of rooms) {
    const counts = new Map<string, number>();
    for (const booking of bookings) {
      if (booking.roomId !== room.id) continue;
      for (const night of nightsInWindow(booking, from, to)) counts.set(night, (counts.get(night) ?? 0) + 1);
    }
    occupancy.set(
      room.id,
      [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([night, booked]) => ({ night, booked, beds: room.beds, overbooked: booked > room.beds })),
    );
  }
  return occupancy;
}
