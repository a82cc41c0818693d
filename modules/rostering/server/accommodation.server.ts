import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { PROJECT_SCOPE } from "~/server/db/project-scope";
import { registerCount, registerPageRows, registerWhere } from "~/server/db/register-query";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { zonedDay } from "~/server/projects/time-zone";
import { projectToday } from "~/server/projects/time-zone.server";
import { mondayOf, nightsBetween, shiftDay, staysToBook } from "../domain/accommodation-nights";
import {
  Accommodation,
  AccommodationBooking,
  AccommodationRoom,
  type IAccommodation,
  Roster,
  RosterPerson,
  RosterShift,
} from "../entities";
import {
  ACCOMMODATION_ENTITY_TYPE,
  type AccommodationForm,
  accommodationFormSchema,
  accommodationPath,
  addRoomSchema,
  bookSchema,
  cancelBookingSchema,
  deleteAccommodationSchema,
  placePathsFor,
  removeRoomSchema,
} from "./accommodation-rules";

/**
 * Accommodation on the server: the places a project puts people up in, their rooms and the bookings of a bed
 * for nights [checkIn, checkOut). A booking may overbook a room: the roster's conflict check reports it and the
 * place's page marks the night "Overbooked"; it is not refused here (README, docs-accommodation.md).
 */

const errorKey = (key: string) => message(`rostering:accommodation.errors.${key}`);

/**
 * Who a place's changes are made for: a project (its own places), or the company (`projectId` null: the
 * shared places of global settings). The activity log is kept under the same project, or none.
 */
export type PlaceOwner = { em: EntityManager; projectId: string | null; actorId: string };

export const projectOwner = (context: ProjectContext): PlaceOwner => ({
  em: context.em,
  projectId: context.project.id,
  actorId: context.user.id,
});

/** A shared place is the company's: its pages are in global settings, a project only books its rooms. */
export const isSharedPlace = (place: IAccommodation) => place.project == null;

/** The place of a URL in the project (its own, or a shared one), or a 404 (another project's is not found). */
export async function accommodationById(
  context: ProjectContext,
  id: string | undefined,
): Promise<IAccommodation> {
  const place = isUuid(id)
    ? await context.em.findOne(Accommodation, {
        id,
        $or: [{ project: context.project.id }, { project: null }],
      })
    : null;
  if (!place) throw new Response("Not found", { status: 404 });
  return place;
}

/** A project page's change of a shared place (details, rooms, deleting): refused, the company manages it. */
export function refuseSharedChange(place: IAccommodation) {
  if (isSharedPlace(place))
    throw new Response("A shared place is managed in global settings", { status: 403 });
}

type ListRow = {
  id: string;
  name: string;
  shared: boolean;
  address: string | null;
  rooms: string | number;
  beds: string | number | null;
  nights: string | number | null;
};

/** The project's places by name, a page at a time, with their rooms, beds and the nights booked this week. */
export async function loadAccommodationList(context: ProjectContext, url: URL) {
  const { em, project } = context;
  const page = pageFromSearch(url.searchParams);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const weekStart = mondayOf(await projectToday(em, project));
  const weekEnd = shiftDay(weekStart, 7);
  // The project's places and the company's shared ones; a shared place's nights are this project's.
  const where = registerWhere("(a.project_id = ? or a.project_id is null)", project.id).search(
    `a.name::text || ' ' || coalesce(a.address, '')`,
    q,
  );
  const [rows, total] = await Promise.all([
    registerPageRows<ListRow>(em, {
      from: "accommodation a",
      id: "a.id",
      // Nights of each booking inside the week: the overlap of [check_in, check_out) and [monday, next monday).
      select: `a.id, a.name, a.address, a.project_id is null as shared,
        (select count(*) from accommodation_room r where r.accommodation_id = a.id) as rooms,
        (select sum(r.beds) from accommodation_room r where r.accommodation_id = a.id) as beds,
        (select sum(least(b.check_out, ?::date) - greatest(b.check_in, ?::date))
           from accommodation_booking b join accommodation_room r on r.id = b.room_id
          where r.accommodation_id = a.id and b.project_id = ?
            and b.check_in < ?::date and b.check_out > ?::date) as nights`,
      selectParams: [weekEnd, weekStart, project.id, weekEnd, weekStart],
      where,
      order: "a.name asc, a.id asc",
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    registerCount(em, "accommodation a", where),
  ]);
  return {
    q,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    weekStart,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: row.address,
      shared: Boolean(row.shared),
      rooms: Number(row.rooms),
      beds: Number(row.beds ?? 0),
      nightsThisWeek: Number(row.nights ?? 0),
    })),
  };
}
export type AccommodationListRow = Awaited<ReturnType<typeof loadAccommodationList>>["rows"][number];

export const accommodationFormValues = (place: IAccommodation) => ({
  name: place.name,
  address: place.address ?? "",
  notes: place.notes ?? "",
});

/** Another place of the owner (the project, or the shared places) already has this name (case and spaces aside). */
async function nameTaken(owner: PlaceOwner, name: string, exceptId?: string) {
  const except = exceptId ?? "00000000-0000-0000-0000-000000000000";
  const rows = await owner.em.execute<{ id: string }[]>(
    owner.projectId
      ? "select id from accommodation where project_id = ? and lower(name) = lower(?) and id <> ? limit 1"
      : "select id from accommodation where project_id is null and lower(name) = lower(?) and id <> ? limit 1",
    owner.projectId ? [owner.projectId, name, except] : [name, except],
  );
  return rows.length > 0;
}

async function parsePlaceForm(owner: PlaceOwner, formData: FormData, exceptId?: string) {
  const submission = parseWithZod(formData, { schema: accommodationFormSchema });
  if (submission.status !== "success") return { reply: data(submission.reply(), { status: 400 }) } as const;
  if (await nameTaken(owner, submission.value.name, exceptId))
    return {
      reply: data(
        submission.reply({
          fieldErrors: { name: [errorKey(owner.projectId ? "nameTaken" : "sharedNameTaken")] },
        }),
        { status: 400 },
      ),
    } as const;
  return { values: submission.value } as const;
}

const storedValues = (values: AccommodationForm) => ({
  name: values.name,
  address: values.address ?? "",
  notes: values.notes ?? "",
});

function logPlace(
  em: EntityManager,
  owner: PlaceOwner,
  placeId: string,
  entry: { action: string; before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  recordActivity(em, {
    projectId: owner.projectId,
    actorId: owner.actorId,
    entityType: ACCOMMODATION_ENTITY_TYPE,
    entityId: placeId,
    ...entry,
  });
}

/** The owner's place by id: a project's own, or a shared one (read with the project filter off). */
const ownedPlace = (em: EntityManager, owner: PlaceOwner, id: string) =>
  em.findOne(Accommodation, { id, project: owner.projectId }, { filters: { [PROJECT_SCOPE]: false } });

const pathsOf = (owner: PlaceOwner) => placePathsFor(owner.projectId === null);

export async function createPlace(owner: PlaceOwner, formData: FormData) {
  const parsed = await parsePlaceForm(owner, formData);
  if ("reply" in parsed) return parsed.reply;
  const place = await owner.em.transactional(async (tx) => {
    const created = tx.create(Accommodation, {
      project: owner.projectId,
      name: parsed.values.name,
      address: parsed.values.address,
      notes: parsed.values.notes,
    } as never) as IAccommodation;
    logPlace(tx, owner, created.id, { action: "created", after: storedValues(parsed.values) });
    return created;
  });
  return redirectWithToast(pathsOf(owner).place(place.id), {
    type: "success",
    message: "rostering:accommodation.toast.created",
    params: { name: place.name },
  });
}

export const createAccommodation = (context: ProjectContext, formData: FormData) =>
  createPlace(projectOwner(context), formData);

export async function updatePlace(owner: PlaceOwner, placeId: string, formData: FormData) {
  const parsed = await parsePlaceForm(owner, formData, placeId);
  if ("reply" in parsed) return parsed.reply;
  const place = await owner.em.transactional(async (tx) => {
    const stored = await ownedPlace(tx, owner, placeId);
    if (!stored) throw new Response("Not found", { status: 404 });
    const changed = changedFields(accommodationFormValues(stored), storedValues(parsed.values));
    if (Object.keys(changed.after).length === 0) return stored;
    tx.assign(stored, {
      name: parsed.values.name,
      address: parsed.values.address,
      notes: parsed.values.notes,
    });
    logPlace(tx, owner, stored.id, { action: "updated", ...changed });
    return stored;
  });
  return redirectWithToast(pathsOf(owner).place(place.id), {
    type: "success",
    message: "rostering:accommodation.toast.updated",
    params: { name: place.name },
  });
}

export async function updateAccommodation(
  context: ProjectContext,
  place: IAccommodation,
  formData: FormData,
) {
  refuseSharedChange(place);
  return updatePlace(projectOwner(context), place.id, formData);
}

/** Bookings, of any project, holding a bed in the place from `today` on (their check-out after it). */
export async function bookingsFrom(em: EntityManager, placeId: string, today: string) {
  const [row] = await em.execute<{ total: string | number }[]>(
    `select count(*) as total from accommodation_booking b join accommodation_room r on r.id = b.room_id
      where r.accommodation_id = ? and b.check_out > ?::date`,
    [placeId, today],
  );
  return Number(row?.total ?? 0);
}

/**
 * Deletes the place with its rooms and their bookings (the page warns of the bookings it takes away). A shared
 * place is refused while any project has a booking in it from today on: other projects' people sleep there.
 */
export async function deletePlace(owner: PlaceOwner, place: IAccommodation, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccommodationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (owner.projectId === null) {
    const current = await bookingsFrom(owner.em, place.id, zonedDay(new Date(), "UTC"));
    if (current > 0)
      return data(
        submission.reply({
          formErrors: [message("rostering:accommodation.errors.sharedHasBookings", { count: current })],
        }),
        { status: 409 },
      );
  }
  await owner.em.transactional(async (tx) => {
    const stored = await ownedPlace(tx, owner, place.id);
    if (!stored) throw new Response("Not found", { status: 404 });
    const [row] = await tx.execute<{ total: string | number }[]>(
      `select count(*) as total from accommodation_booking b join accommodation_room r on r.id = b.room_id
        where r.accommodation_id = ?`,
      [place.id],
    );
    logPlace(tx, owner, place.id, {
      action: "deleted",
      before: { name: stored.name, bookings: Number(row?.total ?? 0) },
    });
    tx.remove(stored);
  });
  return redirectWithToast(pathsOf(owner).list, {
    type: "success",
    message: "rostering:accommodation.toast.deleted",
    params: { name: place.name },
  });
}

export async function deleteAccommodation(
  context: ProjectContext,
  place: IAccommodation,
  formData: FormData,
) {
  refuseSharedChange(place);
  return deletePlace(projectOwner(context), place, formData);
}

export async function addPlaceRoom(owner: PlaceOwner, place: IAccommodation, formData: FormData) {
  const submission = parseWithZod(formData, { schema: addRoomSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { name, beds } = submission.value;
  const taken = await owner.em.execute<{ id: string }[]>(
    "select id from accommodation_room where accommodation_id = ? and lower(name) = lower(?) limit 1",
    [place.id, name],
  );
  if (taken.length)
    return data(submission.reply({ fieldErrors: { name: [errorKey("roomNameTaken")] } }), { status: 400 });
  await owner.em.transactional(async (tx) => {
    tx.create(AccommodationRoom, {
      project: owner.projectId,
      accommodation: place.id,
      name,
      beds,
    } as never);
    logPlace(tx, owner, place.id, { action: "room-added", after: { room: name, beds } });
  });
  return redirectWithToast(pathsOf(owner).place(place.id), {
    type: "success",
    message: "rostering:accommodation.toast.roomAdded",
    params: { room: name },
  });
}

export async function addRoom(context: ProjectContext, place: IAccommodation, formData: FormData) {
  refuseSharedChange(place);
  return addPlaceRoom(projectOwner(context), place, formData);
}

/** A room of the place (the place is already the request's: its rooms are its owner's). */
async function roomOf(em: EntityManager, placeId: string, roomId: string) {
  return em.findOne(
    AccommodationRoom,
    { id: roomId, accommodation: placeId },
    { filters: { [PROJECT_SCOPE]: false } },
  );
}

/** Removes a room nobody (of any project) is booked into; a room with bookings is kept with a message. */
export async function removePlaceRoom(owner: PlaceOwner, place: IAccommodation, formData: FormData) {
  const submission = parseWithZod(formData, { schema: removeRoomSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const room = await roomOf(owner.em, place.id, submission.value.roomId);
  if (!room) return data(submission.reply({ formErrors: [errorKey("roomNotFound")] }), { status: 404 });
  const bookings = await owner.em.count(
    AccommodationBooking,
    { room: room.id },
    { filters: { [PROJECT_SCOPE]: false } },
  );
  if (bookings > 0)
    return data(
      submission.reply({
        formErrors: [
          message("rostering:accommodation.errors.roomHasBookings", { room: room.name, count: bookings }),
        ],
      }),
      { status: 409 },
    );
  await owner.em.transactional(async (tx) => {
    logPlace(tx, owner, place.id, { action: "room-removed", before: { room: room.name, beds: room.beds } });
    tx.remove(tx.getReference(AccommodationRoom, room.id));
  });
  return redirectWithToast(pathsOf(owner).place(place.id), {
    type: "success",
    message: "rostering:accommodation.toast.roomRemoved",
    params: { room: room.name },
  });
}

export async function removeRoom(context: ProjectContext, place: IAccommodation, formData: FormData) {
  refuseSharedChange(place);
  return removePlaceRoom(projectOwner(context), place, formData);
}

/** Books a person into a room; overbooking is allowed (and shown), the dates and the person are checked. */
export async function bookRoom(context: ProjectContext, place: IAccommodation, formData: FormData) {
  const submission = parseWithZod(formData, { schema: bookSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { roomId, personId, checkIn, checkOut } = submission.value;
  const [room, person] = await Promise.all([
    roomOf(context.em, place.id, roomId),
    context.em.findOne(RosterPerson, { id: personId }),
  ]);
  if (!room || !person)
    return data(
      submission.reply({
        fieldErrors: {
          ...(room ? {} : { roomId: [errorKey("roomNotFound")] }),
          ...(person ? {} : { personId: [errorKey("personNotFound")] }),
        },
      }),
      { status: 400 },
    );
  await context.em.transactional(async (tx) => {
    tx.create(AccommodationBooking, {
      project: context.project.id,
      room: room.id,
      person: person.id,
      checkIn,
      checkOut,
    } as never);
    logPlace(tx, projectOwner(context), place.id, {
      action: "booked",
      after: { room: room.name, person: person.fullName, checkIn, checkOut },
    });
  });
  return redirectWithToast(accommodationPath(place.id, { view: "week", from: mondayOf(checkIn) }), {
    type: "success",
    message: "rostering:accommodation.toast.booked",
    params: { person: person.fullName, room: room.name },
  });
}

export async function cancelBooking(context: ProjectContext, place: IAccommodation, formData: FormData) {
  const submission = parseWithZod(formData, { schema: cancelBookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const booking = await context.em.findOne(
    AccommodationBooking,
    { id: submission.value.bookingId, project: context.project.id, room: { accommodation: place.id } },
    { populate: ["room", "person"] },
  );
  if (!booking) return data(submission.reply({ formErrors: [errorKey("bookingNotFound")] }), { status: 404 });
  const before = {
    room: booking.room.name,
    person: booking.person.fullName,
    checkIn: dayOfDateColumn(booking.checkIn),
    checkOut: dayOfDateColumn(booking.checkOut),
  };
  await context.em.transactional(async (tx) => {
    logPlace(tx, projectOwner(context), place.id, { action: "booking-cancelled", before });
    tx.remove(tx.getReference(AccommodationBooking, booking.id));
  });
  return redirectWithToast(accommodationPath(place.id), {
    type: "success",
    message: "rostering:accommodation.toast.cancelled",
    params: { person: before.person, room: before.room },
  });
}

export type RosterBookingCounts = {
  /** People of the roster given a bed for at least one night. */
  people: number;
  /** Bookings written (one per run of consecutive unbooked rostered days). */
  bookings: number;
  nights: number;
  /** Rostered nights the person already had a bed for in this project, left as they were. */
  skippedNights: number;
};

/**
 * Books each person of the roster (or those of `personIds`) into the room, one booking per run of their
 * consecutive rostered days: checkIn the first day, checkOut the day after the last. Nights a person already
 * has a bed for in this project (any room) are skipped. The room may be overbooked: the conflict check says so.
 * Throws a 404 Response when the roster or the room is not the project's.
 */
export async function bookRoomsForRoster(
  em: EntityManager,
  project: { id: string },
  rosterId: string,
  roomId: string,
  personIds?: readonly string[],
  actorId?: string,
): Promise<RosterBookingCounts> {
  const [roster, room] = await Promise.all([
    isUuid(rosterId) ? em.findOne(Roster, { id: rosterId, project: project.id }) : null,
    isUuid(roomId)
      ? em.findOne(
          AccommodationRoom,
          // The project's rooms and the shared places' (decision 047).
          { id: roomId, $or: [{ project: project.id }, { project: null }] },
          { populate: ["accommodation"] },
        )
      : null,
  ]);
  if (!roster || !room) throw new Response("Not found", { status: 404 });
  const shifts = await em.find(
    RosterShift,
    { roster: roster.id, project: project.id, ...(personIds ? { person: { $in: [...personIds] } } : {}) },
    { fields: ["person", "date"] as never },
  );
  const daysByPerson = new Map<string, string[]>();
  for (const shift of shifts) {
    const personId = (shift.person as { id: string }).id;
    const day = dayOfDateColumn(shift.date) as string;
    daysByPerson.set(personId, [...(daysByPerson.get(personId) ?? []), day]);
  }
  const counts: RosterBookingCounts = { people: 0, bookings: 0, nights: 0, skippedNights: 0 };
  if (daysByPerson.size === 0) return counts;
  const allDays = [...daysByPerson.values()].flat().sort();
  const from = allDays[0];
  const to = shiftDay(allDays.at(-1) as string, 1);
  await em.transactional(async (tx) => {
    const existing = await tx.find(AccommodationBooking, {
      project: project.id,
      person: { $in: [...daysByPerson.keys()] },
      checkIn: { $lt: to },
      checkOut: { $gt: from },
    });
    const bookedNights = new Map<string, Set<string>>();
    for (const booking of existing) {
      const personId = (booking.person as { id: string }).id;
      const nights = bookedNights.get(personId) ?? new Set<string>();
      for (const night of nightsBetween(
        dayOfDateColumn(booking.checkIn) as string,
        dayOfDateColumn(booking.checkOut) as string,
      ))
        nights.add(night);
      bookedNights.set(personId, nights);
    }
    for (const [personId, days] of daysByPerson) {
      const booked = bookedNights.get(personId) ?? new Set<string>();
      const unique = [...new Set(days)];
      counts.skippedNights += unique.filter((day) => booked.has(day)).length;
      const stays = staysToBook(unique, booked);
      if (stays.length) counts.people += 1;
      for (const stay of stays) {
        tx.create(AccommodationBooking, {
          project: project.id,
          room: room.id,
          person: personId,
          roster: roster.id,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
        } as never);
        counts.bookings += 1;
        counts.nights += nightsBetween(stay.checkIn, stay.checkOut).length;
      }
    }
    if (counts.bookings > 0)
      recordActivity(tx, {
        projectId: project.id,
        actorId: actorId ?? null,
        entityType: ACCOMMODATION_ENTITY_TYPE,
        entityId: (room.accommodation as { id: string }).id,
        action: "roster-booked",
        after: { roster: roster.name, room: room.name, ...counts },
      });
  });
  return counts;
}
