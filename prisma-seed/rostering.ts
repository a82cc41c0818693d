import type { EntityManager } from "@mikro-orm/postgresql";
import { addDays, weekStart } from "~/modules/rostering/domain/days";
import { expandCycle } from "~/modules/rostering/domain/roster-pattern";
import type { CycleStep, ShiftKind } from "~/modules/rostering/domain/types";
import {
  Accommodation,
  AccommodationBooking,
  AccommodationRoom,
  type IRosterPerson,
  Roster,
  RosterAllocation,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  RosterShift,
  RosterTicket,
  ScheduleCard,
  ScheduleCardGroup,
} from "~/modules/rostering/entities";
import type { ICompany, IProject, IUser } from "~/server/db/entities";

/**
 * The rostering demo (issue #17): 40 people in 5 crews over both projects, allocations, a month of rosters
 * from the Monday of last week, the bridge's camp with bookings, and one deliberate conflict of each kind so
 * the roster screens have something to resolve:
 * - double booking: Tama Ngata (bridge crew A, days) is also on the rail's single roster on one of those days;
 * - expired ticket: Priya Nair's Working at Heights card expires before crew A's later days on the bridge;
 * - fatigue, consecutive shifts: Dan Whitfield's single shutdown roster is 14 days straight (limit 12);
 * - fatigue, rest: Leilani Kealoha ends her week of nights on bridge crew B, then works the rail's day shift
 *   that same morning;
 * - room overbooked: room 3 of the bridge camp (2 beds) has three people for four nights.
 * Schedule cards (decision 046): the bridge's "Civil works" and the rail's "Track possessions" groups, each with
 * a day and a night card, on the crew rosters and Tama's and Leilani's rail days; Dan's shutdown keeps the
 * settings' times. The cards keep every deliberate conflict above: the rail's 07:00 to 17:00 day still overlaps
 * the bridge's 06:00 to 18:00, and starts an hour after a bridge night ends.
 * The company's shared motel (no project) has bookings of both projects, within its beds.
 * Dates are relative to the day the demo is seeded (UTC).
 */

const CREWS: { name: string; trade: string; people: [string, string][] }[] = [
  {
    name: "Bridge Crew A (days)",
    trade: "bridge",
    people: [
      ["Tama Ngata", "Leading hand"],
      ["Priya Nair", "Rigger"],
      ["Sione Taufa", "Rigger"],
      ["Maria Lopez", "Concreter"],
      ["Jack O'Brien", "Steel fixer"],
      ["Hannah Kim", "Crane operator"],
      ["Mohammed Aziz", "Labourer"],
      ["Grace Walker", "Steel fixer"],
    ],
  },
  {
    name: "Bridge Crew B (nights)",
    trade: "bridge",
    people: [
      ["Leilani Kealoha", "Leading hand"],
      ["Ben Carter", "Concreter"],
      ["Ana Silva", "Concreter"],
      ["Tom Nguyen", "Rigger"],
      ["Ella Brown", "Labourer"],
      ["Raj Patel", "Crane operator"],
      ["Chloe Martin", "Steel fixer"],
      ["Luke Harris", "Labourer"],
    ],
  },
  {
    name: "Rail Crew C (track)",
    trade: "rail",
    people: [
      ["Dan Whitfield", "Track supervisor"],
      ["Noah Wilson", "Track worker"],
      ["Olivia Taylor", "Track worker"],
      ["Ethan Lee", "Welder"],
      ["Mia Anderson", "Track worker"],
      ["Lucas White", "Plant operator"],
      ["Zoe Thompson", "Protection officer"],
      ["James Clark", "Track worker"],
    ],
  },
  {
    name: "Rail Crew D (signals)",
    trade: "rail",
    people: [
      ["Aisha Rahman", "Signals supervisor"],
      ["William Scott", "Electrician"],
      ["Sophie Young", "Electrician"],
      ["Henry King", "Cable jointer"],
      ["Isla Wright", "Labourer"],
      ["Oscar Green", "Electrician"],
      ["Ruby Hall", "Protection officer"],
      ["Leo Adams", "Labourer"],
    ],
  },
  {
    name: "Formwork Crew E",
    trade: "bridge",
    people: [
      ["Mateo Rossi", "Formworker"],
      ["Amelia Baker", "Formworker"],
      ["Jacob Turner", "Carpenter"],
      ["Charlotte Hill", "Formworker"],
      ["Samuel Moore", "Labourer"],
      ["Harper Lewis", "Carpenter"],
      ["Daniel Evans", "Formworker"],
      ["Emily Roberts", "Leading hand"],
    ],
  },
];

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@crew.example.com`;

export async function seedRosteringDemo(
  em: EntityManager,
  input: { bridge: IProject; rail: IProject; contractor: ICompany; subcontractor: ICompany; by: IUser },
) {
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(weekStart(today), -7);
  const to = addDays(from, 27);
  const people = new Map<string, IRosterPerson>();
  const crews: { name: string; members: IRosterPerson[]; record: unknown }[] = [];
  for (const crew of CREWS) {
    const members = crew.people.map(([fullName, role]) => {
      const person = em.create(RosterPerson, {
        fullName,
        email: emailOf(fullName),
        role,
        company: crew.name.startsWith("Formwork") ? input.subcontractor : input.contractor,
        homeLocation: crew.trade === "rail" ? "Dubbo NSW" : "Newcastle NSW",
      } as never) as IRosterPerson;
      people.set(fullName, person);
      em.create(RosterTicket, { person, name: "White Card", expiresOn: null } as never);
      // Everyone's Working at Heights is current for the month, but Priya's: it lapses mid-roster.
      em.create(RosterTicket, {
        person,
        name: "Working at Heights",
        expiresOn: fullName === "Priya Nair" ? addDays(from, 10) : addDays(today, 300),
      } as never);
      return person;
    });
    const record = em.create(RosterCrew, { name: crew.name, lead: members[0] } as never);
    for (const person of members) em.create(RosterCrewMember, { crew: record, person } as never);
    crews.push({ name: crew.name, members, record });
  }
  const person = (name: string) => people.get(name) as IRosterPerson;

  const allocation = (
    project: IProject,
    role: string,
    needed: number,
    shiftKind: ShiftKind,
    tickets: string[],
  ) =>
    em.create(RosterAllocation, {
      project,
      role,
      peopleNeeded: needed,
      startsOn: from,
      endsOn: to,
      shiftKind,
      requiredTickets: tickets,
      notes: null,
    } as never);
  const bridgeDays = allocation(input.bridge, "Deck crew (days)", 8, "day", [
    "White Card",
    "Working at Heights",
  ]);
  const bridgeNights = allocation(input.bridge, "Deck pour crew (nights)", 8, "night", ["White Card"]);
  const formwork = allocation(input.bridge, "Formwork", 10, "day", ["White Card"]);
  const track = allocation(input.rail, "Track renewal", 8, "day", ["White Card"]);
  const signals = allocation(input.rail, "Signals cut-over", 6, "night", ["White Card"]);

  // Schedule cards (decision 046): two groups, a day and a night card each.
  const cardGroup = (project: IProject, name: string, description: string) =>
    em.create(ScheduleCardGroup, { project, name, description } as never);
  const card = (
    project: IProject,
    group: unknown,
    name: string,
    kind: ShiftKind,
    startTime: string,
    hours: number,
  ) => em.create(ScheduleCard, { project, group, name, kind, startTime, hours } as never);
  const civil = cardGroup(input.bridge, "Civil works", "Deck and formwork crews.");
  const bridgeCards = {
    dayCard: card(input.bridge, civil, "Day 12 h", "day", "06:00", 12),
    nightCard: card(input.bridge, civil, "Night 12 h", "night", "18:00", 12),
  };
  const possessions = cardGroup(
    input.rail,
    "Track possessions",
    "Track and signals crews on possession shifts.",
  );
  const railCards = {
    dayCard: card(input.rail, possessions, "Day 10 h", "day", "07:00", 10),
    nightCard: card(input.rail, possessions, "Night 10 h", "night", "20:00", 10),
  };

  const roster = (
    project: IProject,
    values: {
      name: string;
      kind: "single" | "composition";
      cycle: CycleStep[];
      status: "draft" | "published";
      cards?: { dayCard: unknown; nightCard: unknown };
    },
    who: { crew?: unknown; person?: IRosterPerson },
    allocationRef: unknown,
    members: IRosterPerson[],
    period = { startsOn: from, endsOn: to },
  ) => {
    const record = em.create(Roster, {
      project,
      kind: values.kind,
      name: values.name,
      person: who.person ?? null,
      crew: who.crew ?? null,
      allocation: allocationRef,
      cycle: values.cycle,
      dayCard: values.cards?.dayCard ?? null,
      nightCard: values.cards?.nightCard ?? null,
      ...period,
      status: values.status,
      publishedAt: values.status === "published" ? new Date() : null,
      publishedBy: values.status === "published" ? input.by : null,
      createdBy: input.by,
    } as never);
    const days = expandCycle({
      cycle: values.cycle,
      anchor: period.startsOn,
      from: period.startsOn,
      to: period.endsOn,
    });
    for (const member of members)
      for (const day of days)
        em.create(RosterShift, {
          project,
          roster: record,
          person: member,
          date: day.date,
          kind: day.kind,
        } as never);
    return record;
  };
  const crewNamed = (name: string) => crews.find((crew) => crew.name === name) as (typeof crews)[number];

  // Bridge crew A: 8 days on, 6 off, the deck crew (needs Working at Heights): Priya's card lapses on day 11.
  const crewA = crewNamed("Bridge Crew A (days)");
  roster(
    input.bridge,
    {
      name: "Crew A – deck, 8/6 days",
      kind: "composition",
      cycle: [
        { kind: "day", days: 8 },
        { kind: "off", days: 6 },
      ],
      status: "draft",
      cards: bridgeCards,
    },
    { crew: crewA.record },
    bridgeDays,
    crewA.members,
  );
  // Bridge crew B: seven nights on, seven off, published.
  const crewB = crewNamed("Bridge Crew B (nights)");
  roster(
    input.bridge,
    {
      name: "Crew B – deck pours, 7/7 nights",
      kind: "composition",
      cycle: [
        { kind: "night", days: 7 },
        { kind: "off", days: 7 },
      ],
      status: "published",
      cards: bridgeCards,
    },
    { crew: crewB.record },
    bridgeNights,
    crewB.members,
  );
  // Formwork crew E: 10 days on, 4 off, published.
  roster(
    input.bridge,
    {
      name: "Crew E – formwork, 10/4",
      kind: "composition",
      cycle: [
        { kind: "day", days: 10 },
        { kind: "off", days: 4 },
      ],
      status: "published",
      cards: bridgeCards,
    },
    { crew: crewNamed("Formwork Crew E").record },
    formwork,
    crewNamed("Formwork Crew E").members,
  );
  // Rail crew C: 8/6 days on the track renewal, published (its supervisor is on his own shutdown roster).
  const crewC = crewNamed("Rail Crew C (track)");
  roster(
    input.rail,
    {
      name: "Crew C – track renewal, 8/6",
      kind: "composition",
      cycle: [
        { kind: "day", days: 8 },
        { kind: "off", days: 6 },
      ],
      status: "published",
      cards: railCards,
    },
    { crew: crewC.record },
    track,
    crewC.members.filter((member) => member.fullName !== "Dan Whitfield"),
  );
  // Rail crew D: signals cut-over weekends, four nights on and three off, published.
  const crewD = crewNamed("Rail Crew D (signals)");
  roster(
    input.rail,
    {
      name: "Crew D – signals cut-over, 4/3 nights",
      kind: "composition",
      cycle: [
        { kind: "night", days: 4 },
        { kind: "off", days: 3 },
      ],
      status: "published",
      cards: railCards,
    },
    { crew: crewD.record },
    signals,
    crewD.members,
  );
  // Dan Whitfield's shutdown: fourteen days straight on the rail (the fatigue limit is twelve).
  roster(
    input.rail,
    {
      name: "Dan Whitfield – possession shutdown",
      kind: "single",
      cycle: [
        { kind: "day", days: 14 },
        { kind: "off", days: 14 },
      ],
      status: "draft",
    },
    { person: person("Dan Whitfield") },
    track,
    [person("Dan Whitfield")],
  );
  // Tama Ngata lent to the rail for a day he is rostered on the bridge: a double booking.
  roster(
    input.rail,
    {
      name: "Tama Ngata – rail induction",
      kind: "single",
      cycle: [
        { kind: "day", days: 1 },
        { kind: "off", days: 1 },
      ],
      status: "draft",
      cards: railCards,
    },
    { person: person("Tama Ngata") },
    null,
    [person("Tama Ngata")],
    { startsOn: addDays(from, 2), endsOn: addDays(from, 2) },
  );
  // Leilani Kealoha: off her last bridge night at 06:00 and on the rail's day shift at 06:00 (no rest).
  roster(
    input.rail,
    {
      name: "Leilani Kealoha – signals walk",
      kind: "single",
      cycle: [
        { kind: "day", days: 1 },
        { kind: "off", days: 1 },
      ],
      status: "draft",
      cards: railCards,
    },
    { person: person("Leilani Kealoha") },
    null,
    [person("Leilani Kealoha")],
    { startsOn: addDays(from, 7), endsOn: addDays(from, 7) },
  );

  // The bridge camp: four rooms; crew A's leading hand and riggers share room 3 (two beds) for four nights.
  const camp = em.create(Accommodation, {
    project: input.bridge,
    name: "Riverside workers' camp",
    address: "12 River Road, Hexham NSW 2322",
    notes: "Meals in the mess from 5 am.",
  } as never);
  const rooms = [1, 2, 3, 4].map((number) =>
    em.create(AccommodationRoom, {
      project: input.bridge,
      accommodation: camp,
      name: `Room ${number}`,
      beds: number === 4 ? 4 : 2,
    } as never),
  );
  const book = (room: unknown, who: IRosterPerson, checkIn: string, nights: number) =>
    em.create(AccommodationBooking, {
      project: input.bridge,
      room,
      person: who,
      checkIn,
      checkOut: addDays(checkIn, nights),
    } as never);
  book(rooms[0], person("Maria Lopez"), from, 8);
  book(rooms[0], person("Jack O'Brien"), from, 8);
  book(rooms[1], person("Hannah Kim"), from, 8);
  book(rooms[2], person("Tama Ngata"), from, 4);
  book(rooms[2], person("Priya Nair"), from, 4);
  book(rooms[2], person("Sione Taufa"), from, 4);
  book(rooms[3], person("Ben Carter"), from, 7);
  book(rooms[3], person("Ana Silva"), from, 7);

  // A motel the company shares (no project, decision 047): both projects book its rooms, none overbooked.
  const motel = em.create(Accommodation, {
    project: null,
    name: "Hunter Valley Motor Inn",
    address: "88 New England Highway, Maitland NSW 2320",
    notes: "Company rate; shared by every project.",
  } as never);
  const motelRooms = ["Unit 1", "Unit 2"].map((name) =>
    em.create(AccommodationRoom, { project: null, accommodation: motel, name, beds: 2 } as never),
  );
  const bookShared = (
    project: IProject,
    room: unknown,
    who: IRosterPerson,
    checkIn: string,
    nights: number,
  ) =>
    em.create(AccommodationBooking, {
      project,
      room,
      person: who,
      checkIn,
      checkOut: addDays(checkIn, nights),
    } as never);
  bookShared(input.bridge, motelRooms[0], person("Mohammed Aziz"), from, 6);
  bookShared(input.bridge, motelRooms[0], person("Grace Walker"), from, 6);
  bookShared(input.rail, motelRooms[1], person("Noah Wilson"), from, 5);
  bookShared(input.rail, motelRooms[1], person("Olivia Taylor"), from, 5);
  bookShared(input.rail, motelRooms[0], person("Ethan Lee"), addDays(from, 6), 3);
  await em.flush();
}
