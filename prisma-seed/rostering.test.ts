import { describe, expect, it } from "vitest";
import {
  Accommodation,
  AccommodationBooking,
  Roster,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  ScheduleCard,
} from "~/modules/rostering/entities";
import { rosterConflicts } from "~/modules/rostering/server/roster-conflicts.server";
import { scopeToProject } from "~/server/db/project-scope";
import { setupTestDatabase } from "~/tests/setup/database";
import { seedDemoData } from "./demo";

const db = setupTestDatabase();

describe("the demo rostering", () => {
  it("is 40 people in 5 crews over both projects, with a month of rosters and one conflict of each kind", async () => {
    expect(await seedDemoData(db.em)).toBe(true);
    const em = db.em.fork();
    expect(await em.count(RosterPerson, {})).toBe(40);
    expect(await em.count(RosterCrew, {})).toBe(5);
    expect(await em.count(RosterCrewMember, {})).toBe(40);
    // Two groups of a day and a night card; the crew rosters work them.
    expect(await em.count(ScheduleCard, {}, { filters: false })).toBe(4);
    const rosters = await em.find(Roster, {}, { filters: false, populate: ["project"] });
    expect(new Set(rosters.map((roster) => roster.project.name))).toEqual(
      new Set(["Northern Bridge Upgrade", "Western Rail Link"]),
    );
    const found: { roster: string; kind: string }[] = [];
    for (const roster of rosters)
      for (const conflict of await rosterConflicts(scopeToProject(db.em.fork(), roster.project.id), {
        id: roster.id,
        projectId: roster.project.id,
        startsOn: roster.startsOn,
        endsOn: roster.endsOn,
      }))
        found.push({ roster: roster.name, kind: conflict.kind });
    // A double booking is shown on both rosters it joins; every other breach once.
    expect(found.sort((a, b) => a.kind.localeCompare(b.kind) || a.roster.localeCompare(b.roster))).toEqual([
      { roster: "Crew A – deck, 8/6 days", kind: "double_booking" },
      { roster: "Tama Ngata – rail induction", kind: "double_booking" },
      { roster: "Crew A – deck, 8/6 days", kind: "expired_ticket" },
      { roster: "Dan Whitfield – possession shutdown", kind: "fatigue_consecutive" },
      { roster: "Crew B – deck pours, 7/7 nights", kind: "fatigue_rest" },
      { roster: "Leilani Kealoha – signals walk", kind: "fatigue_rest" },
      { roster: "Crew A – deck, 8/6 days", kind: "room_overbooked" },
    ]);
    // The company's shared motel: no project of its own, booked by both projects.
    const [motel] = await em.find(Accommodation, { project: null }, { filters: false });
    expect(motel?.name).toBe("Hunter Valley Motor Inn");
    const bookings = await em.find(
      AccommodationBooking,
      { room: { accommodation: motel.id } },
      { filters: false, populate: ["project"] },
    );
    expect(new Set(bookings.map((booking) => booking.project.name))).toEqual(
      new Set(["Northern Bridge Upgrade", "Western Rail Link"]),
    );
  });
});
