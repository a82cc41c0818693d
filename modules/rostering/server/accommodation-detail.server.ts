import { isIsoDay } from "~/app/utils/iso-day";
import { activityRowsFor } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import {
  firstOfMonth,
  firstOfNextMonth,
  mondayOf,
  nightsInWindow,
  nightsWithin,
  roomOccupancy,
  shiftDay,
} from "../domain/accommodation-nights";
import { AccommodationBooking, AccommodationRoom, type IAccommodation, RosterPerson } from "../entities";
import { ACCOMMODATION_ENTITY_TYPE, BOOKING_VIEWS, type BookingView } from "./accommodation-basics";

/** The period of bookings a place's page shows: ?view=week|month&from=YYYY-MM-DD, this week by default. */
export function bookingPeriod(searchParams: URLSearchParams, today: string) {
  const asked = searchParams.get("view");
  const view: BookingView = BOOKING_VIEWS.includes(asked as BookingView) ? (asked as BookingView) : "week";
  const fromParam = searchParams.get("from") ?? "";
  const day = isIsoDay(fromParam) ? fromParam : today;
  if (view === "month") {
    const from = firstOfMonth(day);
    const to = firstOfNextMonth(from);
    return { view, from, to, previous: firstOfMonth(shiftDay(from, -1)), next: to };
  }
  const from = mondayOf(day);
  return { view, from, to: shiftDay(from, 7), previous: shiftDay(from, -7), next: shiftDay(from, 7) };
}

/** Everyone who can be booked into a room, by name. */
const PEOPLE_LIMIT = 2000;

export async function loadAccommodationDetail(context: ProjectContext, place: IAccommodation, url: URL) {
  const { em, project } = context;
  const period = bookingPeriod(url.searchParams, await projectToday(em, project));
  const [rooms, bookings, people, bookingCounts, activity] = await Promise.all([
    em.find(AccommodationRoom, { accommodation: place.id }, { orderBy: { name: "asc" } }),
    em.find(
      AccommodationBooking,
      {
        project: project.id,
        room: { accommodation: place.id },
        checkIn: { $lt: period.to },
        checkOut: { $gt: period.from },
      },
      { populate: ["room", "person"], orderBy: { checkIn: "asc", createdAt: "asc" } },
    ),
    em.find(
      RosterPerson,
      {},
      { orderBy: { fullName: "asc" }, limit: PEOPLE_LIMIT, fields: ["id", "fullName", "role"] },
    ),
    em.execute<{ room_id: string; total: string | number }[]>(
      `select b.room_id, count(*) as total from accommodation_booking b
         join accommodation_room r on r.id = b.room_id
        where r.accommodation_id = ? group by b.room_id`,
      [place.id],
    ),
    activityRowsFor(em, ACCOMMODATION_ENTITY_TYPE, place.id, 50),
  ]);
  const stays = bookings.map((booking) => ({
    id: booking.id,
    roomId: booking.room.id,
    roomName: booking.room.name,
    personName: booking.person.fullName,
    checkIn: dayOfDateColumn(booking.checkIn) as string,
    checkOut: dayOfDateColumn(booking.checkOut) as string,
    fromRoster: Boolean(booking.roster),
  }));
  const occupancy = roomOccupancy(
    rooms.map((room) => ({ id: room.id, name: room.name, beds: room.beds })),
    stays,
    period.from,
    period.to,
  );
  const overbookedNights = new Set(
    [...occupancy.entries()].flatMap(([roomId, nights]) =>
      nights.filter((night) => night.overbooked).map((night) => `${roomId}|${night.night}`),
    ),
  );
  const totalByRoom = new Map(bookingCounts.map((row) => [row.room_id, Number(row.total)]));
  return {
    place: { id: place.id, name: place.name, address: place.address, notes: place.notes },
    period,
    rooms: rooms.map((room) => ({
      id: room.id,
      name: room.name,
      beds: room.beds,
      bookings: totalByRoom.get(room.id) ?? 0,
      nights: occupancy.get(room.id) ?? [],
    })),
    bookings: stays.map((stay) => {
      // Only the period's nights are looked at (a long stay is not walked night by night beyond it).
      const overbooked = nightsInWindow(stay, period.from, period.to).some((night) =>
        overbookedNights.has(`${stay.roomId}|${night}`),
      );
      return { ...stay, nights: nightsWithin(stay, stay.checkIn, stay.checkOut), overbooked };
    }),
    overbookedNights: overbookedNights.size,
    activity,
    people: people.map((person) => ({ value: person.id, label: `${person.fullName} (${person.role})` })),
    can: {
      edit: context.can("rostering.accommodation.edit"),
      delete: context.can("rostering.accommodation.delete"),
    },
  };
}
export type AccommodationDetail = Awaited<ReturnType<typeof loadAccommodationDetail>>;
