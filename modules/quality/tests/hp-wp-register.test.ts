import type { EntityManager } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import type { IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import type { PointState } from "../domain/inspection-point-workflow";
import { type IItpItem, type ILot, Lot, LotInspectionPoint } from "../entities";
import * as register from "../routes/hp-wp-register";
import { today } from "../server/today";
import { assign, makeItp, makeLot, memberWith } from "./reports-fixtures";

const db = setupTestDatabase();
const PATH = "/quality/hp-wp";

const dayFromToday = (days: number) => {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function location(em: EntityManager, project: IProject, name: string, parentId: string | null = null) {
  const scoped = scopeToProject(em, project.id);
  const created = await createLocation(
    { em: scoped, projectId: project.id, actorId: null },
    { name, parentId },
  );
  if (!created.ok) throw new Error("location not created");
  return created.value;
}

async function point(
  em: EntityManager,
  project: IProject,
  lot: ILot,
  item: IItpItem,
  state: PointState,
  dueOn: string | null = null,
) {
  const scoped = scopeToProject(em, project.id);
  scoped.create(LotInspectionPoint, { project, lot, item, state, dueOn } as never);
  await scoped.flush();
}

/**
 * Bridge › Span 2. Deck (at Span 2) and Pier (at Bridge) share ITP "Concrete" (a check, two hold points
 * and a witness point); the pier also has ITP "Piling" (a witness point); Kerb has no ITP. Another
 * project has a lot with a hold point of its own.
 */
async function site() {
  const project = await createProject(db.em);
  const bridge = await location(db.em, project, "Bridge");
  const span = await location(db.em, project, "Span 2", bridge.id);
  const deck = await makeLot(db.em, project, { title: "Deck pour" });
  const pier = await makeLot(db.em, project, { title: "Pier cap" });
  const kerb = await makeLot(db.em, project, { title: "Kerb" });
  await db.em.nativeUpdate(Lot, { id: deck.id }, { location: span.id } as never, { filters: false });
  await db.em.nativeUpdate(Lot, { id: pier.id }, { location: bridge.id } as never, { filters: false });
  const concrete = await makeItp(db.em, project, {
    title: "Concrete",
    items: [
      { activity: "Set out formwork", kind: "C" },
      { activity: "Inspect reinforcement", kind: "H" },
      { activity: "Slump test", kind: "W" },
      { activity: "Final survey", kind: "H" },
    ],
  });
  const piling = await makeItp(db.em, project, {
    title: "Piling",
    items: [{ activity: "Witness load test", kind: "W" }],
  });
  await assign(db.em, project, deck, concrete.itp);
  await assign(db.em, project, pier, concrete.itp);
  await assign(db.em, project, pier, piling.itp);
  const [, reinforcement, slump, survey] = concrete.items;
  await point(db.em, project, deck, reinforcement, "notified", dayFromToday(-2));
  await point(db.em, project, deck, survey, "released", dayFromToday(-5));
  await point(db.em, project, pier, reinforcement, "notified", dayFromToday(3));
  await point(db.em, project, pier, survey, "rejected", dayFromToday(-1));
  await point(db.em, project, deck, slump, "notified", dayFromToday(0));

  const other = await createProject(db.em);
  const elsewhere = await makeLot(db.em, other, { title: "Deck pour elsewhere" });
  const foreign = await makeItp(db.em, other, { items: [{ activity: "Inspect reinforcement", kind: "H" }] });
  await assign(db.em, other, elsewhere, foreign.itp);

  const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
  return { project, bridge, span, deck, pier, kerb, concrete, piling, reinforcement, slump, survey, viewer };
}

type Row = { lotNumber: string; activity: string; state: string; dueOn: string | null; overdue: boolean };
const points = (rows: Row[]) => rows.map((row) => `${row.lotNumber} ${row.activity} ${row.state}`);

async function list(cookie: string, search = "") {
  const page = await callLoader(register, `${PATH}${search}`, { cookie });
  expect(page.status).toBe(200);
  return page.data.register as { rows: Row[]; total: number; page: number };
}

describe("the HP/WP register", () => {
  it("lists every hold point of the project's lots, newest lot first, with not started for points never moved", async () => {
    const { deck, pier, kerb, viewer } = await site();
    const hold = await list(viewer.cookie, "?tab=hold");
    expect(points(hold.rows)).toEqual([
      `${pier.number} Inspect reinforcement notified`,
      `${pier.number} Final survey rejected`,
      `${deck.number} Inspect reinforcement notified`,
      `${deck.number} Final survey released`,
    ]);
    expect(hold.total).toBe(4);
    // A lot without an ITP has no points; the other project's lot is not listed.
    expect(hold.rows.some((row) => row.lotNumber === kerb.number)).toBe(false);
    expect(hold.rows.some((row) => row.activity === "Deck pour elsewhere")).toBe(false);

    // The first tab (spec order) is the witness points; a point with no stored row is not started.
    const witness = await list(viewer.cookie);
    expect(points(witness.rows)).toEqual([
      `${pier.number} Slump test not_started`,
      `${pier.number} Witness load test not_started`,
      `${deck.number} Slump test notified`,
    ]);
    expect(witness.total).toBe(3);
  });

  it("filters by state, counting the not started points without rows", async () => {
    const { deck, pier, viewer } = await site();
    const notStarted = await list(viewer.cookie, "?state=not_started");
    expect(points(notStarted.rows)).toEqual([
      `${pier.number} Slump test not_started`,
      `${pier.number} Witness load test not_started`,
    ]);
    expect(notStarted.total).toBe(2);
    const open = await list(viewer.cookie, "?tab=hold&state=notified&state=rejected");
    expect(open.total).toBe(3);
    expect(points(open.rows)).not.toContain(`${deck.number} Final survey released`);
    const released = await list(viewer.cookie, "?tab=hold&state=released");
    expect(points(released.rows)).toEqual([`${deck.number} Final survey released`]);
    expect(released.total).toBe(1);
    const mixed = await list(viewer.cookie, "?state=not_started&state=notified");
    expect(mixed.total).toBe(3);
  });

  it("keeps its state totals right as points move and lots go (the database's per-item totals)", async () => {
    const { deck, pier, reinforcement, viewer } = await site();
    const total = async (search: string) => (await list(viewer.cookie, search)).total;
    expect(await total("?tab=hold&state=notified")).toBe(2);
    await db.em.nativeUpdate(
      LotInspectionPoint,
      { lot: pier.id, item: reinforcement.id },
      { state: "released" },
      { filters: false },
    );
    expect(await total("?tab=hold&state=notified")).toBe(1);
    expect(await total("?tab=hold&state=released")).toBe(2);
    expect(await total("?tab=hold&state=not_started")).toBe(0);
    // A deleted lot takes its points along: its stored states and its not started points leave the totals.
    await db.em.nativeDelete(Lot, { id: deck.id }, { filters: false });
    expect(await total("?tab=hold")).toBe(2);
    expect(await total("?tab=hold&state=released")).toBe(1);
    expect(await total("?tab=hold&state=not_started")).toBe(0);
    expect(await total("?state=not_started")).toBe(2);
  });

  it("filters by due day: overdue, today and later are the notified points by the day the client is asked to attend", async () => {
    const { deck, pier, viewer } = await site();
    const overdue = await list(viewer.cookie, "?tab=hold&due=overdue");
    // The rejected point's day has passed too, but it no longer waits for the client.
    expect(points(overdue.rows)).toEqual([`${deck.number} Inspect reinforcement notified`]);
    expect(overdue.rows[0]).toMatchObject({ dueOn: dayFromToday(-2), overdue: true });
    expect(overdue.total).toBe(1);
    expect(points((await list(viewer.cookie, "?tab=hold&due=upcoming")).rows)).toEqual([
      `${pier.number} Inspect reinforcement notified`,
    ]);
    expect(points((await list(viewer.cookie, "?due=today")).rows)).toEqual([
      `${deck.number} Slump test notified`,
    ]);
    const all = await list(viewer.cookie, "?tab=hold");
    expect(all.rows.find((row) => row.state === "rejected")?.overdue).toBe(false);
  });

  it("searches the lot number, the lot's title and the item, any case", async () => {
    const { deck, pier, viewer } = await site();
    expect(points((await list(viewer.cookie, "?tab=hold&q=deck POUR")).rows)).toEqual([
      `${deck.number} Inspect reinforcement notified`,
      `${deck.number} Final survey released`,
    ]);
    expect(points((await list(viewer.cookie, "?tab=hold&q=survey")).rows)).toEqual([
      `${pier.number} Final survey rejected`,
      `${deck.number} Final survey released`,
    ]);
    expect((await list(viewer.cookie, `?tab=hold&q=${pier.number.toLowerCase()}`)).total).toBe(2);
    expect((await list(viewer.cookie, "?tab=hold&q=100%")).total).toBe(0);
    // A point whose lot and item both match is counted once.
    const both = await list(viewer.cookie, "?tab=hold&q=e");
    expect(both.total).toBe(4);
    expect(both.rows).toHaveLength(4);
  });

  it("filters by lot number, ITP and location with the locations below it", async () => {
    const { deck, pier, piling, viewer } = await site();
    expect(points((await list(viewer.cookie, `?tab=hold&lot=${deck.number.toLowerCase()}`)).rows)).toEqual([
      `${deck.number} Inspect reinforcement notified`,
      `${deck.number} Final survey released`,
    ]);
    expect(points((await list(viewer.cookie, `?itp=${piling.itp.number.toLowerCase()}`)).rows)).toEqual([
      `${pier.number} Witness load test not_started`,
    ]);
    // "bridge" matches Bridge and Span 2 below it; "span" only the deck's location.
    expect((await list(viewer.cookie, "?tab=hold&location=bridge")).total).toBe(4);
    const span = await list(viewer.cookie, "?tab=hold&location=span 2");
    expect(span.rows.every((row) => row.lotNumber === deck.number)).toBe(true);
    expect(span.total).toBe(2);
    expect((await list(viewer.cookie, "?tab=hold&location=tunnel")).total).toBe(0);
    // Values that cannot match are dropped, not refused.
    expect((await list(viewer.cookie, "?tab=hold&state=bogus&due=soon&sort=drop")).total).toBe(4);
    // An ITP number the project does not have matches nothing.
    expect((await list(viewer.cookie, "?tab=hold&itp=ITP-9999")).total).toBe(0);
  });

  it("orders by lot number either way and by the day to attend, dated points first, and pages", async () => {
    const { deck, pier, viewer } = await site();
    const ascending = await list(viewer.cookie, "?tab=hold&sort=lot&dir=asc");
    expect(points(ascending.rows)[0]).toBe(`${deck.number} Inspect reinforcement notified`);
    // The points waiting for the client by their day, then the others (their day is history) by lot.
    const byDue = await list(viewer.cookie, "?tab=hold&sort=dueOn&dir=asc");
    expect(points(byDue.rows)).toEqual([
      `${deck.number} Inspect reinforcement notified`,
      `${pier.number} Inspect reinforcement notified`,
      `${pier.number} Final survey rejected`,
      `${deck.number} Final survey released`,
    ]);
    const byDueLatest = await list(viewer.cookie, "?tab=hold&sort=dueOn&dir=desc");
    expect(byDueLatest.rows.map((row) => row.dueOn).slice(0, 2)).toEqual([dayFromToday(3), dayFromToday(-2)]);
    const latestFirst = await list(viewer.cookie, "?sort=dueOn&dir=desc");
    // Witness points: the one dated first, then the undated, newest lot first.
    expect(points(latestFirst.rows)).toEqual([
      `${deck.number} Slump test notified`,
      `${pier.number} Slump test not_started`,
      `${pier.number} Witness load test not_started`,
    ]);
    expect(latestFirst.total).toBe(3);
  });

  it("pages through the points, the dated and undated ones included, ten a page", async () => {
    const { project, concrete, viewer } = await site();
    // Twelve more lots with the concrete ITP: 14 lots × 2 hold points = 28.
    for (let index = 0; index < 12; index += 1) {
      const lot = await makeLot(db.em, project);
      await assign(db.em, project, lot, concrete.itp);
    }
    const first = await list(viewer.cookie, "?tab=hold");
    const third = await list(viewer.cookie, "?tab=hold&page=3");
    expect(first.total).toBe(28);
    expect(first.rows).toHaveLength(10);
    expect(third.rows).toHaveLength(8);
    const seen = new Set<string>();
    for (const page of [1, 2, 3]) {
      const byDue = await list(viewer.cookie, `?tab=hold&sort=dueOn&page=${page}`);
      for (const row of byDue.rows) seen.add(`${row.lotNumber} ${row.activity}`);
    }
    expect(seen.size).toBe(28);
    expect((await list(viewer.cookie, "?tab=hold&page=4")).rows).toEqual([]);
  });

  it("is for members who may view lots", async () => {
    const { project } = await site();
    const without = await memberWith(db.em, project, ["quality.ncr.view"]);
    const refused = await callLoader(register, PATH, { cookie: without.cookie });
    expect(refused.status).toBe(302);
    expect(refused.location).toContain("/forbidden");
    const viewer = await memberWith(db.em, project, ["quality.lot.view"]);
    const page = await callLoader(register, PATH, { cookie: viewer.cookie });
    expect(page.data.canNotify).toBe(false);
    const siteTeam = await memberWith(db.em, project, ["quality.lot.view", "quality.lot.update-status"]);
    expect((await callLoader(register, PATH, { cookie: siteTeam.cookie })).data.canNotify).toBe(true);
  });
});
