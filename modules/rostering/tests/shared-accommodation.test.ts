import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { accRoles, productRoles, roleEditorModules } from "~/server/admin/roles.server";
import { ActivityLog, type IProject, ProjectModule, User } from "~/server/db/entities";
import { PROJECT_SCOPE, scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { navigationFor } from "~/server/permissions/modules.server";
import { zonedDay } from "~/server/projects/time-zone";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import { shiftDay } from "../domain/accommodation-nights";
import {
  Accommodation,
  AccommodationBooking,
  AccommodationRoom,
  type IAccommodation,
  type IAccommodationRoom,
} from "../entities";
import * as projectDetail from "../routes/accommodation-detail";
import * as projectEdit from "../routes/accommodation-edit";
import * as projectList from "../routes/accommodation-list";
import * as sharedCreate from "../routes/shared-accommodation-create";
import * as sharedDetail from "../routes/shared-accommodation-detail";
import * as sharedEdit from "../routes/shared-accommodation-edit";
import * as sharedList from "../routes/shared-accommodation-list";
import { bookRoomsForRoster } from "../server/accommodation.server";
import { rosterRoomChoices } from "../server/accommodation-roster.server";
import { rosterConflicts } from "../server/roster-conflicts.server";
import {
  ACCOMMODATION,
  accommodationSite,
  makeBooking,
  makePerson,
  makePlace,
  makeRoster,
} from "./accommodation-fixtures";

const db = setupTestDatabase();
const GLOBAL = "/globalSettings/rostering";
const PLACES = `${GLOBAL}/accommodation-management`;
const PROJECT_PLACES = "/rostering/rostering/accommodation-management";

const SHARED = {
  view: "rostering.shared-accommodation.view-global",
  create: "rostering.shared-accommodation.create-global",
  edit: "rostering.shared-accommodation.edit-global",
  delete: "rostering.shared-accommodation.delete-global",
} as const;

async function english(messages: string[] | null | undefined) {
  const rostering = await serverT("en", "rostering");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : rostering) as never, text),
  );
}

/**
 * A signed-in user whose global role grants these keys; given a project, a member of it (with no project
 * right) whose current project it is, so the request's EntityManager carries that project's filter.
 */
async function globalUser(grantedActions: string[], project?: IProject) {
  const role = await createRole(db.em, { grantedActions });
  const user = await createUser(db.em);
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  if (project)
    await addMember(db.em, { project, user, role: await createRole(db.em, { grantedActions: [] }) });
  return { user, cookie: await signIn(db.em, user, project ? { projectId: project.id } : undefined) };
}

/** A shared place (no project) with its rooms. */
async function sharedPlace(name: string, rooms: { name: string; beds: number }[] = []) {
  const em = db.em.fork();
  const place = em.create(Accommodation, { project: null, name } as never) as IAccommodation;
  const made = rooms.map(
    (room) =>
      em.create(AccommodationRoom, {
        project: null,
        accommodation: place,
        ...room,
      } as never) as IAccommodationRoom,
  );
  await em.flush();
  return { place, rooms: made };
}

const sharedPlaces = () =>
  db.em
    .fork()
    .find(
      Accommodation,
      { project: null },
      { filters: { [PROJECT_SCOPE]: false }, orderBy: { name: "asc" } },
    );

const forbidden = (result: { status: number; location: string | null }) =>
  expect([result.status, result.location]).toEqual([302, "/forbidden"]);

const postShared = (cookie: string, placeId: string, form: Record<string, string>) =>
  callAction(sharedDetail, `${PLACES}/${placeId}`, { cookie, params: { accommodationId: placeId }, form });

const today = () => zonedDay(new Date(), "UTC");

describe("who may manage shared accommodation", () => {
  it("refuses the global pages without the global role's grant, whatever the project role grants", async () => {
    const project = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    const { place } = await sharedPlace("Hilltop Camp", [{ name: "H1", beds: 2 }]);
    const params = { accommodationId: place.id };
    // A project role's accommodation rights open no global page.
    forbidden(await callLoader(sharedList, GLOBAL, { cookie: manager.cookie }));
    forbidden(await callLoader(sharedDetail, `${PLACES}/${place.id}`, { cookie: manager.cookie, params }));
    // A global role without the shared accommodation grant neither.
    const other = await globalUser(["global-settings.company.view-global"]);
    forbidden(await callLoader(sharedList, GLOBAL, { cookie: other.cookie }));
    forbidden(await postShared(other.cookie, place.id, { intent: "add-room", name: "H2", beds: "1" }));
    // View only: sees, changes nothing.
    const viewer = await globalUser([SHARED.view]);
    expect((await callLoader(sharedList, GLOBAL, { cookie: viewer.cookie })).status).toBe(200);
    const seen = await callLoader(sharedDetail, `${PLACES}/${place.id}`, { cookie: viewer.cookie, params });
    expect(seen.data.detail.can).toEqual({ edit: false, delete: false, book: false });
    forbidden(await callLoader(sharedCreate, `${PLACES}/create`, { cookie: viewer.cookie }));
    forbidden(
      await callAction(sharedCreate, `${PLACES}/create`, { cookie: viewer.cookie, form: { name: "X" } }),
    );
    forbidden(
      await callAction(sharedEdit, `${PLACES}/${place.id}/edit`, {
        cookie: viewer.cookie,
        params,
        form: { name: "X" },
      }),
    );
    const intents: Record<string, string>[] = [
      { intent: "add-room", name: "H2", beds: "1" },
      { intent: "delete", confirmed: "on" },
    ];
    for (const form of intents) expect((await postShared(viewer.cookie, place.id, form)).status).toBe(403);
    expect((await sharedPlaces()).map((row) => row.name)).toEqual(["Hilltop Camp"]);
  });

  it("is chosen in a product role (global roles), never in a project's (ACC) role", async () => {
    const project = await createProject(db.em);
    const keysOf = (modules: ReturnType<typeof roleEditorModules>) =>
      modules.flatMap((module) =>
        module.groups.flatMap((group) => group.actions.map((action) => action.key)),
      );
    expect(keysOf(roleEditorModules(productRoles()))).toEqual(expect.arrayContaining(Object.values(SHARED)));
    const acc = keysOf(roleEditorModules(accRoles(project)));
    expect(acc).toContain(ACCOMMODATION.edit);
    expect(acc.filter((key) => key.startsWith("rostering.shared-accommodation."))).toEqual([]);
  });

  it("lists the page with the global settings, for whom the global role lets see it, with or without a project", () => {
    const nav = navigationFor({
      project: null,
      disabledModules: new Set(["rostering"]),
      can: () => false,
      canGlobal: (ref) => ref === SHARED.view,
    });
    expect(nav).toContainEqual(expect.objectContaining({ moduleId: "global-settings", path: GLOBAL }));
    const without = navigationFor({
      project: null,
      disabledModules: new Set(),
      can: () => true,
      canGlobal: () => false,
    });
    expect(without.map((entry) => entry.path)).not.toContain(GLOBAL);
  });
});

describe("shared places in global settings", () => {
  it("creates and edits shared places (name unique among them), lists them, never a project's own place", async () => {
    const project = await createProject(db.em);
    await makePlace(db.em, project, "Site Cabins", [{ name: "C1", beds: 4 }]);
    // Signed in with a current project (rostering switched off there): its filter must not narrow (or widen)
    // what the global pages see, and a global page is never switched off.
    const admin = await globalUser(Object.values(SHARED), project);
    db.em.create(ProjectModule, { project, moduleId: "rostering", enabled: false } as never);
    await db.em.flush();
    expect((await callLoader(sharedList, GLOBAL, { cookie: admin.cookie })).data.list.rows).toEqual([]);
    const blank = await callAction(sharedCreate, `${PLACES}/create`, {
      cookie: admin.cookie,
      form: { name: " " },
    });
    expect(blank.status).toBe(400);
    expect(await english(blank.data.error.name)).toEqual(["This field is required"]);
    const created = await callAction(sharedCreate, `${PLACES}/create`, {
      cookie: admin.cookie,
      form: { name: "Site Cabins", address: "Km 12 Camp Rd", notes: "Gate code 4411" },
    });
    expect(created.status).toBe(302);
    const [place] = await sharedPlaces();
    expect(place).toMatchObject({ name: "Site Cabins", address: "Km 12 Camp Rd", project: null });
    expect(created.location).toBe(`${PLACES}/${place.id}`);
    const taken = await callAction(sharedCreate, `${PLACES}/create`, {
      cookie: admin.cookie,
      form: { name: " site cabins" },
    });
    expect(taken.status).toBe(400);
    expect(await english(taken.data.error.name)).toEqual([
      "Another shared accommodation already has this name",
    ]);

    const params = { accommodationId: place.id };
    const edited = await callAction(sharedEdit, `${PLACES}/${place.id}/edit`, {
      cookie: admin.cookie,
      params,
      form: { name: "Site Cabins", address: "Km 14 Camp Rd" },
    });
    expect(edited.status).toBe(302);
    const room = await postShared(admin.cookie, place.id, { intent: "add-room", name: "R1", beds: "2" });
    expect(room.status).toBe(302);
    const list = await callLoader(sharedList, GLOBAL, { cookie: admin.cookie });
    expect(list.data.list.rows).toEqual([
      expect.objectContaining({ name: "Site Cabins", address: "Km 14 Camp Rd", rooms: 1, beds: 2 }),
    ]);
    const entries = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "rostering-accommodation", entityId: place.id },
        { orderBy: { createdAt: "asc" } },
      );
    expect(entries.map((entry) => [entry.action, entry.project])).toEqual([
      ["created", null],
      ["updated", null],
      ["room-added", null],
    ]);
    // The project's own place is not found from global settings.
    const [own] = await scopeToProject(db.em.fork(), project.id).find(Accommodation, { project: project.id });
    const ownParams = { accommodationId: own.id };
    expect(
      (await callLoader(sharedDetail, `${PLACES}/${own.id}`, { cookie: admin.cookie, params: ownParams }))
        .status,
    ).toBe(404);
    expect((await postShared(admin.cookie, own.id, { intent: "delete", confirmed: "on" })).status).toBe(404);
  });

  it("shows every project's bookings of each room with the project, marks overbooked nights, refuses deleting while booked", async () => {
    const bridge = await createProject(db.em, { name: "Bridge" });
    const rail = await createProject(db.em, { name: "Rail link" });
    const { place, rooms } = await sharedPlace("Hilltop Camp", [{ name: "H1", beds: 1 }]);
    const [ana, ben] = [
      await makePerson(db.em, { fullName: "Ana Rigger" }),
      await makePerson(db.em, { fullName: "Ben Fitter" }),
    ];
    const night = shiftDay(today(), 1);
    await makeBooking(db.em, bridge, rooms[0], ana, night, shiftDay(night, 1));
    await makeBooking(db.em, rail, rooms[0], ben, night, shiftDay(night, 2));
    const admin = await globalUser(Object.values(SHARED));
    const params = { accommodationId: place.id };
    const detail = (
      await callLoader(sharedDetail, `${PLACES}/${place.id}?view=week&from=${night}`, {
        cookie: admin.cookie,
        params,
      })
    ).data.detail;
    expect(
      detail.bookings.map(
        (b: { projectName: string; personName: string }) => `${b.projectName}: ${b.personName}`,
      ),
    ).toEqual(["Bridge: Ana Rigger", "Rail link: Ben Fitter"]);
    expect(detail.overbookedNights).toBe(1);
    const html = await renderRouteHtml({
      route: sharedDetail,
      path: `${PLACES}/:accommodationId`,
      url: `${PLACES}/${place.id}?view=week&from=${night}`,
      loaderData: { detail },
    });
    expect(html).toContain("Bridge");
    expect(html).toContain("Rail link");
    expect(html).toContain("Overbooked");
    expect(html).not.toContain('value="book"');
    const listed = await callLoader(sharedList, GLOBAL, { cookie: admin.cookie });
    const listHtml = await renderRouteHtml({
      route: sharedList,
      path: GLOBAL,
      url: GLOBAL,
      loaderData: listed.data,
    });
    expect(listHtml).toContain("Shared accommodation");
    expect(listHtml).toContain("Hilltop Camp");
    expect(detail.rooms[0].nights.find((n: { night: string }) => n.night === night)).toMatchObject({
      booked: 2,
      beds: 1,
      overbooked: true,
    });

    const removeRoom = await postShared(admin.cookie, place.id, {
      intent: "remove-room",
      roomId: rooms[0].id,
      confirmed: "on",
    });
    expect(removeRoom.status).toBe(409);
    const refused = await postShared(admin.cookie, place.id, { intent: "delete", confirmed: "on" });
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      "2 bookings from today on are in this place: it cannot be deleted while projects use it",
    ]);
    // Once the stays are over, the place goes with its rooms and its past bookings.
    await db.em
      .fork()
      .nativeUpdate(
        AccommodationBooking,
        { room: rooms[0].id },
        { checkIn: shiftDay(today(), -5), checkOut: shiftDay(today(), -3) },
        { filters: { [PROJECT_SCOPE]: false } },
      );
    const unconfirmed = await postShared(admin.cookie, place.id, { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    const deleted = await postShared(admin.cookie, place.id, { intent: "delete", confirmed: "on" });
    expect([deleted.status, deleted.location]).toEqual([302, GLOBAL]);
    expect(await sharedPlaces()).toEqual([]);
  });
});

describe("shared places in a project", () => {
  it("are listed as shared and booked, but not changed from a project's pages", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, project);
    await makePlace(db.em, project, "Own Cabins", [{ name: "C1", beds: 2 }]);
    const { place, rooms } = await sharedPlace("Hilltop Camp", [{ name: "H1", beds: 2 }]);
    const someone = await makePerson(db.em, { fullName: "Other Project Person" });
    await makeBooking(db.em, other, rooms[0], someone, "2026-12-01", "2026-12-03");

    const list = await callLoader(projectList, PROJECT_PLACES, { cookie: manager.cookie });
    expect(
      list.data.list.rows.map((row: { name: string; shared: boolean }) => [row.name, row.shared]),
    ).toEqual([
      ["Hilltop Camp", true],
      ["Own Cabins", false],
    ]);
    const params = { accommodationId: place.id };
    const url = `${PROJECT_PLACES}/${place.id}?view=week&from=2026-11-30`;
    const detail = (await callLoader(projectDetail, url, { cookie: manager.cookie, params })).data.detail;
    expect(detail.can).toEqual({ edit: false, delete: false, book: true });
    const html = await renderRouteHtml({
      route: projectDetail,
      path: `${PROJECT_PLACES}/:accommodationId`,
      url,
      loaderData: { detail },
    });
    expect(html).toContain("managed in global settings");
    expect(html).not.toContain('value="add-room"');
    expect(html).not.toContain('value="delete"');
    // The other project's booking counts in the nights, and is not listed here.
    expect(detail.bookings).toEqual([]);
    expect(detail.rooms[0].nights.map((n: { booked: number }) => n.booked)).toEqual([1, 1]);

    const post = (form: Record<string, string>) =>
      callAction(projectDetail, `${PROJECT_PLACES}/${place.id}`, { cookie: manager.cookie, params, form });
    expect((await post({ intent: "add-room", name: "H2", beds: "1" })).status).toBe(403);
    expect((await post({ intent: "remove-room", roomId: rooms[0].id, confirmed: "on" })).status).toBe(403);
    expect((await post({ intent: "delete", confirmed: "on" })).status).toBe(403);
    expect(
      (
        await callLoader(projectEdit, `${PROJECT_PLACES}/${place.id}/edit`, {
          cookie: manager.cookie,
          params,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callAction(projectEdit, `${PROJECT_PLACES}/${place.id}/edit`, {
          cookie: manager.cookie,
          params,
          form: { name: "Mine" },
        })
      ).status,
    ).toBe(403);
    expect((await sharedPlaces()).map((row) => row.name)).toEqual(["Hilltop Camp"]);

    // Booking into the shared room is the project's booking; a third person in a 2-bed room overbooks it.
    const person = await makePerson(db.em, { fullName: "Pat Project" });
    const booked = await post({
      intent: "book",
      roomId: rooms[0].id,
      personId: person.id,
      checkIn: "2026-12-01",
      checkOut: "2026-12-02",
    });
    expect(booked.status).toBe(302);
    const mine = await scopeToProject(db.em.fork(), project.id).find(AccommodationBooking, {
      room: rooms[0].id,
    });
    expect(mine).toHaveLength(1);
    const again = await post({
      intent: "book",
      roomId: rooms[0].id,
      personId: someone.id,
      checkIn: "2026-12-01",
      checkOut: "2026-12-02",
    });
    expect(again.status).toBe(302);
    const after = (await callLoader(projectDetail, url, { cookie: manager.cookie, params })).data.detail;
    expect(after.bookings).toHaveLength(2);
    expect(after.overbookedNights).toBe(1);
  });

  it("offers shared rooms to the roster's book-rooms, labelled shared, and a shared room's overbooking counts every project", async () => {
    const bridge = await createProject(db.em);
    const rail = await createProject(db.em);
    const { manager } = await accommodationSite(db.em, bridge);
    const { rooms } = await sharedPlace("Hilltop Camp", [{ name: "H1", beds: 1 }]);
    const [ana, ben] = [await makePerson(db.em), await makePerson(db.em)];
    // Rail books H1 for the night of 2 December; Bridge's roster books Ana into it the same night.
    await makeBooking(db.em, rail, rooms[0], ben, "2026-12-02", "2026-12-03");
    const roster = await makeRoster(db.em, bridge, [{ person: ana, days: ["2026-12-02"] }]);
    const em = scopeToProject(db.em.fork(), bridge.id);
    const context = { em, project: bridge, user: manager.user } as never;
    expect(await rosterRoomChoices(context)).toEqual([
      expect.objectContaining({ value: rooms[0].id, label: "Hilltop Camp · H1", shared: true }),
    ]);
    const counts = await bookRoomsForRoster(em, bridge, roster.id, rooms[0].id);
    expect(counts).toMatchObject({ bookings: 1, nights: 1 });
    const conflicts = await rosterConflicts(scopeToProject(db.em.fork(), bridge.id), {
      id: roster.id,
      projectId: bridge.id,
      startsOn: "2026-12-02",
      endsOn: "2026-12-02",
    });
    expect(conflicts.filter((conflict) => conflict.kind === "room_overbooked")).toHaveLength(1);
  });
});
