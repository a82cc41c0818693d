import type { EntityManager } from "@mikro-orm/postgresql";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { signedInMember } from "~/tests/setup/requests";
import {
  Accommodation,
  AccommodationBooking,
  AccommodationRoom,
  type IAccommodation,
  type IAccommodationRoom,
  type IRoster,
  type IRosterPerson,
  Roster,
  RosterPerson,
  RosterShift,
} from "../entities";

/** Accommodation and travel tests' people and records. */

export const ACCOMMODATION = {
  view: "rostering.accommodation.view",
  create: "rostering.accommodation.create",
  edit: "rostering.accommodation.edit",
  delete: "rostering.accommodation.delete",
} as const;

/** A manager with every accommodation right, a viewer, and a member with no rostering right at all. */
export async function accommodationSite(em: EntityManager, project: IProject) {
  const manager = await signedInMember(em, project, Object.values(ACCOMMODATION), { name: "Mia Manager" });
  const viewer = await signedInMember(em, project, [ACCOMMODATION.view], { name: "Vic Viewer" });
  const stranger = await signedInMember(em, project, ["rostering.roster.view"], { name: "Sam Stranger" });
  return { manager, viewer, stranger };
}

let people = 0;
export async function makePerson(
  em: EntityManager,
  overrides: Partial<Pick<IRosterPerson, "fullName" | "homeLocation" | "role">> = {},
): Promise<IRosterPerson> {
  people += 1;
  const person = em.create(RosterPerson, {
    fullName: `Person ${people}`,
    role: "Rigger",
    email: null,
    homeLocation: null,
    ...overrides,
  } as never) as IRosterPerson;
  await em.flush();
  return person;
}

export async function makePlace(
  em: EntityManager,
  project: IProject,
  name: string,
  rooms: { name: string; beds: number }[] = [],
): Promise<{ place: IAccommodation; rooms: IAccommodationRoom[] }> {
  const scoped = scopeToProject(em, project.id);
  const place = scoped.create(Accommodation, { project, name } as never) as IAccommodation;
  const made = rooms.map(
    (room) =>
      scoped.create(AccommodationRoom, {
        project,
        accommodation: place,
        ...room,
      } as never) as IAccommodationRoom,
  );
  await scoped.flush();
  return { place, rooms: made };
}

export async function makeBooking(
  em: EntityManager,
  project: IProject,
  room: IAccommodationRoom,
  person: IRosterPerson,
  checkIn: string,
  checkOut: string,
) {
  const scoped = scopeToProject(em, project.id);
  scoped.create(AccommodationBooking, { project, room, person, checkIn, checkOut } as never);
  await scoped.flush();
}

/** A roster with each person's shifts on the given days. */
export async function makeRoster(
  em: EntityManager,
  project: IProject,
  shifts: { person: IRosterPerson; days: string[] }[],
  name = "Shutdown swing",
): Promise<IRoster> {
  const scoped = scopeToProject(em, project.id);
  const days = shifts.flatMap((shift) => shift.days).sort();
  const roster = scoped.create(Roster, {
    project,
    kind: "composition",
    name,
    startsOn: days[0] ?? "2026-12-01",
    endsOn: days.at(-1) ?? "2026-12-01",
  } as never) as IRoster;
  for (const shift of shifts)
    for (const date of shift.days)
      scoped.create(RosterShift, { project, roster, person: shift.person, date, kind: "day" } as never);
  await scoped.flush();
  return roster;
}
