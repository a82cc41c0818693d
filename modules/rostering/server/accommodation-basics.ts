/** The accommodation pages' paths, limits and intents, for the browser (the zod schemas are in accommodation-rules.ts). */

import { ACCOMMODATION_PATH } from "./rostering-basics";

export { ACCOMMODATION_PATH, ROSTERS_PATH, rosterPath, rosterTravelPath } from "./rostering-basics";
export const ACCOMMODATION_CREATE_PATH = `${ACCOMMODATION_PATH}/create`;
export const accommodationPath = (id: string, period?: { view: string; from: string }) =>
  `${ACCOMMODATION_PATH}/${id}${period ? `?${new URLSearchParams(period).toString()}` : ""}`;
export const accommodationEditPath = (id: string) => `${ACCOMMODATION_PATH}/${id}/edit`;

/** The activity log's entity type of a place (its edits, rooms and bookings). */
export const ACCOMMODATION_ENTITY_TYPE = "rostering-accommodation";
/** The activity log's entity type of a roster's travel (entity id: the roster). */
export const TRAVEL_ENTITY_TYPE = "rostering-travel";

export const ACCOMMODATION_LIMITS = {
  name: 150,
  address: 300,
  notes: 4000,
  roomName: 60,
  minBeds: 1,
  maxBeds: 50,
  travelText: 120,
  /** Legs saved at once on the travel page. */
  maxLegs: 500,
} as const;

export const ACCOMMODATION_INTENTS = {
  addRoom: "add-room",
  removeRoom: "remove-room",
  book: "book",
  cancelBooking: "cancel-booking",
  delete: "delete",
} as const;

/** The bookings shown on a place's page: a week from its Monday, or a calendar month. */
export const BOOKING_VIEWS = ["week", "month"] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
