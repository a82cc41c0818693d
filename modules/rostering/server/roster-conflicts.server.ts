import type { EntityManager } from "@mikro-orm/postgresql";
import { findConflicts } from "../domain/conflicts";
import { addDays } from "../domain/days";
import { fatigueRulesOf } from "../domain/rostering-settings";
import type { Conflict, RosteredShift } from "../domain/types";
import { RosterConflictOverride } from "../entities";
import { rosteringSettingsOf } from "./rostering-settings.server";
import { rosterShiftTimes } from "./shift-times.server";

/**
 * A roster's conflicts, read from the database and judged by the pure rules (domain/conflicts.ts): the
 * roster's people's shifts on every project (double bookings and fatigue look across projects), their
 * tickets against the allocation's required tickets, and the rooms they are booked into here.
 */

export type RosterScope = {
  id: string;
  projectId: string;
  startsOn: string;
  endsOn: string;
};

type ShiftRow = {
  id: string;
  person_id: string;
  project_id: string;
  roster_id: string;
  date: string;
  kind: "day" | "night";
  required_tickets: string[] | null;
};

export type JudgedConflict = Conflict & {
  override: { reason: string; by: string | null; at: string } | null;
};

export async function rosterConflicts(em: EntityManager, roster: RosterScope): Promise<JudgedConflict[]> {
  const settings = await rosteringSettingsOf(em, roster.projectId);
  const rules = fatigueRulesOf(settings);
  // Enough days either side for a run of shifts or a short rest that starts or ends outside the roster.
  const margin = rules.maxConsecutiveShifts + 1;
  const from = addDays(roster.startsOn, -margin);
  const to = addDays(roster.endsOn, margin);
  const shiftRows = await em.execute<ShiftRow[]>(
    `select s.id, s.person_id, s.project_id, s.roster_id, to_char(s.date, 'YYYY-MM-DD') as date, s.kind,
            case when s.roster_id = ? then a.required_tickets else null end as required_tickets
       from roster_shift s
       join roster r on r.id = s.roster_id
       left join roster_allocation a on a.id = r.allocation_id
      where s.person_id in (select distinct person_id from roster_shift where roster_id = ?)
        and s.date between ? and ?`,
    [roster.id, roster.id, from, to],
  );
  const personIds = [...new Set(shiftRows.map((row) => row.person_id))];
  const [timesOf, tickets, bookings] = await Promise.all([
    // Each shift's own times: its roster's card, else its own project's settings (not this project's).
    rosterShiftTimes(
      em,
      shiftRows.map((row) => row.roster_id),
    ),
    personIds.length
      ? em.execute<{ person_id: string; name: string; expires_on: string | null }[]>(
          `select person_id, name, to_char(expires_on, 'YYYY-MM-DD') as expires_on
             from roster_ticket where person_id in (${personIds.map(() => "?").join(", ")})`,
          personIds,
        )
      : [],
    // Every booking of the rooms this roster's people sleep in during the roster, whoever it is for; a shared
    // place's room (no project, decision 047) counts every project's bookings.
    em.execute<
      {
        id: string;
        room_id: string;
        person_id: string;
        check_in: string;
        check_out: string;
        room_name: string;
        beds: number;
      }[]
    >(
      `select b.id, b.room_id, b.person_id, to_char(b.check_in, 'YYYY-MM-DD') as check_in,
              to_char(b.check_out, 'YYYY-MM-DD') as check_out, rm.name as room_name, rm.beds
         from accommodation_booking b join accommodation_room rm on rm.id = b.room_id
        where (b.project_id = ? or rm.project_id is null) and b.check_in <= ? and b.check_out > ?
          and b.room_id in (select room_id from accommodation_booking
                             where project_id = ? and check_in <= ? and check_out > ?
                               and person_id in (select distinct person_id from roster_shift where roster_id = ?))`,
      [
        roster.projectId,
        roster.endsOn,
        roster.startsOn,
        roster.projectId,
        roster.endsOn,
        roster.startsOn,
        roster.id,
      ],
    ),
  ]);
  const shifts: RosteredShift[] = shiftRows.map((row) => ({
    id: row.id,
    personId: row.person_id,
    projectId: row.project_id,
    rosterId: row.roster_id,
    date: row.date,
    kind: row.kind,
    start: timesOf(row.roster_id, row.kind).start,
    hours: timesOf(row.roster_id, row.kind).hours,
    requiredTickets: row.required_tickets ?? [],
  }));
  const rooms = [
    ...new Map(bookings.map((b) => [b.room_id, { id: b.room_id, name: b.room_name, beds: b.beds }])).values(),
  ];
  const ownShiftIds = new Set(shiftRows.filter((row) => row.roster_id === roster.id).map((row) => row.id));
  const conflicts = findConflicts({
    shifts,
    tickets: tickets.map((ticket) => ({
      personId: ticket.person_id,
      name: ticket.name,
      expiresOn: ticket.expires_on,
    })),
    rules,
    rooms,
    bookings: bookings.map((b) => ({
      id: b.id,
      roomId: b.room_id,
      personId: b.person_id,
      checkIn: b.check_in,
      checkOut: b.check_out,
    })),
    from: roster.startsOn,
    to: roster.endsOn,
  }).filter((conflict) =>
    // A double booking is reported on each side, its own shift first: this roster shows its side.
    conflict.kind === "double_booking"
      ? ownShiftIds.has(conflict.shiftIds[0])
      : conflict.roomId || conflict.shiftIds.some((id) => ownShiftIds.has(id)),
  );
  const overrides = await em.find(
    RosterConflictOverride,
    { roster: roster.id },
    { populate: ["overriddenBy"] },
  );
  const byKey = new Map(overrides.map((override) => [override.conflictKey, override]));
  return conflicts.map((conflict) => {
    const override = byKey.get(conflict.key);
    return {
      ...conflict,
      override: override
        ? {
            reason: override.reason,
            by: override.overriddenBy?.name ?? null,
            at: override.createdAt.toISOString(),
          }
        : null,
    };
  });
}

/** Conflicts that still block publishing: neither resolved (gone) nor overridden with a reason. */
export const blocking = (conflicts: JudgedConflict[]) => conflicts.filter((conflict) => !conflict.override);
