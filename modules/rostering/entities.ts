import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAtProperty, idProperty, updatedAtProperty } from "../../server/db/entities/common";
import { Company } from "../../server/db/entities/company";
import { Project } from "../../server/db/entities/project";
import { User } from "../../server/db/entities/user";
import { projectOwned } from "../../server/db/project-scope";
import { type CycleStep, SHIFT_KINDS, type ShiftKind } from "./domain/types";

/**
 * Rostering (README, decision 045). People and crews belong to the business, not to one project: the same
 * rigger is rostered on the bridge and the depot, which is how a double booking across projects is seen.
 * Allocations, rosters, shifts, overrides, accommodation and travel belong to a project (`projectOwned`).
 */

/** A person who can be rostered: staff or a subcontractor's worker, with or without a product account. */
export const RosterPerson = defineEntity({
  name: "RosterPerson",
  properties: {
    id: idProperty(),
    fullName: p.string().length(200),
    /** Lower-cased; how templates and imports find the person again. */
    email: p.string().length(254).nullable(),
    phone: p.string().length(40).nullable(),
    /** The trade or position they are rostered as (Rigger, Leading hand, Crane operator…). */
    role: p.string().length(100),
    company: () => p.manyToOne(Company).nullable().deleteRule("set null"),
    /** Where they fly or drive in from (fly-in fly-out travel starts here). */
    homeLocation: p.string().length(200).nullable(),
    /** SHA-256 of the token of their phone roster link; a new link replaces it. */
    rosterLinkHash: p.string().length(64).nullable(),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ properties: ["email"] }, { properties: ["rosterLinkHash"] }],
  indexes: [{ properties: ["fullName"] }, { properties: ["company", "fullName"] }],
});
export type IRosterPerson = InferEntity<typeof RosterPerson>;

/** A ticket or licence a person holds (White Card, Working at Heights…), with its expiry when it has one. */
export const RosterTicket = defineEntity({
  name: "RosterTicket",
  properties: {
    id: idProperty(),
    person: () => p.manyToOne(RosterPerson).deleteRule("cascade"),
    name: p.string().length(100),
    expiresOn: p.date().nullable(),
  },
  uniques: [{ properties: ["person", "name"] }],
});
export type IRosterTicket = InferEntity<typeof RosterTicket>;

/** A crew: people who work a pattern together, with a lead. */
export const RosterCrew = defineEntity({
  name: "RosterCrew",
  properties: {
    id: idProperty(),
    name: p.string().length(100),
    lead: () => p.manyToOne(RosterPerson).nullable().deleteRule("set null"),
    createdAt: createdAtProperty(),
    updatedAt: updatedAtProperty(),
  },
  uniques: [{ properties: ["name"] }],
});
export type IRosterCrew = InferEntity<typeof RosterCrew>;

export const RosterCrewMember = defineEntity({
  name: "RosterCrewMember",
  properties: {
    crew: () => p.manyToOne(RosterCrew).primary().deleteRule("cascade"),
    person: () => p.manyToOne(RosterPerson).primary().deleteRule("cascade"),
  },
  indexes: [{ properties: ["person"] }],
});
export type IRosterCrewMember = InferEntity<typeof RosterCrewMember>;

/** What the project needs for a period: so many people in a rostering role, on day or night shift. */
export const RosterAllocation = projectOwned(
  defineEntity({
    name: "RosterAllocation",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      role: p.string().length(100),
      peopleNeeded: p.integer(),
      startsOn: p.date(),
      endsOn: p.date(),
      shiftKind: p.enum(SHIFT_KINDS).default("day" satisfies ShiftKind),
      /** Tickets everyone rostered to it must hold on each rostered day. */
      requiredTickets: p.json<string[]>(),
      notes: p.text().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [{ properties: ["project", "startsOn"] }],
  }),
);
export type IRosterAllocation = InferEntity<typeof RosterAllocation>;

export const ROSTER_KINDS = ["single", "composition"] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];
export const ROSTER_STATUSES = ["draft", "published"] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];

/**
 * A roster over a period: one person's shifts (single) or a crew's repeating pattern (composition). Its shifts
 * are rows of RosterShift; publishing shows them on the people's phone links.
 */
export const Roster = projectOwned(
  defineEntity({
    name: "Roster",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      kind: p.enum(ROSTER_KINDS),
      name: p.string().length(120),
      person: () => p.manyToOne(RosterPerson).nullable().deleteRule("cascade"),
      crew: () => p.manyToOne(RosterCrew).nullable().deleteRule("set null"),
      allocation: () => p.manyToOne(RosterAllocation).nullable().deleteRule("set null"),
      /** A composition roster's cycle (e.g. 8 days on, 6 off), anchored on startsOn. */
      cycle: p.json<CycleStep[]>().nullable(),
      // Schedule cards (decision 046): the day and night shift times this roster works (none: the settings').
      // The app refuses to delete a card in use; "set null" only lets a project's deletion cascade cleanly.
      dayCard: () => p.manyToOne(ScheduleCard).nullable().deleteRule("set null"),
      nightCard: () => p.manyToOne(ScheduleCard).nullable().deleteRule("set null"),
      startsOn: p.date(),
      endsOn: p.date(),
      status: p.enum(ROSTER_STATUSES).default("draft" satisfies RosterStatus),
      publishedAt: p.datetime().nullable(),
      publishedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    indexes: [
      { properties: ["project", "kind", "startsOn"] },
      { properties: ["project", "status", "startsOn"] },
    ],
  }),
);
export type IRoster = InferEntity<typeof Roster>;

/** One person on one day of a roster. Double bookings are looked for across projects by (person, date). */
export const RosterShift = projectOwned(
  defineEntity({
    name: "RosterShift",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      roster: () => p.manyToOne(Roster).deleteRule("cascade"),
      person: () => p.manyToOne(RosterPerson).deleteRule("cascade"),
      date: p.date(),
      kind: p.enum(SHIFT_KINDS),
    },
    uniques: [{ properties: ["roster", "person", "date"] }],
    indexes: [{ properties: ["person", "date"] }, { properties: ["project", "date"] }],
  }),
);
export type IRosterShift = InferEntity<typeof RosterShift>;

/** A conflict someone chose to live with, and why. Applies while the same breach (its key) stands. */
export const RosterConflictOverride = projectOwned(
  defineEntity({
    name: "RosterConflictOverride",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      roster: () => p.manyToOne(Roster).deleteRule("cascade"),
      conflictKey: p.string().length(300),
      reason: p.text(),
      overriddenBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    uniques: [{ properties: ["roster", "conflictKey"] }],
  }),
);
export type IRosterConflictOverride = InferEntity<typeof RosterConflictOverride>;

/**
 * A camp, motel or house the project puts people up in. Without a project, the company's: shared by every
 * project, managed under /globalSettings/rostering (decision 047).
 */
export const Accommodation = projectOwned(
  defineEntity({
    name: "Accommodation",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
      name: p.string().length(150),
      address: p.string().length(300).nullable(),
      notes: p.text().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "name"] }],
    indexes: [
      // A shared place's name is unique among the shared places (NULL projects never collide in the above).
      {
        name: "accommodation_shared_name_unique",
        expression: `create unique index "accommodation_shared_name_unique" on "accommodation" ("name") where "project_id" is null`,
      },
    ],
  }),
  { sharedWhenNull: true },
);
export type IAccommodation = InferEntity<typeof Accommodation>;

export const AccommodationRoom = projectOwned(
  defineEntity({
    name: "AccommodationRoom",
    properties: {
      id: idProperty(),
      /** Null for a shared place's room, as its place's. */
      project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
      accommodation: () => p.manyToOne(Accommodation).deleteRule("cascade"),
      name: p.string().length(60),
      beds: p.integer(),
    },
    uniques: [{ properties: ["accommodation", "name"] }],
  }),
  { sharedWhenNull: true },
);
export type IAccommodationRoom = InferEntity<typeof AccommodationRoom>;

/** A bed in a room for a person, for the nights from checkIn up to checkOut (the day they leave). */
export const AccommodationBooking = projectOwned(
  defineEntity({
    name: "AccommodationBooking",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      room: () => p.manyToOne(AccommodationRoom).deleteRule("cascade"),
      person: () => p.manyToOne(RosterPerson).deleteRule("cascade"),
      /** The roster whose days it was booked for, when it was. */
      roster: () => p.manyToOne(Roster).nullable().deleteRule("set null"),
      checkIn: p.date(),
      checkOut: p.date(),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["room", "checkIn"] }, { properties: ["project", "checkIn"] }],
  }),
);
export type IAccommodationBooking = InferEntity<typeof AccommodationBooking>;

export const TRAVEL_DIRECTIONS = ["in", "out"] as const;
export type TravelDirection = (typeof TRAVEL_DIRECTIONS)[number];

/** A fly-in fly-out leg of a rostered person: to site before a swing, home after it. */
export const RosterTravel = projectOwned(
  defineEntity({
    name: "RosterTravel",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      roster: () => p.manyToOne(Roster).deleteRule("cascade"),
      person: () => p.manyToOne(RosterPerson).deleteRule("cascade"),
      direction: p.enum(TRAVEL_DIRECTIONS),
      travelOn: p.date(),
      origin: p.string().length(120),
      destination: p.string().length(120),
      /** Flight or bus and its number, as booked. */
      carrier: p.string().length(120).nullable(),
    },
    indexes: [{ properties: ["roster", "travelOn"] }],
  }),
);
export type IRosterTravel = InferEntity<typeof RosterTravel>;

// --- Schedule cards (decision 046) ---

/** A named set of the project's schedule cards ("Civil works", "Tunnel shifts"). */
export const ScheduleCardGroup = projectOwned(
  defineEntity({
    name: "ScheduleCardGroup",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      name: p.string().length(100),
      description: p.text().nullable(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["project", "name"] }],
  }),
);
export type IScheduleCardGroup = InferEntity<typeof ScheduleCardGroup>;

/** A named shift the project works ("Day 12 h"): its kind, start time and hours. A roster chooses one per kind. */
export const ScheduleCard = projectOwned(
  defineEntity({
    name: "ScheduleCard",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      group: () => p.manyToOne(ScheduleCardGroup).deleteRule("cascade"),
      name: p.string().length(100),
      kind: p.enum(SHIFT_KINDS),
      /** "HH:MM", in the project's local time. */
      startTime: p.string().length(5),
      hours: p.integer(),
      createdAt: createdAtProperty(),
      updatedAt: updatedAtProperty(),
    },
    uniques: [{ properties: ["group", "name"] }],
    indexes: [{ properties: ["project", "kind"] }],
  }),
);
export type IScheduleCard = InferEntity<typeof ScheduleCard>;

// --- end schedule cards ---

export const rosteringEntities = [
  RosterPerson,
  RosterTicket,
  RosterCrew,
  RosterCrewMember,
  RosterAllocation,
  Roster,
  RosterShift,
  RosterConflictOverride,
  Accommodation,
  AccommodationRoom,
  AccommodationBooking,
  RosterTravel,
  // Schedule cards (decision 046)
  ScheduleCardGroup,
  ScheduleCard,
];
