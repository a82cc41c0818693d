import { describe, expect, it } from "vitest";
import { ProjectModule } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { HomeWidgetSetting } from "../entities";
import * as home from "../routes/home";
import * as homeRoot from "../routes/home-root";
import * as widgets from "../routes/home-widgets";

const db = setupTestDatabase();

/** Whoever may see every module's card (each widget asks for its module's view permission). */
const EVERY_CARD = [
  "quality.lot.view",
  "dockets.docket.view",
  "plant.register.view",
  "cost-and-commercial.upstream.view",
  "safety.actions.view",
  "operation.inOut.view",
  "rostering.roster.view",
];
const ALL_KEYS = [
  "safety.safety-actions",
  "quality.quality",
  "cost-and-commercial.commercial",
  "dockets.dockets",
  "plant.plant",
  "operation.on-site",
  "rostering.rostering",
];
/** The settings tests place four cards (not safety's, operation's nor rostering's). */
const notPlaced = (key: string) =>
  ["safety.", "operation.", "rostering."].some((prefix) => key.startsWith(prefix));
const FOUR_CARDS = EVERY_CARD.filter((key) => !notPlaced(key));
const FOUR_KEYS = ALL_KEYS.filter((key) => !notPlaced(key));

async function member(granted = EVERY_CARD) {
  const project = await createProject(db.em, { name: "Harbour Tunnel" });
  const { user, cookie } = await signedInMember(db.em, project, granted);
  return { project, user, cookie };
}

const cardKeys = (page: { data: { cards: { key: string }[] } }) => page.data.cards.map((card) => card.key);

describe("home view widgets", () => {
  it("is served at /home-view/home, and / shows the same page", async () => {
    const { cookie } = await member();
    const page = await callLoader(home, "/home-view/home", { cookie });
    expect(page.status).toBe(200);
    const root = await callLoader(homeRoot, "/", { cookie });
    expect(root.status).toBe(200);
    expect(root.data).toEqual(page.data);
    expect((await callLoader(homeRoot, "/")).location).toMatch(/^\/auth\/login/);
  });

  it("shows each contributing module's card, and only to those holding its permission", async () => {
    const { cookie } = await member();
    const page = await callLoader(home, "/home-view/home", { cookie });
    expect([...cardKeys(page)].sort()).toEqual([...ALL_KEYS].sort());
    const titles = page.data.cards.map((card: { title: string }) => card.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Quality", "Dockets", "Safety actions", "On site", "Rostering"]),
    );
    const onlyDockets = await member(["dockets.docket.view"]);
    expect(cardKeys(await callLoader(home, "/home-view/home", { cookie: onlyDockets.cookie }))).toEqual([
      "dockets.dockets",
    ]);
  });

  it("has nothing from a module switched off for the project", async () => {
    const { project, cookie } = await member();
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "dockets", enabled: false });
    em.create(ProjectModule, { project, moduleId: "plant", enabled: false });
    em.create(ProjectModule, { project, moduleId: "rostering", enabled: false });
    await em.flush();
    const page = await callLoader(home, "/home-view/home", { cookie });
    expect([...cardKeys(page)].sort()).toEqual([
      "cost-and-commercial.commercial",
      "operation.on-site",
      "quality.quality",
      "safety.safety-actions",
    ]);
    const settings = await callLoader(widgets, "/home-view/home/widgets", { cookie });
    expect(settings.data.cards.map((card: { key: string }) => card.key).sort()).toEqual([
      "cost-and-commercial.commercial",
      "operation.on-site",
      "quality.quality",
      "safety.safety-actions",
    ]);
  });

  it("honours the user's choice: a hidden card is gone and the order is kept", async () => {
    const { user, cookie } = await member(FOUR_CARDS);
    const saved = await callAction(widgets, "/home-view/home/widgets", {
      cookie,
      form: {
        tab: "overview",
        key: FOUR_KEYS,
        shown: ["quality.quality", "dockets.dockets", "plant.plant"],
        position: ["3", "4", "1", "2"],
      },
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/home-view/home");
    const page = await callLoader(home, "/home-view/home", { cookie });
    expect(cardKeys(page)).toEqual(["dockets.dockets", "plant.plant", "quality.quality"]);
    // The settings page lists the hidden one too, unticked, in its place.
    const settings = await callLoader(widgets, "/home-view/home/widgets", { cookie });
    expect(settings.data.cards).toEqual([
      expect.objectContaining({ key: "dockets.dockets", hidden: false }),
      expect.objectContaining({ key: "plant.plant", hidden: false }),
      expect.objectContaining({ key: "quality.quality", hidden: false }),
      expect.objectContaining({ key: "cost-and-commercial.commercial", hidden: true }),
    ]);
    // Move up saves the ticks and swaps the card with the one above.
    const moved = await callAction(widgets, "/home-view/home/widgets", {
      cookie,
      form: {
        tab: "overview",
        key: ["dockets.dockets", "plant.plant", "quality.quality", "cost-and-commercial.commercial"],
        shown: ["dockets.dockets", "plant.plant", "quality.quality"],
        position: ["1", "2", "3", "4"],
        move: "up:quality.quality",
      },
    });
    expect(moved.location).toBe("/home-view/home/widgets");
    expect(cardKeys(await callLoader(home, "/home-view/home", { cookie }))).toEqual([
      "dockets.dockets",
      "quality.quality",
      "plant.plant",
    ]);
    expect(await db.em.count(HomeWidgetSetting, { user: user.id })).toBe(4);
  });

  it("shows a card the user has not placed yet, after the placed ones", async () => {
    const { project, cookie } = await member(FOUR_CARDS);
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "plant", enabled: false });
    em.create(ProjectModule, { project, moduleId: "rostering", enabled: false });
    await em.flush();
    await callAction(widgets, "/home-view/home/widgets", {
      cookie,
      form: {
        tab: "overview",
        key: ["quality.quality", "cost-and-commercial.commercial", "dockets.dockets"],
        shown: ["quality.quality", "dockets.dockets"],
        position: ["2", "3", "1"],
      },
    });
    await db.em.nativeUpdate(ProjectModule, { project: project.id, moduleId: "plant" }, { enabled: true });
    expect(cardKeys(await callLoader(home, "/home-view/home", { cookie }))).toEqual([
      "dockets.dockets",
      "quality.quality",
      "plant.plant",
    ]);
  });

  it("refuses bad input and writes nothing", async () => {
    const { user, cookie } = await member(FOUR_CARDS);
    const attempts: Record<string, string | string[]>[] = [
      // A card that is not on the tab (or not theirs).
      { tab: "overview", key: [...FOUR_KEYS, "safety.x"], shown: [], position: ["1", "2", "3", "4", "5"] },
      // A card left out.
      { tab: "overview", key: FOUR_KEYS.slice(1), shown: [], position: ["1", "2", "3"] },
      // A place that is not a whole number from 1 to 99.
      { tab: "overview", key: FOUR_KEYS, shown: [], position: ["1", "x", "3", "4"] },
      { tab: "overview", key: FOUR_KEYS, shown: [], position: ["1", "2", "3", "100"] },
      // A tick for a card not listed, an unknown tab, a duplicate.
      { tab: "overview", key: FOUR_KEYS, shown: ["safety.x"], position: ["1", "2", "3", "4"] },
      { tab: "elsewhere", key: FOUR_KEYS, shown: [], position: ["1", "2", "3", "4"] },
      { tab: "overview", key: [...FOUR_KEYS, FOUR_KEYS[0]], shown: [], position: ["1", "2", "3", "4", "5"] },
    ];
    for (const form of attempts) {
      const result = await callAction(widgets, "/home-view/home/widgets", { cookie, form });
      expect(result.status, JSON.stringify(form)).toBe(400);
    }
    expect(await db.em.count(HomeWidgetSetting, { user: user.id })).toBe(0);
    const refused = await callAction(widgets, "/home-view/home/widgets", {
      cookie,
      form: { tab: "overview", key: FOUR_KEYS, shown: [], position: ["1", "2", "3", "0"] },
    });
    expect(refused.data.error).toEqual({ "position[3]": ["home:settings.positionInvalid"] });
  });

  it("sends a visitor to sign in", async () => {
    expect((await callLoader(widgets, "/home-view/home/widgets")).location).toMatch(/^\/auth\/login/);
  });
});
