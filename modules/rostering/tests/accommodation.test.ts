import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { shiftDay } from "../domain/accommodation-nights";
import { Accommodation, AccommodationBooking, AccommodationRoom } from "../entities";
import * as createRoute from "../routes/accommodation-create";
import * as detailRoute from "../routes/accommodation-detail";
import * as editRoute from "../routes/accommodation-edit";
import * as listRoute from "../routes/accommodation-list";
import { bookRoomsForRoster } from "../server/accommodation.server";
import { bookRosterRooms, rosterRoomChoices } from "../server/accommodation-roster.server";
import { accommodationSite, makeBooking, makePerson, makePlace, makeRoster } from "./accommodation-fixtures";

const db = setupTestDatabase();
const BASE = "/rostering/rostering/accommodation-management";

async function english(messages: string[] | null | undefined) {
  const rostering = await serverT("en", "rostering");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : rostering) as never, text),
  );
}

const placesOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(Accommodation, {}, { orderBy: { name: "asc" } });
const bookingsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(
    AccommodationBooking,
    {},
    { orderBy: { checkIn: "asc" }, populate: ["person"] },
  );

/** The guard's answer to a page the member's role does not grant: the forbidden page. */
const forbidden = (result: { status: number; location: string | null }) =>
  expect([result.status, result.location]).toEqual([302, "/forbidden"]);

const post = (cookie: string, placeId: string, form: Record<string, string>) =>
  callAction(detailRoute, `${BASE}/${placeId}`, { cookie, params: { accommodationId: placeId }, form });

describe("who may see and change accommodation", () => {
  it("refuses every page and intent to a member without its permission, loader and action", async () => {
    const project = await createProject(db.em);
    const { viewer, stranger } = await accommodationSite(db.em, project);
    const { place, rooms } = await makePlace(db.em, project, "Camp A", [{ name: "A1", beds: 2 }]);
    const person = await makePerson(db.em);
    const params = { accommodationId: place.id };
    // No accommodation.view: neither the list nor a place.
    forbidden(await callLoader(listRoute, BASE, { cookie: stranger.cookie }));
    forbidden(await callLoader(detailRoute, `${BASE}/${place.id}`, { cookie: stranger.cookie, params }));
    forbidden(await post(stranger.cookie, place.id, { intent: "add-room", name: "A2", beds: "1" }));
    // The viewer sees them, and may change nothing.
    expect((await callLoader(listRoute, BASE, { cookie: viewer.cookie })).status).toBe(200);
    const seen = await callLoader(detailRoute, `${BASE}/${place.id}`, { cookie: viewer.cookie, params });
    expect(seen.status).toBe(200);
    expect(seen.data.detail.can).toEqual({ edit: false, delete: false, book: false });
    forbidden(await callLoader(createRoute, `${BASE}/create`, { cookie: viewer.cookie }));
    forbidden(
      await callAction(createRoute, `${BASE}/create`, { cookie: viewer.cookie, form: { name: "Camp B" } }),
    );
    forbidden(await callLoader(editRoute, `${BASE}/${place.id}/edit`, { cookie: viewer.cookie, params }));
    forbidden(
      await callAction(editRoute, `${BASE}/${place.id}/edit`, {
        cookie: viewer.cookie,
        params,
        form: { name: "X" },
      }),
    );
    const intents: Record<string, string>[] = [
      { intent: "add-room", name: "A2", beds: "1" },
      { intent: "remove-room", roomId: rooms[0].id, confirmed: "on" },
      {
        intent: "book",
        roomId: rooms[0].id,
        personId: person.id,
        checkIn: "2026-12-01",
        checkOut: "2026-12-02",
      },
      { intent: "cancel-booking", bookingId: rooms[0].id, confirmed: "on" },
      { intent: "delete", confirmed: "on" },
    ];
    for (const form of intents) expect((await post(viewer.cookie, place.id, form)).status).toBe(403);
    // Edit without delete: the place stays.
    const editor = await signedInMember(db.em, project, [
      "rostering.accommodation.view",
      "rostering.accommodation.edit",
    ]);
    expect((await post(editor.cookie, place.id, { intent: "delete", confirmed: "on" })).status).toBe(403);
    expect((await placesOf(project)).map((row) => row.name)).toEqual(["Camp A"]);
    expect(await scopeToProject(db.em.fork(), project.id).count(AccommodationRoom, {})).toBe(1);
  });

  it("does not find another project's place (404), on its page, its edit page and its actions", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    const { place } = await makePlace(db.em, other, "Their camp", [{ name: "T1", beds: 1 }]);
    const params = { accommodationId: place.id };
    expect(
      (await callLoader(detailRoute, `${BASE}/${place.id}`, { cookie: manager.cookie, params })).status,
    ).toBe(404);
    expect(
      (await callLoader(editRoute, `${BASE}/${place.id}/edit`, { cookie: manager.cookie, params })).status,
    ).toBe(404);
    expect((await post(manager.cookie, place.id, { intent: "delete", confirmed: "on" })).status).toBe(404);
    expect((await placesOf(other)).length).toBe(1);
    const list = await callLoader(listRoute, BASE, { cookie: manager.cookie });
    expect(list.data.list.rows).toEqual([]);
  });
});

describe("adding and editing a place", () => {
  it("refuses a blank or taken name with clear messages and writes nothing; creates and edits with activity", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    await makePlace(db.em, other, "Hilltop Camp");
    const { manager } = await accommodationSite(db.em, project);
    const blank = await callAction(createRoute, `${BASE}/create`, {
      cookie: manager.cookie,
      form: { name: "  " },
    });
    expect(blank.status).toBe(400);
    expect(await english(blank.data.error.name)).toEqual(["This field is required"]);
    const long = await callAction(createRoute, `${BASE}/create`, {
      cookie: manager.cookie,
      form: { name: "Camp", address: "x".repeat(301) },
    });
    expect(long.status).toBe(400);
    expect(await english(long.data.error.address)).toEqual(["Maximum 300 characters"]);
    expect(await placesOf(project)).toEqual([]);

    // The same name on another project is fine.
    const created = await callAction(createRoute, `${BASE}/create`, {
      cookie: manager.cookie,
      form: { name: "Hilltop Camp", address: "1 Ridge Rd", notes: "Key at the gate" },
    });
    expect(created.status).toBe(302);
    const [place] = await placesOf(project);
    expect(place).toMatchObject({ name: "Hilltop Camp", address: "1 Ridge Rd", notes: "Key at the gate" });
    expect(created.location).toBe(`${BASE}/${place.id}`);
    const taken = await callAction(createRoute, `${BASE}/create`, {
      cookie: manager.cookie,
      form: { name: "hilltop camp " },
    });
    expect(taken.status).toBe(400);
    expect(await english(taken.data.error.name)).toEqual([
      "Another accommodation of this project already has this name",
    ]);

    const params = { accommodationId: place.id };
    const createHtml = await renderRouteHtml({
      route: createRoute,
      path: `${BASE}/create`,
      url: `${BASE}/create`,
      loaderData: null,
      actionData: taken.data,
    });
    expect(createHtml).toContain("Another accommodation of this project already has this name");
    const form = await callLoader(editRoute, `${BASE}/${place.id}/edit`, { cookie: manager.cookie, params });
    expect(form.data.values).toEqual({
      name: "Hilltop Camp",
      address: "1 Ridge Rd",
      notes: "Key at the gate",
    });
    // Its own name is not "taken".
    const edited = await callAction(editRoute, `${BASE}/${place.id}/edit`, {
      cookie: manager.cookie,
      params,
      form: { name: "Hilltop Camp", address: "2 Ridge Rd" },
    });
    expect(edited.status).toBe(302);
    const entries = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "rostering-accommodation", entityId: place.id },
        { orderBy: { createdAt: "asc" } },
      );
    expect(entries.map((entry) => entry.action)).toEqual(["created", "updated"]);
    expect(entries[1].after).toEqual({ address: "2 Ridge Rd", notes: "" });
  });

  it("deletes a place with its rooms and bookings only with 'I am sure'", async () => {
    const project = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    const { place, rooms } = await makePlace(db.em, project, "Motel", [{ name: "1", beds: 1 }]);
    await makeBooking(db.em, project, rooms[0], await makePerson(db.em), "2026-12-01", "2026-12-03");
    const unsure = await post(manager.cookie, place.id, { intent: "delete" });
    expect(unsure.status).toBe(400);
    expect(await english(unsure.data.error.confirmed)).toEqual(['Tick "I am sure" to go on']);
    expect((await placesOf(project)).length).toBe(1);
    const deleted = await post(manager.cookie, place.id, { intent: "delete", confirmed: "on" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe(BASE);
    expect(await placesOf(project)).toEqual([]);
    expect(await bookingsOf(project)).toEqual([]);
    const [entry] = await db.em
      .fork()
      .find(ActivityLog, { entityType: "rostering-accommodation", action: "deleted" });
    expect(entry.before).toEqual({ name: "Motel", bookings: 1 });
  });
});

describe("rooms and bookings", () => {
  it("checks rooms (name unique in the place, 1 to 50 beds) and keeps a room that has bookings", async () => {
    const project = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    const { place } = await makePlace(db.em, project, "Camp", [{ name: "A1", beds: 2 }]);
    for (const beds of ["0", "51", "two"]) {
      const bad = await post(manager.cookie, place.id, { intent: "add-room", name: "A2", beds });
      expect(bad.status).toBe(400);
      expect(await english(bad.data.error.beds)).toEqual(["Enter a number of beds from 1 to 50"]);
    }
    const twice = await post(manager.cookie, place.id, { intent: "add-room", name: "a1", beds: "1" });
    expect(await english(twice.data.error.name)).toEqual(["This place already has a room with this name"]);
    expect(
      (await post(manager.cookie, place.id, { intent: "add-room", name: "A2", beds: "50" })).status,
    ).toBe(302);
    const rooms = await scopeToProject(db.em.fork(), project.id).find(
      AccommodationRoom,
      {},
      { orderBy: { name: "asc" } },
    );
    expect(rooms.map((room) => [room.name, room.beds])).toEqual([
      ["A1", 2],
      ["A2", 50],
    ]);
    await makeBooking(db.em, project, rooms[0], await makePerson(db.em), "2026-12-01", "2026-12-02");
    const kept = await post(manager.cookie, place.id, {
      intent: "remove-room",
      roomId: rooms[0].id,
      confirmed: "on",
    });
    expect(kept.status).toBe(409);
    expect(await english(kept.data.error[""])).toEqual([
      "Room A1 has 1 booking: cancel it before removing the room",
    ]);
    const removed = await post(manager.cookie, place.id, {
      intent: "remove-room",
      roomId: rooms[1].id,
      confirmed: "on",
    });
    expect(removed.status).toBe(302);
    expect(await scopeToProject(db.em.fork(), project.id).count(AccommodationRoom, {})).toBe(1);
  });

  it("books nights [check-in, check-out), allows overbooking and marks each overbooked night; cancels with confirmation", async () => {
    const project = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    const { place, rooms } = await makePlace(db.em, project, "Camp", [{ name: "Single", beds: 1 }]);
    const ana = await makePerson(db.em, { fullName: "Ana Rigger" });
    const ben = await makePerson(db.em, { fullName: "Ben Fitter" });
    const book = (personId: string, checkIn: string, checkOut: string) =>
      post(manager.cookie, place.id, { intent: "book", roomId: rooms[0].id, personId, checkIn, checkOut });

    const backwards = await book(ana.id, "2026-12-03", "2026-12-03");
    expect(backwards.status).toBe(400);
    expect(await english(backwards.data.error.checkOut)).toEqual(["Check-out must be after check-in"]);
    const badDay = await book(ana.id, "2026-02-30", "2026-03-02");
    expect(await english(badDay.data.error.checkIn)).toEqual(["Enter a valid date"]);
    const nobody = await book("7d4b0a3e-1111-4a1a-9a1a-123456789abc", "2026-12-01", "2026-12-02");
    expect(await english(nobody.data.error.personId)).toEqual(["Choose a person from the personnel list"]);
    expect(await bookingsOf(project)).toEqual([]);

    expect((await book(ana.id, "2026-11-30", "2026-12-03")).status).toBe(302);
    // Ben in the same one-bed room for the 2nd and 3rd: allowed (the roster's conflict check reports it).
    expect((await book(ben.id, "2026-12-02", "2026-12-04")).status).toBe(302);
    expect((await bookingsOf(project)).map((row) => row.person.fullName)).toEqual([
      "Ana Rigger",
      "Ben Fitter",
    ]);

    const page = await callLoader(detailRoute, `${BASE}/${place.id}?view=week&from=2026-12-02`, {
      cookie: manager.cookie,
      params: { accommodationId: place.id },
    });
    const { detail } = page.data;
    expect(detail.period).toMatchObject({ view: "week", from: "2026-11-30", to: "2026-12-07" });
    expect(detail.rooms[0].nights).toEqual([
      { night: "2026-11-30", booked: 1, beds: 1, overbooked: false },
      { night: "2026-12-01", booked: 1, beds: 1, overbooked: false },
      { night: "2026-12-02", booked: 2, beds: 1, overbooked: true },
      { night: "2026-12-03", booked: 1, beds: 1, overbooked: false },
    ]);
    expect(detail.overbookedNights).toBe(1);
    expect(
      detail.bookings.map((row: { personName: string; nights: number; overbooked: boolean }) => [
        row.personName,
        row.nights,
        row.overbooked,
      ]),
    ).toEqual([
      ["Ana Rigger", 3, true],
      ["Ben Fitter", 2, true],
    ]);
    const month = await callLoader(detailRoute, `${BASE}/${place.id}?view=month&from=2026-12-15`, {
      cookie: manager.cookie,
      params: { accommodationId: place.id },
    });
    expect(month.data.detail.period).toMatchObject({
      from: "2026-12-01",
      to: "2027-01-01",
      previous: "2026-11-01",
    });
    expect(month.data.detail.rooms[0].nights.map((night: { night: string }) => night.night)).toEqual([
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
    ]);

    // The page a browser without JavaScript gets: each overbooked night and stay marked, in words.
    const html = await renderRouteHtml({
      route: detailRoute,
      path: `${BASE}/:accommodationId`,
      url: `${BASE}/${place.id}?view=week&from=2026-12-02`,
      loaderData: page.data,
    });
    expect(html.match(/>Overbooked</g)?.length).toBe(3);
    expect(html).toContain("1 night in this period has more people than beds.");
    expect(html).toContain("2 of 1 beds");
    expect(html).toContain('name="intent" value="cancel-booking"');
    expect(html).not.toMatch(/rostering:|accommodation\.(rooms|nights|bookings|activity)\./);
    expect(html).toContain("Booked by Mia Manager");
    expect(html).toMatch(
      /Ben Fitter in Single, 2 Dec 2026 to 4 Dec 2026|Ben Fitter in Single, [^<]+ to [^<]+/,
    );

    const benBooking = detail.bookings[1].id;
    const unsure = await post(manager.cookie, place.id, { intent: "cancel-booking", bookingId: benBooking });
    expect(await english(unsure.data.error.confirmed)).toEqual(['Tick "I am sure" to go on']);
    const cancelled = await post(manager.cookie, place.id, {
      intent: "cancel-booking",
      bookingId: benBooking,
      confirmed: "on",
    });
    expect(cancelled.status).toBe(302);
    expect((await bookingsOf(project)).map((row) => row.person.fullName)).toEqual(["Ana Rigger"]);
    const actions = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "rostering-accommodation", entityId: place.id },
        { orderBy: { createdAt: "asc" } },
      );
    expect(actions.map((entry) => entry.action)).toEqual(["booked", "booked", "booking-cancelled"]);
  });

  it("lists places with their rooms, beds and the nights booked this week", async () => {
    const project = await createProject(db.em);
    const { viewer } = await accommodationSite(db.em, project);
    const first = await callLoader(listRoute, BASE, { cookie: viewer.cookie });
    const monday: string = first.data.list.weekStart;
    const { rooms } = await makePlace(db.em, project, "Beach House", [
      { name: "1", beds: 2 },
      { name: "2", beds: 3 },
    ]);
    await makePlace(db.em, project, "Anchor Motel");
    const person = await makePerson(db.em);
    // Two nights before the week and two in it; a stay next week does not count.
    await makeBooking(db.em, project, rooms[0], person, shiftDay(monday, -2), shiftDay(monday, 2));
    await makeBooking(db.em, project, rooms[1], person, shiftDay(monday, 6), shiftDay(monday, 9));
    await makeBooking(db.em, project, rooms[1], person, shiftDay(monday, 7), shiftDay(monday, 9));
    const list = await callLoader(listRoute, BASE, { cookie: viewer.cookie });
    expect(
      list.data.list.rows.map((row: Record<string, unknown>) => [
        row.name,
        row.rooms,
        row.beds,
        row.nightsThisWeek,
      ]),
    ).toEqual([
      ["Anchor Motel", 0, 0, 0],
      ["Beach House", 2, 5, 3],
    ]);
    expect(list.data.list.total).toBe(2);
    const html = await renderRouteHtml({ route: listRoute, path: BASE, url: BASE, loaderData: list.data });
    expect(html).toContain("Nights booked this week");
    expect(html).toContain(`href="${BASE}/${rooms[0].accommodation.id}"`);
    expect(html).not.toContain("Add accommodation");
    const found = await callLoader(listRoute, `${BASE}?q=beach`, { cookie: viewer.cookie });
    expect(found.data.list.rows.map((row: { name: string }) => row.name)).toEqual(["Beach House"]);
  });
});

describe("booking a roster's people into a room", () => {
  it("books each run of consecutive rostered days, skipping nights already booked in the project", async () => {
    const project = await createProject(db.em);
    const { place, rooms } = await makePlace(db.em, project, "Camp", [{ name: "Dorm", beds: 1 }]);
    const { rooms: elsewhere } = await makePlace(db.em, project, "Motel", [{ name: "7", beds: 1 }]);
    const ana = await makePerson(db.em, { fullName: "Ana" });
    const ben = await makePerson(db.em, { fullName: "Ben" });
    const cal = await makePerson(db.em, { fullName: "Cal" });
    const roster = await makeRoster(db.em, project, [
      { person: ana, days: ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2026-12-06"] },
      { person: ben, days: ["2026-12-01", "2026-12-02", "2026-12-03"] },
      { person: cal, days: ["2026-12-01"] },
    ]);
    // Ben already has a bed the night of the 2nd, in another place of the project.
    await makeBooking(db.em, project, elsewhere[0], ben, "2026-12-02", "2026-12-03");
    const em = scopeToProject(db.em.fork(), project.id);
    const counts = await bookRoomsForRoster(em, project, roster.id, rooms[0].id, [ana.id, ben.id]);
    expect(counts).toEqual({ people: 2, bookings: 4, nights: 7, skippedNights: 1 });
    const stays = (await bookingsOf(project))
      .filter((row) => row.room.id === rooms[0].id)
      .map((row) => [row.person.fullName, String(row.checkIn), String(row.checkOut)]);
    expect(stays.map(([who, from, to]) => [who, from.slice(0, 10), to.slice(0, 10)]).sort()).toEqual(
      [
        ["Ana", "2026-12-01", "2026-12-04"],
        ["Ana", "2026-12-05", "2026-12-07"],
        ["Ben", "2026-12-01", "2026-12-02"],
        ["Ben", "2026-12-03", "2026-12-04"],
      ].sort(),
    );
    // Again, for everyone: only Cal is new; the others' nights are all booked.
    const again = await bookRoomsForRoster(
      scopeToProject(db.em.fork(), project.id),
      project,
      roster.id,
      rooms[0].id,
    );
    expect(again).toEqual({ people: 1, bookings: 1, nights: 1, skippedNights: 8 });
    const entries = await db.em
      .fork()
      .find(ActivityLog, { entityType: "rostering-accommodation", entityId: place.id });
    expect(entries.map((entry) => entry.action)).toEqual(["roster-booked", "roster-booked"]);
    // Another project's room or roster is not found.
    const other = await createProject(db.em);
    await expect(
      bookRoomsForRoster(scopeToProject(db.em.fork(), other.id), other, roster.id, rooms[0].id),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("is the roster page's book-rooms post: room choices, refused without accommodation.edit, counts in the toast", async () => {
    const project = await createProject(db.em);
    const { rooms } = await makePlace(db.em, project, "Camp", [
      { name: "Dorm", beds: 4 },
      { name: "Annex", beds: 1 },
    ]);
    const ana = await makePerson(db.em, { fullName: "Ana" });
    const ben = await makePerson(db.em, { fullName: "Ben" });
    const roster = await makeRoster(db.em, project, [
      { person: ana, days: ["2026-12-01", "2026-12-02"] },
      { person: ben, days: ["2026-12-01"] },
    ]);
    const rosterUrl = `http://localhost/rostering/rostering/roster-management/${roster.id}`;
    const contextOf = async (grants: string[]) => {
      const member = await signedInMember(db.em, project, ["rostering.roster.view", ...grants]);
      return requireRoute(new Request(rosterUrl, { headers: { Cookie: member.cookie } }));
    };
    const form = (fields: [string, string][]) => {
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      return body;
    };
    const viewer = await contextOf(["rostering.accommodation.view"]);
    await expect(
      bookRosterRooms(
        viewer,
        roster.id,
        form([
          ["intent", "book-rooms"],
          ["roomId", rooms[0].id],
        ]),
      ),
    ).rejects.toMatchObject({ status: 403 });
    const booker = await contextOf(["rostering.accommodation.edit"]);
    expect((await rosterRoomChoices(booker)).map((room) => room.label)).toEqual([
      "Camp · Annex",
      "Camp · Dorm",
    ]);
    const bad = await bookRosterRooms(
      booker,
      roster.id,
      form([
        ["intent", "book-rooms"],
        ["roomId", "nope"],
      ]),
    );
    expect(
      await english((bad as unknown as { data: { error: Record<string, string[]> } }).data.error.roomId),
    ).toEqual(["Choose one of this place's rooms"]);
    const done = (await bookRosterRooms(
      booker,
      roster.id,
      form([
        ["intent", "book-rooms"],
        ["roomId", rooms[0].id],
        ["personIds", ana.id],
      ]),
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/rostering/rostering/roster-management/${roster.id}`);
    expect((await bookingsOf(project)).map((row) => row.person.fullName)).toEqual(["Ana"]);
  });
});
