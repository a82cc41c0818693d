import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { message, requiredMessage } from "~/app/utils/message-key";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { AccommodationRoom } from "../entities";
import { bookRoomsForRoster } from "./accommodation.server";
import { rosterPath } from "./accommodation-basics";

/**
 * The roster page's "Book rooms" (its `book-rooms` intent, accommodation.edit): the rooms to choose from, and
 * the post that books the roster's people into one of them (bookRoomsForRoster) and says what it did.
 */

export const BOOK_ROOMS_INTENT = "book-rooms";

export const bookRosterRoomsSchema = z.object({
  intent: z.literal(BOOK_ROOMS_INTENT),
  roomId: z
    .string({ error: requiredMessage })
    .uuid({ error: message("rostering:accommodation.errors.roomNotFound") }),
  /** None ticked: everyone on the roster. */
  personIds: z.array(z.string().uuid()).max(500).optional(),
});

/** The project's rooms and shared places' rooms (decision 047): either the project's or the shared ones. */
const bookableRooms = (projectId: string) => ({ $or: [{ project: projectId }, { project: null }] });

/**
 * The rooms for the roster page's select: "Camp · Room 1 (2 beds)", by place and room; the shared places'
 * are marked `shared` (the form labels them "Shared").
 */
export async function rosterRoomChoices(context: ProjectContext) {
  const rooms = await context.em.find(AccommodationRoom, bookableRooms(context.project.id), {
    populate: ["accommodation"],
    orderBy: { accommodation: { name: "asc" }, name: "asc" },
    limit: 1000,
  });
  return rooms.map((room) => ({
    value: room.id,
    label: `${room.accommodation.name} · ${room.name}`,
    beds: room.beds,
    shared: room.project == null,
  }));
}

/** Books the roster's people (or those ticked) into the chosen room; back to the roster with the counts. */
export async function bookRosterRooms(context: ProjectContext, rosterId: string, formData: FormData) {
  if (!context.can("rostering.accommodation.edit")) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(formData, { schema: bookRosterRoomsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { roomId, personIds } = submission.value;
  const room = await context.em.findOne(AccommodationRoom, {
    id: roomId,
    ...bookableRooms(context.project.id),
  });
  if (!room)
    return data(
      submission.reply({ fieldErrors: { roomId: [message("rostering:accommodation.errors.roomNotFound")] } }),
      { status: 400 },
    );
  const counts = await bookRoomsForRoster(
    context.em,
    context.project,
    rosterId,
    room.id,
    personIds?.length ? personIds : undefined,
    context.user.id,
  );
  return redirectWithToast(rosterPath(rosterId), {
    type: counts.bookings ? "success" : "info",
    message: counts.bookings
      ? "rostering:accommodation.rosterBooking.booked"
      : "rostering:accommodation.rosterBooking.nothing",
    params: { ...counts, room: room.name },
  });
}
