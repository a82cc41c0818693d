import type { EntityManager } from "@mikro-orm/postgresql";
import { isIsoDay } from "~/app/utils/iso-day";
import { activityRowsFor } from "~/server/audit/activity.server";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import type { ProjectContext, UserContext } from "~/server/permissions/guard.server";
import { defaultTimeZoneFor, zonedDay } from "~/server/projects/time-zone";
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
import { AccommodationRoom, type IAccommodation, RosterPerson } from "../entities";
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

type StayRow = {
  id: string;
  room_id: string;
  room_name: string;
  person_name: string;
  check_in: string;
  check_out: string;
  from_roster: boolean;
  project_id: string;
  project_name: string;
};

/**
 * The bookings of the place's rooms holding a bed in [from, to), of every project: a shared place's nights are
 * counted over all the projects that book it (decision 047). Read in SQL, past the project filter on purpose;
 * the callers decide which of them a page lists.
 */
async function placeStays(em: EntityManager, placeId: string, from: string, to: string) {
  const rows = await em.execute<StayRow[]>(
    `select b.id, b.room_id, r.name as room_name, p.full_name as person_name,
            to_char(b.check_in, 'YYYY-MM-DD') as check_in, to_char(b.check_out, 'YYYY-MM-DD') as check_out,
            b.roster_id is not null as from_roster, b.project_id, pr.name as project_name
       from accommodation_booking b
       join accommodation_room r on r.id = b.room_id
       join roster_person p on p.id = b.person_id
       join project pr on pr.id = b.project_id
      where r.accommodation_id = ? and b.check_in < ?::date and b.check_out > ?::date
      order by b.check_in asc, b.created_at asc`,
    [placeId, to, from],
  );
  return rows.map((row) => ({
    id: row.id,
    roomId: row.room_id,
    roomName: row.room_name,
    personName: row.person_name,
    checkIn: row.check_in,
    checkOut: row.check_out,
    fromRoster: Boolean(row.from_roster),
    projectId: row.project_id,
    projectName: row.project_name,
  }));
}

/** Who looks at a place: a project (it lists its own bookings) or global settings (every project's). */
type PlaceViewer = {
  em: EntityManager;
  today: string;
  /** null: global settings, every project's bookings are listed with their project. */
  projectId: string | null;
  can: { edit: boolean; delete: boolean; book: boolean };
};

async function placeDetail(viewer: PlaceViewer, place: IAccommodation, url: URL) {
  const { em } = viewer;
  const period = bookingPeriod(url.searchParams, viewer.today);
  const shared = place.project == null;
  const [rooms, stays, people, bookingCounts, activity] = await Promise.all([
    em.find(
      AccommodationRoom,
      { accommodation: place.id },
      { orderBy: { name: "asc" }, filters: { [PROJECT_SCOPE]: false } },
    ),
    placeStays(em, place.id, period.from, period.to),
    viewer.can.book
      ? em.find(
          RosterPerson,
          {},
          { orderBy: { fullName: "asc" }, limit: PEOPLE_LIMIT, fields: ["id", "fullName", "role"] },
        )
      : [],
    em.execute<{ room_id: string; total: string | number }[]>(
      `select b.room_id, count(*) as total from accommodation_booking b
         join accommodation_room r on r.id = b.room_id
        where r.accommodation_id = ? group by b.room_id`,
      [place.id],
    ),
    activityRowsFor(em, ACCOMMODATION_ENTITY_TYPE, place.id, 50),
  ]);
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
  // A project sees its own bookings of a shared place; the others count in the nights only.
  const listed = viewer.projectId ? stays.filter((stay) => stay.projectId === viewer.projectId) : stays;
  return {
    place: { id: place.id, name: place.name, address: place.address, notes: place.notes },
    shared,
    /** Listed with each booking: global settings show whose booking it is. */
    showProjects: viewer.projectId === null,
    placePaths: shared && viewer.projectId === null ? "shared" : "project",
    period,
    rooms: rooms.map((room) => ({
      id: room.id,
      name: room.name,
      beds: room.beds,
      bookings: totalByRoom.get(room.id) ?? 0,
      nights: occupancy.get(room.id) ?? [],
    })),
    bookings: listed.map(({ projectId: _projectId, ...stay }) => {
      // Only the period's nights are looked at (a long stay is not walked night by night beyond it).
      const overbooked = nightsInWindow(stay, period.from, period.to).some((night) =>
        overbookedNights.has(`${stay.roomId}|${night}`),
      );
      return { ...stay, nights: nightsWithin(stay, stay.checkIn, stay.checkOut), overbooked };
    }),
    overbookedNights: overbookedNights.size,
    activity,
    people: people.map((person) => ({ value: person.id, label: `${person.fullName} (${person.role})` })),
    can: viewer.can,
  };
}

/**
 * A place's page in a project: its own place, or a shared one whose rooms it books (the place itself, its
 * rooms and its deletion are global settings', so a project page offers no change of them).
 */
export async function loadAccommodationDetail(context: ProjectContext, place: IAccommodation, url: URL) {
  const shared = place.project == null;
  return placeDetail(
    {
      em: context.em,
      today: await projectToday(context.em, context.project),
      projectId: context.project.id,
      can: {
        edit: !shared && context.can("rostering.accommodation.edit"),
        delete: !shared && context.can("rostering.accommodation.delete"),
        book: context.can("rostering.accommodation.edit"),
      },
    },
    place,
    url,
  );
}

/** A shared place's page in global settings: every project's bookings, no booking form (bookings are projects'). */
export async function loadSharedAccommodationDetail(context: UserContext, place: IAccommodation, url: URL) {
  return placeDetail(
    {
      em: context.em,
      // Global pages have no site clock: the product's default zone (as the roster link's "today").
      today: zonedDay(new Date(), defaultTimeZoneFor(null)),
      projectId: null,
      can: {
        edit: context.canGlobal("rostering.shared-accommodation.edit-global"),
        delete: context.canGlobal("rostering.shared-accommodation.delete-global"),
        book: false,
      },
    },
    place,
    url,
  );
}
export type AccommodationDetail = Awaited<ReturnType<typeof loadAccommodationDetail>>;
