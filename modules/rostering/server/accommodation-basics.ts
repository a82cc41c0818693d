/** The accommodation pages' paths, limits and intents, for the browser (the zod schemas are in accommodation-rules.ts). */

import { ACCOMMODATION_PATH } from "./rostering-basics";

export { ACCOMMODATION_PATH, ROSTERS_PATH, rosterPath, rosterTravelPath } from "./rostering-basics";
export const ACCOMMODATION_CREATE_PATH = `${ACCOMMODATION_PATH}/create`;
export const accommodationPath = (id: string, period?: { view: string; from: string }) =>
  `${ACCOMMODATION_PATH}/${id}${period ? `?${new URLSearchParams(period).toString()}` : ""}`;
export const accommodationEditPath = (id: string) => `${ACCOMMODATION_PATH}/${id}/edit`;

/** The company's shared places (no project), managed in global settings (decision 047). */
export const SHARED_ACCOMMODATION_PATH = "/globalSettings/rostering";
const SHARED_PLACES = `${SHARED_ACCOMMODATION_PATH}/accommodation-management`;
export const SHARED_ACCOMMODATION_CREATE_PATH = `${SHARED_PLACES}/create`;

/** Where a place's pages are: a project's under the project's rostering, a shared one's in global settings. */
export type PlacePaths = {
  list: string;
  create: string;
  place: (id: string, period?: { view: string; from: string }) => string;
  edit: (id: string) => string;
};

const withPeriod = (path: string, period?: { view: string; from: string }) =>
  `${path}${period ? `?${new URLSearchParams(period).toString()}` : ""}`;

export const PROJECT_PLACE_PATHS: PlacePaths = {
  list: ACCOMMODATION_PATH,
  create: ACCOMMODATION_CREATE_PATH,
  place: accommodationPath,
  edit: accommodationEditPath,
};
export const SHARED_PLACE_PATHS: PlacePaths = {
  list: SHARED_ACCOMMODATION_PATH,
  create: SHARED_ACCOMMODATION_CREATE_PATH,
  place: (id, period) => withPeriod(`${SHARED_PLACES}/${id}`, period),
  edit: (id) => `${SHARED_PLACES}/${id}/edit`,
};
export const placePathsFor = (shared: boolean) => (shared ? SHARED_PLACE_PATHS : PROJECT_PLACE_PATHS);

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
