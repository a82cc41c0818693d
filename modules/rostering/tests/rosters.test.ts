import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, OutboxMail } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import {
  Roster,
  RosterConflictOverride,
  RosterCrew,
  RosterCrewMember,
  RosterPerson,
  RosterShift,
  RosterTicket,
} from "../entities";
import * as allocations from "../routes/allocations";
import * as crews from "../routes/crews";
import * as myRoster from "../routes/my-roster";
import * as personnel from "../routes/personnel";
import * as rosterCreate from "../routes/roster-create";
import * as rosterDetail from "../routes/roster-detail";
import * as rosteringHome from "../routes/rostering-home";

const db = setupTestDatabase();

const ROSTER = {
  view: "rostering.roster.view",
  create: "rostering.roster.create",
  edit: "rostering.roster.edit",
  delete: "rostering.roster.delete",
  assign: "rostering.roster.assign",
  reassign: "rostering.roster.reassign",
  publish: "rostering.roster.publish",
  travel: "rostering.roster.edit-travel-allocation",
};

async function english(messages: string[] | null | undefined) {
  const rostering = await serverT("en", "rostering");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : rostering) as never, text),
  );
}

async function site() {
  const project = await createProject(db.em);
  const planner = await signedInMember(db.em, project, Object.values(ROSTER), { name: "Pat Planner" });
  const viewer = await signedInMember(db.em, project, [ROSTER.view], { name: "Vic Viewer" });
  return { project, planner, viewer };
}

async function person(fullName: string, tickets: { name: string; expiresOn: string | null }[] = []) {
  const em = db.em.fork();
  const created = em.create(RosterPerson, {
    fullName,
    email: `${fullName.toLowerCase().replace(/\W+/g, ".")}@crew.test`,
    role: "Rigger",
  } as never);
  for (const ticket of tickets) em.create(RosterTicket, { person: created, ...ticket } as never);
  await em.flush();
  return created;
}

async function crewOf(name: string, members: { id: string }[]) {
  const em = db.em.fork();
  const crew = em.create(RosterCrew, { name, lead: members[0]?.id ?? null } as never);
  for (const member of members) em.create(RosterCrewMember, { crew, person: member.id } as never);
  await em.flush();
  return crew;
}

const createRoster = (cookie: string, form: Record<string, string>) =>
  callAction(rosterCreate, "/rostering/rostering/roster-management/create", { cookie, form });

const post = (cookie: string, rosterId: string, form: Record<string, string>) =>
  callAction(rosterDetail, `/rostering/rostering/roster-management/${rosterId}`, {
    cookie,
    params: { rosterId },
    form,
  });

const open = (cookie: string, rosterId: string) =>
  callLoader(rosterDetail, `/rostering/rostering/roster-management/${rosterId}`, {
    cookie,
    params: { rosterId },
  });

const idOf = (location: string | null) => (location ?? "").split("/").pop() as string;

describe("personnel", () => {
  it("adds a person, refuses bad input with messages and writes nothing, and keeps e-mails unique", async () => {
    const { planner, viewer } = await site();
    const path = "/rostering/rostering/personal-management";
    const bad = await callAction(personnel, path, {
      cookie: planner.cookie,
      form: { intent: "create", fullName: " ", role: "Rigger", email: "not-an-email" },
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.fullName)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.email)).toEqual(["Enter a valid e-mail address"]);
    expect(await db.em.fork().count(RosterPerson, {})).toBe(0);

    const added = await callAction(personnel, path, {
      cookie: planner.cookie,
      form: { intent: "create", fullName: "Hana Rigger", role: "Rigger", email: "Hana@Crew.test" },
    });
    expect(added.status).toBe(302);
    const stored = await db.em.fork().findOneOrFail(RosterPerson, { fullName: "Hana Rigger" });
    expect(stored.email).toBe("hana@crew.test");
    const again = await callAction(personnel, path, {
      cookie: planner.cookie,
      form: { intent: "create", fullName: "Other Hana", role: "Rigger", email: "hana@crew.test" },
    });
    expect(await english(again.data.error.email)).toEqual(["Another person has this e-mail address"]);

    const ticket = await callAction(personnel, path, {
      cookie: planner.cookie,
      form: { intent: "add-ticket", personId: stored.id, ticketName: "White Card", expiresOn: "2027-02-30" },
    });
    expect(await english(ticket.data.error.expiresOn)).toEqual(["Enter a date as YYYY-MM-DD"]);

    const refused = await callAction(personnel, path, {
      cookie: viewer.cookie,
      form: { intent: "create", fullName: "Sneaky", role: "Rigger" },
    });
    expect(refused.status).toBe(403);
    expect(await db.em.fork().count(RosterPerson, {})).toBe(1);
    expect(await db.em.fork().count(ActivityLog, { entityType: "rostering.person", action: "created" })).toBe(
      1,
    );
  });
});

describe("crews and allocations", () => {
  it("saves a crew with its lead among its members, and an allocation whose end is not before its start", async () => {
    const { planner } = await site();
    const [lead, member] = [await person("Lee Lead"), await person("Mo Member")];
    const crew = await callAction(crews, "/rostering/rostering/crew", {
      cookie: planner.cookie,
      form: { intent: "create", name: "Deck crew", leadId: lead.id, memberIds: [member.id] },
    });
    expect(crew.status).toBe(302);
    const saved = await db.em.fork().findOneOrFail(RosterCrew, { name: "Deck crew" });
    expect((await db.em.fork().find(RosterCrewMember, { crew: saved.id })).length).toBe(2);

    const bad = await callAction(allocations, "/rostering/rostering/allocation", {
      cookie: planner.cookie,
      form: {
        intent: "create",
        role: "Riggers",
        peopleNeeded: "0",
        startsOn: "2026-12-10",
        endsOn: "2026-12-01",
        shiftKind: "day",
      },
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.peopleNeeded)).toEqual(["Enter a number from 1 to 500"]);
    expect(await english(bad.data.error.endsOn)).toEqual(["The end is before the start"]);
  });
});

describe("a composition roster", () => {
  it("draws a crew's 8/6 cycle for the period, and refuses a pattern it cannot read", async () => {
    const { planner } = await site();
    const crew = await crewOf("Night crew", [await person("Ana"), await person("Ben")]);
    const unreadable = await createRoster(planner.cookie, {
      kind: "composition",
      name: "Nights",
      crewId: crew.id,
      startsOn: "2026-12-01",
      endsOn: "2026-12-28",
      pattern: "eight on",
      shiftKind: "night",
    });
    expect(unreadable.status).toBe(400);
    expect((await english(unreadable.data.error.pattern))[0]).toMatch(/^Write the pattern/);
    expect(await db.em.fork().count(Roster, {}, { filters: false })).toBe(0);

    const created = await createRoster(planner.cookie, {
      kind: "composition",
      name: "Nights",
      crewId: crew.id,
      startsOn: "2026-12-01",
      endsOn: "2026-12-28",
      pattern: "8/6",
      shiftKind: "night",
    });
    expect(created.status).toBe(302);
    const shifts = await db.em
      .fork()
      .find(RosterShift, { roster: idOf(created.location) }, { filters: false });
    // 28 days of an 8/6 cycle: two swings of 8 nights, for each of the two people.
    expect(shifts.length).toBe(32);
    expect(new Set(shifts.map((shift) => shift.kind))).toEqual(new Set(["night"]));
    const dates = [...new Set(shifts.map((shift) => shift.date))].sort();
    expect(dates[0]).toBe("2026-12-01");
    expect(dates[8]).toBe("2026-12-15");
  });
});

describe("conflicts block publishing until resolved or overridden", () => {
  it("an expired ticket blocks; an override needs a reason; then it publishes; a change takes it back to draft", async () => {
    const { project, planner } = await site();
    const priya = await person("Priya", [{ name: "Working at Heights", expiresOn: "2026-12-03" }]);
    const allocation = await callAction(allocations, "/rostering/rostering/allocation", {
      cookie: planner.cookie,
      form: {
        intent: "create",
        role: "Deck riggers",
        peopleNeeded: "1",
        startsOn: "2026-12-01",
        endsOn: "2026-12-31",
        shiftKind: "day",
        requiredTickets: "Working at Heights",
      },
    });
    expect(allocation.status).toBe(302);
    const allocationId = (
      await db.em
        .fork()
        .execute<{ id: string }[]>("select id from roster_allocation where project_id = ?", [project.id])
    )[0].id;
    const created = await createRoster(planner.cookie, {
      kind: "single",
      name: "Priya – December",
      personId: priya.id,
      allocationId,
      startsOn: "2026-12-01",
      endsOn: "2026-12-06",
      pattern: "6/1",
      shiftKind: "day",
    });
    const rosterId = idOf(created.location);
    const page = await open(planner.cookie, rosterId);
    expect(page.data.conflicts.map((conflict: { kind: string }) => conflict.kind)).toEqual([
      "expired_ticket",
    ]);
    expect(page.data.conflicts[0].date).toBe("2026-12-04");
    expect(page.data.blocking).toBe(1);

    const blocked = await post(planner.cookie, rosterId, { intent: "publish" });
    expect(blocked.status).toBe(409);
    expect(await english(blocked.data.error[""])).toEqual([
      "1 conflict blocks publishing: resolve it or override it with a reason",
    ]);

    const noReason = await post(planner.cookie, rosterId, {
      intent: "override",
      conflictKey: page.data.conflicts[0].key,
      reason: "  ",
    });
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.reason)).toEqual(["This field is required"]);
    expect(await db.em.fork().count(RosterConflictOverride, {}, { filters: false })).toBe(0);

    await post(planner.cookie, rosterId, {
      intent: "override",
      conflictKey: page.data.conflicts[0].key,
      reason: "Renewal course booked for the 3rd; card sighted by the supervisor",
    });
    const published = await post(planner.cookie, rosterId, { intent: "publish" });
    expect(published.status).toBe(302);
    const scoped = scopeToProject(db.em.fork(), project.id);
    expect((await scoped.findOneOrFail(Roster, { id: rosterId })).status).toBe("published");

    // Taking the 4th off resolves the breach on that day but the 5th still breaks it: a new key, still open.
    await post(planner.cookie, rosterId, {
      intent: "set-shift",
      personId: priya.id,
      date: "2026-12-04",
      kind: "off",
    });
    expect(
      (await scopeToProject(db.em.fork(), project.id).findOneOrFail(Roster, { id: rosterId })).status,
    ).toBe("draft");
    const after = await open(planner.cookie, rosterId);
    expect(after.data.conflicts).toHaveLength(1);
    expect(after.data.conflicts[0].date).toBe("2026-12-05");
    expect(after.data.conflicts[0].override).toBeNull();

    const outside = await post(planner.cookie, rosterId, {
      intent: "set-shift",
      personId: priya.id,
      date: "2026-12-20",
      kind: "day",
    });
    expect(await english(outside.data.error.date)).toEqual(["This day is outside the roster"]);
  });

  it("sees a double booking on another project, and a short rest after a night shift", async () => {
    const { planner } = await site();
    const other = await createProject(db.em, { name: "Western Rail Link" });
    const otherPlanner = await signedInMember(db.em, other, Object.values(ROSTER), { name: "Ola Other" });
    const tama = await person("Tama");
    const here = await createRoster(planner.cookie, {
      kind: "single",
      name: "Tama – bridge",
      personId: tama.id,
      startsOn: "2026-12-01",
      endsOn: "2026-12-05",
      pattern: "5/2",
      shiftKind: "day",
    });
    expect((await open(planner.cookie, idOf(here.location))).data.conflicts).toEqual([]);
    const there = await createRoster(otherPlanner.cookie, {
      kind: "single",
      name: "Tama – rail",
      personId: tama.id,
      startsOn: "2026-12-03",
      endsOn: "2026-12-03",
      pattern: "1/1",
      shiftKind: "day",
    });
    const bridgePage = await open(planner.cookie, idOf(here.location));
    expect(bridgePage.data.conflicts.map((c: { kind: string; date: string }) => [c.kind, c.date])).toEqual([
      ["double_booking", "2026-12-03"],
    ]);
    // The message names the other project, so the planner knows whom to call.
    expect(await english([bridgePage.data.conflicts[0].message])).toEqual([
      "Also rostered for a day shift on 2026-12-03 on a roster of Western Rail Link",
    ]);
    const railPage = await open(otherPlanner.cookie, idOf(there.location));
    expect(railPage.data.conflicts.map((c: { kind: string }) => c.kind)).toEqual(["double_booking"]);
    // The other project's roster is not this project's to open.
    const foreign = await open(planner.cookie, idOf(there.location));
    expect(foreign.status).toBe(404);

    const night = await createRoster(planner.cookie, {
      kind: "single",
      name: "Tama – one night",
      personId: tama.id,
      startsOn: "2026-12-06",
      endsOn: "2026-12-06",
      pattern: "1/1",
      shiftKind: "night",
    });
    // The night of the 6th ends at 06:00 on the 7th; a day shift that morning has no rest.
    const morning = await createRoster(planner.cookie, {
      kind: "single",
      name: "Tama – morning",
      personId: tama.id,
      startsOn: "2026-12-07",
      endsOn: "2026-12-07",
      pattern: "1/1",
      shiftKind: "day",
    });
    const kinds = (await open(planner.cookie, idOf(morning.location))).data.conflicts.map(
      (c: { kind: string }) => c.kind,
    );
    expect(kinds).toContain("fatigue_rest");
    expect(night.status).toBe(302);
  });
});

describe("the phone roster link", () => {
  it("shows the person's published shifts only, ends the old link when a new one is sent, and mails it", async () => {
    const { project, planner, viewer } = await site();
    const ana = await person("Ana Phone");
    const created = await createRoster(planner.cookie, {
      kind: "single",
      name: "Ana – far future",
      personId: ana.id,
      startsOn: "2099-01-05",
      endsOn: "2099-01-09",
      pattern: "5/2",
      shiftKind: "day",
    });
    const rosterId = idOf(created.location);
    const refused = await post(viewer.cookie, rosterId, { intent: "send-link", personId: ana.id });
    expect(refused.status).toBe(403);
    const first = await post(planner.cookie, rosterId, { intent: "send-link", personId: ana.id });
    expect(first.status).toBe(200);
    expect(first.data.mailed).toBe(true);
    expect(await db.em.fork().count(OutboxMail, { to: "ana.phone@crew.test" })).toBe(1);
    const token = (first.data.link as string).split("/").pop() as string;
    const path = (value: string) => `/rostering/my-roster/${value}`;

    const draft = await callLoader(myRoster, path(token), { params: { token } });
    expect(draft.data.roster.person.name).toBe("Ana Phone");
    expect(draft.data.roster.shifts).toEqual([]);

    await post(planner.cookie, rosterId, { intent: "publish" });
    const published = await callLoader(myRoster, path(token), { params: { token } });
    expect(published.data.roster.shifts.map((shift: { date: string }) => shift.date)).toEqual([
      "2099-01-05",
      "2099-01-06",
      "2099-01-07",
      "2099-01-08",
      "2099-01-09",
    ]);
    expect(published.data.roster.shifts[0]).toMatchObject({
      start: "06:00",
      hours: 12,
      project: project.name,
    });

    const second = await post(planner.cookie, rosterId, { intent: "send-link", personId: ana.id });
    const newToken = (second.data.link as string).split("/").pop() as string;
    expect((await callLoader(myRoster, path(token), { params: { token } })).data.roster).toBeNull();
    expect(
      (await callLoader(myRoster, path(newToken), { params: { token: newToken } })).data.roster,
    ).not.toBeNull();
  });
});

describe("the rostering home", () => {
  it("counts who is on site this week and the unfilled allocations", async () => {
    const { project, planner } = await site();
    const today = new Date().toISOString().slice(0, 10);
    await callAction(allocations, "/rostering/rostering/allocation", {
      cookie: planner.cookie,
      form: {
        intent: "create",
        role: "Concreters",
        peopleNeeded: "4",
        startsOn: today,
        endsOn: "2099-12-31",
        shiftKind: "day",
      },
    });
    const home = await callLoader(rosteringHome, "/rostering/rostering/home", { cookie: planner.cookie });
    expect(home.status).toBe(200);
    expect(home.data.unfilled.map((row: { role: string }) => row.role)).toEqual(["Concreters"]);
    expect(home.data.onSite).toEqual([]);
    expect(project.id).toBeTruthy();
  });
});
