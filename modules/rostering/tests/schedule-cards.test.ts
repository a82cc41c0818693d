import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, ProjectSetting } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { Roster, RosterPerson, ScheduleCard, ScheduleCardGroup } from "../entities";
import * as myRoster from "../routes/my-roster";
import * as rosterCreate from "../routes/roster-create";
import * as rosterDetail from "../routes/roster-detail";
import * as scheduleCards from "../routes/schedule-cards";

const db = setupTestDatabase();

const PATH = "/rostering/rostering/schedule-cards";
const CARDS = [
  "rostering.schedule-card-group.view",
  "rostering.schedule-card-group.create",
  "rostering.schedule-card-group.edit",
  "rostering.schedule-card-group.delete",
  "rostering.schedule-card.view",
  "rostering.schedule-card.create",
  "rostering.schedule-card.edit",
  "rostering.schedule-card.delete",
];
const ROSTER = [
  "rostering.roster.view",
  "rostering.roster.create",
  "rostering.roster.edit",
  "rostering.roster.publish",
];

async function english(messages: string[] | null | undefined) {
  const rostering = await serverT("en", "rostering");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : rostering) as never, text),
  );
}

const post = (cookie: string, form: Record<string, string>) =>
  callAction(scheduleCards, PATH, { cookie, form });
const page = (cookie: string) => callLoader(scheduleCards, PATH, { cookie });

async function site(name?: string) {
  const project = await createProject(db.em, name ? { name } : {});
  const planner = await signedInMember(db.em, project, [...CARDS, ...ROSTER], { name: "Pat Planner" });
  return { project, planner };
}

const groupNamed = (name: string) =>
  db.em.fork().findOneOrFail(ScheduleCardGroup, { name }, { filters: false });
const cardNamed = (name: string) => db.em.fork().findOneOrFail(ScheduleCard, { name }, { filters: false });

async function groupWithCards(cookie: string, group: string, cards: [string, string, string, string][]) {
  expect((await post(cookie, { intent: "create-group", name: group })).status).toBe(302);
  const groupId = (await groupNamed(group)).id;
  for (const [name, kind, startTime, hours] of cards)
    expect(
      (await post(cookie, { intent: "create-card", groupId, name, kind, startTime, hours })).status,
    ).toBe(302);
  return groupId;
}

async function person(fullName: string) {
  const em = db.em.fork();
  const created = em.create(RosterPerson, { fullName, email: null, role: "Rigger" } as never);
  await em.flush();
  return created;
}

const createRoster = (cookie: string, form: Record<string, string>) =>
  callAction(rosterCreate, "/rostering/rostering/roster-management/create", {
    cookie,
    form: { intent: "create", kind: "single", ...form },
  });
const idOf = (location: string | null) => (location ?? "").split("/").pop() as string;
const rosterPost = (cookie: string, rosterId: string, form: Record<string, string>) =>
  callAction(rosterDetail, `/rostering/rostering/roster-management/${rosterId}`, {
    cookie,
    params: { rosterId },
    form,
  });
const rosterPage = (cookie: string, rosterId: string, search = "") =>
  callLoader(rosterDetail, `/rostering/rostering/roster-management/${rosterId}${search}`, {
    cookie,
    params: { rosterId },
  });

describe("schedule card groups and cards", () => {
  it("adds a group and its cards, refuses bad input with messages, and keeps names unique", async () => {
    const { project, planner } = await site();
    const empty = await page(planner.cookie);
    expect(empty.data.groups).toEqual([]);

    const blank = await post(planner.cookie, { intent: "create-group", name: "  " });
    expect(blank.status).toBe(400);
    expect(await english(blank.data.error.name)).toEqual(["This field is required"]);
    const groupId = await groupWithCards(planner.cookie, "Civil works", [["Day 12 h", "day", "06:00", "12"]]);
    const again = await post(planner.cookie, { intent: "create-group", name: "civil  WORKS " });
    expect(await english(again.data.error.name)).toEqual(["A group already has this name"]);

    const bad = await post(planner.cookie, {
      intent: "create-card",
      groupId,
      name: "Night",
      kind: "night",
      startTime: "25:00",
      hours: "18",
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.startTime)).toEqual(["Enter a time as HH:MM"]);
    expect(await english(bad.data.error.hours)).toEqual(["Enter a number of hours from 4 to 16"]);
    const sameName = await post(planner.cookie, {
      intent: "create-card",
      groupId,
      name: "day 12 h",
      kind: "day",
      startTime: "07:00",
      hours: "12",
    });
    expect(await english(sameName.data.error.name)).toEqual(["A card in this group already has this name"]);
    // The same name in another group is another card.
    await groupWithCards(planner.cookie, "Tunnel shifts", [["Day 12 h", "day", "07:00", "12"]]);
    expect(await db.em.fork().count(ScheduleCard, { project: project.id }, { filters: false })).toBe(2);

    const shown = await page(planner.cookie);
    expect(
      shown.data.groups.map(
        (group: { name: string; cards: { name: string; times: string; hours: number }[] }) => [
          group.name,
          group.cards.map((card) => `${card.name} ${card.times} ${card.hours}`),
        ],
      ),
    ).toEqual([
      ["Civil works", ["Day 12 h 06:00–18:00 12"]],
      ["Tunnel shifts", ["Day 12 h 07:00–19:00 12"]],
    ]);
    expect(
      await db.em.fork().count(ActivityLog, { entityType: "rostering.schedule-card", action: "created" }),
    ).toBe(2);
    expect(
      await db.em
        .fork()
        .count(ActivityLog, { entityType: "rostering.schedule-card-group", action: "created" }),
    ).toBe(2);
  });

  it("checks each intent's own permission: a card editor cannot touch groups, a viewer nothing", async () => {
    const { project, planner } = await site();
    const groupId = await groupWithCards(planner.cookie, "Civil works", []);
    const cardEditor = await signedInMember(
      db.em,
      project,
      ["rostering.schedule-card.view", "rostering.schedule-card.create"],
      { name: "Cam Cards" },
    );
    const viewer = await signedInMember(db.em, project, ["rostering.schedule-card-group.view"], {
      name: "Vic Viewer",
    });
    expect((await page(viewer.cookie)).status).toBe(200);
    expect((await page(cardEditor.cookie)).data.can).toMatchObject({ createCard: true, createGroup: false });
    const card = { groupId, name: "Day", kind: "day", startTime: "06:00", hours: "12" };
    expect((await post(viewer.cookie, { intent: "create-card", ...card })).status).toBe(403);
    expect((await post(cardEditor.cookie, { intent: "create-group", name: "Mine" })).status).toBe(403);
    expect((await post(cardEditor.cookie, { intent: "create-card", ...card })).status).toBe(302);
    expect(await db.em.fork().count(ScheduleCardGroup, {}, { filters: false })).toBe(1);
    // Another project's group is not this project's to add to.
    const other = await site("Western Rail Link");
    const foreign = await post(other.planner.cookie, { intent: "create-card", ...card, name: "Sneaky" });
    expect(await english(foreign.data.error.groupId)).toEqual(["Choose one of the options"]);
  });

  it("lets a roster choose its cards, refuses deleting a card or group in use, then deletes a group with its cards", async () => {
    const { planner } = await site();
    const groupId = await groupWithCards(planner.cookie, "Civil works", [
      ["Day 10 h", "day", "07:00", "10"],
      ["Night 10 h", "night", "19:00", "10"],
    ]);
    const day = await cardNamed("Day 10 h");
    const night = await cardNamed("Night 10 h");
    const ana = await person("Ana Cards");
    const wrongKind = await createRoster(planner.cookie, {
      name: "Ana – wrong card",
      personId: ana.id,
      startsOn: "2099-01-05",
      endsOn: "2099-01-09",
      pattern: "5/2",
      dayCardId: night.id,
    });
    expect(await english(wrongKind.data.error.dayCardId)).toEqual(["Choose one of the options"]);
    const created = await createRoster(planner.cookie, {
      name: "Ana – civil",
      personId: ana.id,
      startsOn: "2099-01-05",
      endsOn: "2099-01-09",
      pattern: "5/2",
      dayCardId: day.id,
    });
    const rosterId = idOf(created.location);
    const opened = await rosterPage(planner.cookie, rosterId);
    expect(opened.data.roster.shiftTimes).toEqual({
      day: { card: "Day 10 h", times: "07:00–17:00", hours: 10 },
      night: { card: null, times: "18:00–06:00", hours: 12 },
    });
    // The cards to choose from come only with their panel open: they weigh more than the rest of the page.
    expect(opened.data.choices.cards).toBeNull();
    const panel = await rosterPage(planner.cookie, rosterId, "?edit=shift-times");
    expect(panel.data.choices.cards.night).toEqual([
      { label: "Civil works", options: [{ value: night.id, label: "Night 10 h (19:00–05:00)" }] },
    ]);

    const inUse = await post(planner.cookie, { intent: "delete-card", cardId: day.id, confirmed: "on" });
    expect(inUse.status).toBe(409);
    expect(await english(inUse.data.error[""])).toEqual([
      "This card is used by 1 roster: choose another card on it first",
    ]);
    const groupInUse = await post(planner.cookie, { intent: "delete-group", groupId, confirmed: "on" });
    expect(await english(groupInUse.data.error[""])).toEqual([
      "A card of this group is used by 1 roster: choose another card on it first",
    ]);
    const kindChange = await post(planner.cookie, {
      intent: "update-card",
      cardId: day.id,
      groupId,
      name: "Day 10 h",
      kind: "night",
      startTime: "07:00",
      hours: "10",
    });
    expect(await english(kindChange.data.error.kind)).toEqual([
      "This card is used by 1 roster as its shift: it keeps its kind",
    ]);

    // Publish, then change the cards on the roster page: back to draft.
    expect((await rosterPost(planner.cookie, rosterId, { intent: "publish" })).status).toBe(302);
    const changed = await rosterPost(planner.cookie, rosterId, {
      intent: "set-cards",
      dayCardId: "",
      nightCardId: night.id,
    });
    expect(changed.status).toBe(302);
    const roster = await db.em.fork().findOneOrFail(Roster, { id: rosterId }, { filters: false });
    expect(roster.status).toBe("draft");
    expect(roster.dayCard).toBeNull();
    expect(roster.nightCard?.id).toBe(night.id);
    const wrong = await rosterPost(planner.cookie, rosterId, { intent: "set-cards", nightCardId: day.id });
    expect(await english(wrong.data.error.nightCardId)).toEqual(["Choose one of the options"]);

    // The day card is free now; the group still holds the night card in use.
    expect(
      (await post(planner.cookie, { intent: "delete-card", cardId: day.id, confirmed: "on" })).status,
    ).toBe(302);
    await rosterPost(planner.cookie, rosterId, { intent: "set-cards", dayCardId: "", nightCardId: "" });
    const unconfirmed = await post(planner.cookie, { intent: "delete-group", groupId });
    expect(unconfirmed.status).toBe(400);
    expect((await post(planner.cookie, { intent: "delete-group", groupId, confirmed: "on" })).status).toBe(
      302,
    );
    expect(await db.em.fork().count(ScheduleCard, {}, { filters: false })).toBe(0);
    expect(
      await db.em
        .fork()
        .count(ActivityLog, { entityType: "rostering.schedule-card-group", action: "deleted" }),
    ).toBe(1);
  });
});

describe("each shift's own times", () => {
  it("finds a short rest across two projects only because of one roster's card, and shows the card on the phone link", async () => {
    const bridge = await site("Northern Bridge");
    const rail = await site("Western Rail");
    await groupWithCards(bridge.planner.cookie, "Deck pours", [["Long day 16 h", "day", "06:00", "16"]]);
    const longDay = await cardNamed("Long day 16 h");
    const tama = await person("Tama Cards");
    const pour = await createRoster(bridge.planner.cookie, {
      name: "Tama – pour",
      personId: tama.id,
      startsOn: "2099-01-05",
      endsOn: "2099-01-05",
      pattern: "1/1",
      dayCardId: longDay.id,
    });
    const possession = await createRoster(rail.planner.cookie, {
      name: "Tama – possession",
      personId: tama.id,
      startsOn: "2099-01-06",
      endsOn: "2099-01-06",
      pattern: "1/1",
    });
    // The bridge's long day ends at 22:00; the rail's day (its settings: 06:00) starts 8 hours later.
    const railId = idOf(possession.location);
    const conflicts = (await rosterPage(rail.planner.cookie, railId)).data.conflicts;
    expect(conflicts.map((c: { kind: string; date: string }) => [c.kind, c.date])).toEqual([
      ["fatigue_rest", "2099-01-06"],
    ]);
    expect(await english([conflicts[0].message])).toEqual([expect.stringContaining("8")]);
    // With the settings' 12-hour day on the bridge too (18:00), 12 hours' rest is enough.
    const pourId = idOf(pour.location);
    await rosterPost(bridge.planner.cookie, pourId, { intent: "set-cards", dayCardId: "" });
    expect((await rosterPage(rail.planner.cookie, railId)).data.conflicts).toEqual([]);
    await rosterPost(bridge.planner.cookie, pourId, { intent: "set-cards", dayCardId: longDay.id });

    // The phone link shows the bridge day's card and times.
    const sent = await rosterPost(bridge.planner.cookie, pourId, { intent: "send-link", personId: tama.id });
    const token = (sent.data.link as string).split("/").pop() as string;
    expect((await rosterPost(bridge.planner.cookie, pourId, { intent: "publish" })).status).toBe(302);
    const link = await callLoader(myRoster, `/rostering/my-roster/${token}`, { params: { token } });
    expect(link.data.roster.shifts).toEqual([
      expect.objectContaining({
        date: "2099-01-05",
        kind: "day",
        start: "06:00",
        hours: 16,
        card: "Long day 16 h",
      }),
    ]);
  });

  it("times another project's shift by that project's settings, not this one's", async () => {
    const bridge = await site("Northern Bridge");
    const rail = await site("Western Rail");
    // The rail's nights run 20:00 to 08:00 by its settings; the bridge keeps the default 06:00 day.
    const em = db.em.fork();
    em.create(ProjectSetting, {
      project: rail.project.id,
      moduleId: "rostering",
      form: "rosteringSettings",
      values: {
        maxConsecutiveShifts: 12,
        minRestHours: 10,
        dayShiftStart: "08:00",
        nightShiftStart: "20:00",
        shiftHours: 12,
      },
      updatedBy: rail.planner.user.id,
    } as never);
    await em.flush();
    const tama = await person("Tama Settings");
    await createRoster(rail.planner.cookie, {
      name: "Tama – rail night",
      personId: tama.id,
      startsOn: "2099-01-05",
      endsOn: "2099-01-05",
      pattern: "1/1",
      shiftKind: "night",
    });
    const day = await createRoster(bridge.planner.cookie, {
      name: "Tama – bridge day",
      personId: tama.id,
      startsOn: "2099-01-06",
      endsOn: "2099-01-06",
      pattern: "1/1",
    });
    // Judged with the bridge's settings the rail night would end at 06:00 (no rest); by its own, at 08:00.
    const conflicts = (await rosterPage(bridge.planner.cookie, idOf(day.location))).data.conflicts;
    expect(conflicts.map((c: { kind: string }) => c.kind)).toEqual(["double_booking"]);
  });
});
