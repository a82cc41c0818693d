/**
 * The accommodation and travel routes' forms, for the fuzz suite (tests/fuzz). The module's
 * tests/fuzz-targets.ts spreads them into its `targets` (the suite reads that one file per module).
 */
import { scopeToProject } from "~/server/db/project-scope";
import type { FuzzTargets, FuzzWorld } from "~/tests/fuzz/targets";
import {
  Accommodation,
  AccommodationBooking,
  AccommodationRoom,
  Roster,
  RosterPerson,
  RosterShift,
  RosterTravel,
} from "../entities";
import {
  accommodationFormSchema,
  addRoomSchema,
  bookSchema,
  cancelBookingSchema,
  deleteAccommodationSchema,
  removeRoomSchema,
} from "../server/accommodation-rules";
import { travelFormSchema } from "../server/travel-rules";

/** A place with a room and a booking, a person, and a roster with that person's shifts and one travel leg. */
async function accommodationRecords(world: FuzzWorld) {
  const em = world.em;
  const person = em.create(RosterPerson, {
    fullName: "Fuzz Rigger",
    role: "Rigger",
    email: null,
    homeLocation: "Perth",
  } as never);
  await em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const project = world.project;
  const place = scoped.create(Accommodation, { project, name: "Fuzz Camp" } as never);
  const room = scoped.create(AccommodationRoom, {
    project,
    accommodation: place,
    name: "F1",
    beds: 1,
  } as never);
  const booking = scoped.create(AccommodationBooking, {
    project,
    room,
    person,
    checkIn: "2026-12-01",
    checkOut: "2026-12-03",
  } as never);
  const roster = scoped.create(Roster, {
    project,
    kind: "single",
    name: "Fuzz roster",
    person,
    startsOn: "2026-12-01",
    endsOn: "2026-12-03",
  } as never);
  for (const date of ["2026-12-01", "2026-12-02"])
    scoped.create(RosterShift, { project, roster, person, date, kind: "day" } as never);
  const leg = scoped.create(RosterTravel, {
    project,
    roster,
    person,
    direction: "in",
    travelOn: "2026-11-30",
    origin: "Perth",
    destination: "Site",
  } as never);
  await scoped.flush();
  const ids = [place.id, room.id, booking.id, person.id, roster.id, leg.id] as string[];
  return { place, roster, ids };
}

const onPlace = {
  async arrange(world: FuzzWorld) {
    const records = await accommodationRecords(world);
    return { params: { accommodationId: records.place.id as string }, ids: records.ids };
  },
};

/** A shared place (no project, decision 047) with a room booked by the world's project, and its ids. */
async function sharedRecords(world: FuzzWorld) {
  const records = await accommodationRecords(world);
  const em = world.em;
  const place = em.create(Accommodation, { project: null, name: `Fuzz shared ${world.project.id}` } as never);
  const room = em.create(AccommodationRoom, {
    project: null,
    accommodation: place,
    name: "S1",
    beds: 1,
  } as never);
  await em.flush();
  const scoped = scopeToProject(world.em, world.project.id);
  const booking = scoped.create(AccommodationBooking, {
    project: world.project,
    room: room.id,
    person: records.ids[3],
    checkIn: "2026-12-01",
    checkOut: "2026-12-02",
  } as never);
  await scoped.flush();
  return { place, ids: [...records.ids, place.id, room.id, booking.id] as string[] };
}

const onSharedPlace = {
  async arrange(world: FuzzWorld) {
    const records = await sharedRecords(world);
    return { params: { accommodationId: records.place.id as string }, ids: records.ids };
  },
};

export const accommodationFuzzTargets: FuzzTargets = {
  // Shared accommodation in global settings.
  "/globalSettings/rostering/accommodation-management/create": {
    forms: [{ name: "new shared place", schema: accommodationFormSchema }],
    async arrange(world) {
      return { ids: (await sharedRecords(world)).ids };
    },
  },
  "/globalSettings/rostering/accommodation-management/:accommodationId": {
    forms: [
      { name: "add-room", schema: addRoomSchema },
      { name: "remove-room", schema: removeRoomSchema },
      { name: "delete", schema: deleteAccommodationSchema },
    ],
    ...onSharedPlace,
  },
  "/globalSettings/rostering/accommodation-management/:accommodationId/edit": {
    forms: [{ name: "edit", schema: accommodationFormSchema }],
    ...onSharedPlace,
  },
  "/rostering/rostering/accommodation-management/create": {
    forms: [{ name: "new place", schema: accommodationFormSchema }],
    async arrange(world) {
      return { ids: (await accommodationRecords(world)).ids };
    },
  },
  "/rostering/rostering/accommodation-management/:accommodationId": {
    forms: [
      { name: "add-room", schema: addRoomSchema },
      { name: "remove-room", schema: removeRoomSchema },
      { name: "book", schema: bookSchema },
      { name: "cancel-booking", schema: cancelBookingSchema },
      { name: "delete", schema: deleteAccommodationSchema },
    ],
    ...onPlace,
  },
  "/rostering/rostering/accommodation-management/:accommodationId/edit": {
    forms: [{ name: "edit", schema: accommodationFormSchema }],
    ...onPlace,
  },
  "/rostering/rostering/roster-management/:rosterId/edit-travel-allocation": {
    forms: [{ name: "travel", schema: travelFormSchema }],
    async arrange(world) {
      const records = await accommodationRecords(world);
      return { params: { rosterId: records.roster.id as string }, ids: records.ids };
    },
  },
};
