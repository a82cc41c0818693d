import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { RosterTravel } from "../entities";
import * as travelRoute from "../routes/roster-travel";
import { suggestTravel } from "../server/travel.server";
import { makePerson, makeRoster } from "./accommodation-fixtures";

const db = setupTestDatabase();
const TRAVEL = "rostering.roster.edit-travel-allocation";
const pathOf = (rosterId: string) =>
  `/rostering/rostering/roster-management/${rosterId}/edit-travel-allocation`;

async function english(messages: string[] | null | undefined) {
  const rostering = await serverT("en", "rostering");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : rostering) as never, text),
  );
}

const legsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(
    RosterTravel,
    {},
    { orderBy: { travelOn: "asc", direction: "asc" }, populate: ["person"] },
  );

const day = (value: unknown) => String(value instanceof Date ? value.toISOString() : value).slice(0, 10);

/** A roster on the "Pilbara Rail" project: Ana from Perth on two swings, Ben (no home) on one day. */
async function rosterSite() {
  const project = await createProject(db.em, { name: "Pilbara Rail" });
  const coordinator = await signedInMember(db.em, project, ["rostering.roster.view", TRAVEL]);
  const ana = await makePerson(db.em, { fullName: "Ana Rigger", homeLocation: "Perth" });
  const ben = await makePerson(db.em, { fullName: "Ben Fitter" });
  const roster = await makeRoster(db.em, project, [
    { person: ana, days: ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-08"] },
    { person: ben, days: ["2026-12-05"] },
  ]);
  return { project, coordinator, ana, ben, roster };
}

/** The posted fields of the page's rows, as the form sends them. */
function formOf(rows: Record<string, string>[]) {
  const form: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const [name, value] of Object.entries(row)) form[`legs[${index}].${name}`] = value;
  });
  return form;
}

describe("the roster's travel page", () => {
  it("is refused, loader and action, to a member without edit-travel-allocation; another project's roster is 404", async () => {
    const { project, roster, ana } = await rosterSite();
    const viewer = await signedInMember(db.em, project, ["rostering.roster.view", "rostering.roster.edit"]);
    const params = { rosterId: roster.id };
    const loaded = await callLoader(travelRoute, pathOf(roster.id), { cookie: viewer.cookie, params });
    expect([loaded.status, loaded.location]).toEqual([302, "/forbidden"]);
    const posted = await callAction(travelRoute, pathOf(roster.id), {
      cookie: viewer.cookie,
      params,
      form: formOf([
        { personId: ana.id, direction: "in", travelOn: "2026-11-30", origin: "Perth", destination: "Site" },
      ]),
    });
    expect([posted.status, posted.location]).toEqual([302, "/forbidden"]);
    expect(await legsOf(project)).toEqual([]);

    const other = await createProject(db.em);
    const outsider = await signedInMember(db.em, other, ["rostering.roster.view", TRAVEL]);
    expect(
      (await callLoader(travelRoute, pathOf(roster.id), { cookie: outsider.cookie, params })).status,
    ).toBe(404);
    const foreign = await callAction(travelRoute, pathOf(roster.id), {
      cookie: outsider.cookie,
      params,
      form: formOf([
        { personId: ana.id, direction: "in", travelOn: "2026-11-30", origin: "Perth", destination: "Site" },
      ]),
    });
    expect(foreign.status).toBe(404);
    expect(await legsOf(project)).toEqual([]);
  });

  it("suggests an in leg the day before and an out leg the day after each run of rostered days", async () => {
    const { project, coordinator, ana, ben, roster } = await rosterSite();
    const legs = await suggestTravel(scopeToProject(db.em.fork(), project.id), project, roster.id);
    expect(legs).toEqual([
      {
        personId: ana.id,
        direction: "in",
        travelOn: "2026-11-30",
        origin: "Perth",
        destination: "Pilbara Rail",
      },
      {
        personId: ana.id,
        direction: "out",
        travelOn: "2026-12-04",
        origin: "Pilbara Rail",
        destination: "Perth",
      },
      {
        personId: ana.id,
        direction: "in",
        travelOn: "2026-12-07",
        origin: "Perth",
        destination: "Pilbara Rail",
      },
      {
        personId: ana.id,
        direction: "out",
        travelOn: "2026-12-09",
        origin: "Pilbara Rail",
        destination: "Perth",
      },
      { personId: ben.id, direction: "in", travelOn: "2026-12-04", origin: "", destination: "Pilbara Rail" },
      { personId: ben.id, direction: "out", travelOn: "2026-12-06", origin: "Pilbara Rail", destination: "" },
    ]);
    // On the page, a suggestion already saved is not suggested again; each person keeps a blank row.
    const scoped = scopeToProject(db.em.fork(), project.id);
    scoped.create(RosterTravel, {
      project: project.id,
      roster: roster.id,
      person: ana.id,
      direction: "in",
      travelOn: "2026-11-30",
      origin: "Perth",
      destination: "Pilbara Rail",
      carrier: "QF 1234",
    } as never);
    await scoped.flush();
    const page = await callLoader(travelRoute, `${pathOf(roster.id)}?suggest=1`, {
      cookie: coordinator.cookie,
      params: { rosterId: roster.id },
    });
    expect(page.status).toBe(200);
    expect(page.data.page.suggestedCount).toBe(5);
    expect(page.data.page.people.map((person: { fullName: string }) => person.fullName)).toEqual([
      "Ana Rigger",
      "Ben Fitter",
    ]);
    const rows = page.data.page.rows.map((row: Record<string, string>) => [
      row.personId === ana.id ? "Ana" : "Ben",
      row.id ? "stored" : row.travelOn ? "suggested" : "blank",
      row.travelOn,
    ]);
    expect(rows).toEqual([
      ["Ana", "stored", "2026-11-30"],
      ["Ana", "suggested", "2026-12-04"],
      ["Ana", "suggested", "2026-12-07"],
      ["Ana", "suggested", "2026-12-09"],
      ["Ana", "blank", ""],
      ["Ben", "suggested", "2026-12-04"],
      ["Ben", "suggested", "2026-12-06"],
      ["Ben", "blank", ""],
    ]);
  });

  it("saves all legs or none: a bad row refuses the post with its messages and writes nothing", async () => {
    const { project, coordinator, ana, ben, roster } = await rosterSite();
    const stranger = await makePerson(db.em, { fullName: "Not rostered" });
    const params = { rosterId: roster.id };
    const save = (rows: Record<string, string>[]) =>
      callAction(travelRoute, pathOf(roster.id), { cookie: coordinator.cookie, params, form: formOf(rows) });
    const good = {
      personId: ana.id,
      direction: "in",
      travelOn: "2026-11-30",
      origin: "Perth",
      destination: "Site",
    };
    const bad = await save([
      good,
      { personId: ben.id, direction: "out", travelOn: "", origin: " ", destination: "x".repeat(121) },
      {
        personId: ben.id,
        direction: "",
        travelOn: "2026-02-30",
        origin: "Site",
        destination: "Home",
        carrier: "y".repeat(121),
      },
      // A blank new row is no leg.
      { personId: ben.id, direction: "", travelOn: "", origin: "", destination: "", carrier: "" },
    ]);
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error[""])).toEqual([
      "Some legs have problems: nothing was saved. Check the rows marked below.",
    ]);
    expect(bad.data.error["legs[0].origin"]).toBeUndefined();
    expect(await english(bad.data.error["legs[1].travelOn"])).toEqual(["This field is required"]);
    expect(await english(bad.data.error["legs[1].origin"])).toEqual(["This field is required"]);
    expect(await english(bad.data.error["legs[1].destination"])).toEqual(["Maximum 120 characters"]);
    expect(await english(bad.data.error["legs[2].direction"])).toEqual(["Choose in or out"]);
    expect(await english(bad.data.error["legs[2].travelOn"])).toEqual(["Enter a valid date"]);
    expect(await english(bad.data.error["legs[2].carrier"])).toEqual(["Maximum 120 characters"]);
    expect(bad.data.error["legs[3].travelOn"]).toBeUndefined();
    // Without JavaScript the refused page comes back with the rows as posted and their messages.
    const page = await callLoader(travelRoute, pathOf(roster.id), { cookie: coordinator.cookie, params });
    const html = await renderRouteHtml({
      route: travelRoute,
      path: "/rostering/rostering/roster-management/:rosterId/edit-travel-allocation",
      url: pathOf(roster.id),
      loaderData: page.data,
      actionData: bad.data,
    });
    expect(html).toContain("Some legs have problems: nothing was saved.");
    expect(html).toContain("Choose in or out");
    expect(html).toContain("Enter a valid date");
    expect(html).toContain('value="2026-02-30"');
    expect(html).not.toMatch(/rostering:|travel\.(fields|errors)\./);

    const notOnRoster = await save([good, { ...good, personId: stranger.id }]);
    expect(notOnRoster.status).toBe(400);
    expect(await english(notOnRoster.data.error["legs[1].personId"])).toEqual([
      "This person is not on the roster",
    ]);
    expect(await legsOf(project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "rostering-travel" })).toBe(0);
  });

  it("adds, changes and removes legs in one save, with an activity entry", async () => {
    const { project, coordinator, ana, ben, roster } = await rosterSite();
    const params = { rosterId: roster.id };
    const save = (rows: Record<string, string>[]) =>
      callAction(travelRoute, pathOf(roster.id), { cookie: coordinator.cookie, params, form: formOf(rows) });
    const first = await save([
      {
        personId: ana.id,
        direction: "in",
        travelOn: "2026-11-30",
        origin: "Perth",
        destination: "Site",
        carrier: "QF 1",
      },
      { personId: ana.id, direction: "out", travelOn: "2026-12-04", origin: "Site", destination: "Perth" },
      { personId: ben.id, direction: "", travelOn: "", origin: "", destination: "" },
    ]);
    expect(first.status).toBe(302);
    expect(first.location).toBe(pathOf(roster.id));
    const stored = await legsOf(project);
    expect(stored.map((leg) => [leg.person.fullName, leg.direction, day(leg.travelOn), leg.carrier])).toEqual(
      [
        ["Ana Rigger", "in", "2026-11-30", "QF 1"],
        ["Ana Rigger", "out", "2026-12-04", null],
      ],
    );
    const second = await save([
      {
        id: stored[0].id,
        personId: ana.id,
        direction: "in",
        travelOn: "2026-11-29",
        origin: "Perth",
        destination: "Site",
        carrier: "QF 9",
      },
      {
        id: stored[1].id,
        personId: ana.id,
        direction: "out",
        travelOn: "2026-12-04",
        origin: "Site",
        destination: "Perth",
        remove: "on",
      },
      {
        personId: ben.id,
        direction: "in",
        travelOn: "2026-12-04",
        origin: "Karratha",
        destination: "Site",
        carrier: "Bus 7",
      },
    ]);
    expect(second.status).toBe(302);
    expect(
      (await legsOf(project)).map((leg) => [
        leg.person.fullName,
        leg.direction,
        day(leg.travelOn),
        leg.origin,
        leg.carrier,
      ]),
    ).toEqual([
      ["Ana Rigger", "in", "2026-11-29", "Perth", "QF 9"],
      ["Ben Fitter", "in", "2026-12-04", "Karratha", "Bus 7"],
    ]);
    const entries = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "rostering-travel", entityId: roster.id },
        { orderBy: { createdAt: "asc" } },
      );
    expect(entries.map((entry) => entry.after)).toEqual([
      { added: 2, changed: 0, removed: 0 },
      { added: 1, changed: 1, removed: 1 },
    ]);
  });
});
