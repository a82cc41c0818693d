/** Paths, intents and limits the rostering pages and their server code share (no server-only imports). */

export const ROSTERING_HOME_PATH = "/rostering/rostering/home";
export const PERSONNEL_PATH = "/rostering/rostering/personal-management";
export const CREWS_PATH = "/rostering/rostering/crew";
export const ALLOCATIONS_PATH = "/rostering/rostering/allocation";
export const ROSTERS_PATH = "/rostering/rostering/roster-management";
export const ROSTER_CREATE_PATH = `${ROSTERS_PATH}/create`;
export const ACCOMMODATION_PATH = "/rostering/rostering/accommodation-management";
export const ROSTERING_SETTINGS_PATH = "/rostering/rostering/settings";
export const TEMPLATES_PATH = "/rostering/rostering/templates";

export const rosterPath = (rosterId: string) => `${ROSTERS_PATH}/${rosterId}`;
export const rosterTravelPath = (rosterId: string) => `${rosterPath(rosterId)}/edit-travel-allocation`;
export const myRosterPath = (token: string) => `/rostering/my-roster/${token}`;

export const ROSTER_TABS = ["single", "composition"] as const;
export type RosterTab = (typeof ROSTER_TABS)[number];

export const ROSTERING_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  role: 100,
  homeLocation: 200,
  ticket: 100,
  crewName: 100,
  rosterName: 120,
  notes: 2000,
  reason: 1000,
  peopleNeeded: 500,
  /** A roster spans at most this many days: a quarter, what site rosters are drawn up for. */
  rosterDays: 93,
} as const;

export const PAGE_SIZE = 25;

/** Activity log entity types. */
export const ENTITY = {
  person: "rostering.person",
  crew: "rostering.crew",
  allocation: "rostering.allocation",
  roster: "rostering.roster",
} as const;

// Schedule cards (decision 046).
export const SCHEDULE_CARDS_PATH = "/rostering/rostering/schedule-cards";
export const SCHEDULE_CARD_LIMITS = { name: 100, description: 500, minHours: 4, maxHours: 16 } as const;
export const SCHEDULE_CARD_ENTITY = {
  group: "rostering.schedule-card-group",
  card: "rostering.schedule-card",
} as const;
