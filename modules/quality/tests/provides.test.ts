import { describe, expect, it } from "vitest";
import { Location } from "~/server/db/entities";
import {
  resolveLinkedRecords,
  searchLinkedRecords,
  siteDiarySections,
} from "~/server/extensions/extensions.server";
import { isGranted } from "~/server/permissions/grants";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { Defect, LotItemCheck, Ncr } from "../entities";
import { makeItp, makeLot } from "./reports-fixtures";

const db = setupTestDatabase();

async function place(granted: string[]) {
  const project = await createProject(db.em);
  const user = await createUser(db.em);
  const keys = new Set(granted);
  return {
    em: db.em,
    project,
    user,
    locale: "en" as const,
    can: (ref: never) => isGranted(ref, keys, false),
  };
}

describe("quality's contributions to the core's extension points", () => {
  it("site diary: the lots inspected that day at the location or below it, not others", async () => {
    const requester = await place(["quality.lot.view"]);
    const { project } = requester;
    const em = db.em;
    const bridge = em.create(Location, { project, name: "Bridge", nameKey: "bridge", path: "/" });
    await em.flush();
    const pier = em.create(Location, { project, name: "Pier 1", nameKey: "pier 1", path: `/${bridge.id}/` });
    const yard = em.create(Location, { project, name: "Yard", nameKey: "yard", path: "/" });
    await em.flush();
    const atPier = await makeLot(em, project, { title: "Pier 1 footing" });
    const inYard = await makeLot(em, project, { title: "Laydown slab" });
    const notToday = await makeLot(em, project, { title: "Deck pour" });
    for (const [lot, location] of [
      [atPier, pier],
      [inYard, yard],
      [notToday, pier],
    ] as const)
      lot.location = em.getReference(Location, location.id);
    await em.flush();
    const { items } = await makeItp(em, project);
    const check = (lot: typeof atPier, at: string) =>
      em.create(LotItemCheck, {
        project,
        lot,
        item: items[0],
        state: "conforming",
        checkedAt: new Date(at),
      } as never);
    check(atPier, "2026-11-20T09:30:00Z");
    check(inYard, "2026-11-20T10:00:00Z");
    check(notToday, "2026-11-19T16:00:00Z");
    await em.flush();

    const [section] = await siteDiarySections(requester, { date: "2026-11-20", locationId: bridge.id });
    expect(section.title).toBe("Lots inspected");
    expect(section.records.map((record) => record.title)).toEqual(["Pier 1 footing"]);
    expect(section.records[0]).toMatchObject({ number: atPier.number, href: `/quality/lot/${atPier.id}` });

    const wholeProject = await siteDiarySections(requester, { date: "2026-11-20", locationId: null });
    expect(wholeProject[0].records.map((record) => record.title)).toEqual(["Pier 1 footing", "Laydown slab"]);

    const withoutLots = await place([]);
    expect(await siteDiarySections(withoutLots, { date: "2026-11-20", locationId: null })).toEqual([]);
  });

  it("site diary: the NCRs and punch list items raised that day there, each in its own section", async () => {
    const requester = await place(["quality.ncr.view", "quality.defects.view"]);
    const { project } = requester;
    const em = db.em;
    const bridge = em.create(Location, { project, name: "Bridge", nameKey: "bridge", path: "/" });
    const yard = em.create(Location, { project, name: "Yard", nameKey: "yard", path: "/" });
    await em.flush();
    const pier = em.create(Location, { project, name: "Pier 1", nameKey: "pier 1", path: `/${bridge.id}/` });
    await em.flush();
    const atPier = await makeLot(em, project, { title: "Pier 1 footing" });
    atPier.location = em.getReference(Location, pier.id);
    await em.flush();
    const ncr = (number: string, title: string, raisedOn: string, lot: typeof atPier | null) =>
      em.create(Ncr, {
        project,
        number,
        title,
        type: lot ? "product" : "system",
        description: "Found on the inspection walk.",
        lot,
        raisedOn,
      } as never);
    ncr("NCR-0001", "Honeycombing at pier 1", "2026-11-20", atPier);
    ncr("NCR-0002", "Calibration records missing", "2026-11-20", null);
    ncr("NCR-0003", "Cover too low", "2026-11-19", atPier);
    const defect = (number: string, title: string, fields: Record<string, unknown>) =>
      em.create(Defect, { project, number, title, ...fields } as never);
    defect("DEF-0001", "Chipped kerb", {
      status: "open",
      location: pier,
      raisedAt: new Date("2026-11-20T08:00:00Z"),
    });
    defect("DEF-0002", "Loose handrail", {
      status: "open",
      lot: atPier,
      raisedAt: new Date("2026-11-20T09:00:00Z"),
    });
    defect("DEF-0003", "Fence gap", {
      status: "open",
      location: yard,
      raisedAt: new Date("2026-11-20T09:00:00Z"),
    });
    defect("DEF-0004", "Draft only", {
      status: "draft",
      location: pier,
      raisedAt: new Date("2026-11-20T09:00:00Z"),
    });
    defect("DEF-0005", "Yesterday's", {
      status: "open",
      location: pier,
      raisedAt: new Date("2026-11-19T09:00:00Z"),
    });
    await em.flush();

    const titles = (sections: Awaited<ReturnType<typeof siteDiarySections>>) =>
      Object.fromEntries(
        sections.map((section) => [section.title, section.records.map((record) => record.title)]),
      );
    const atBridge = await siteDiarySections(requester, { date: "2026-11-20", locationId: bridge.id });
    expect(titles(atBridge)).toEqual({
      "NCRs raised": ["Honeycombing at pier 1"],
      "Punch list items raised": ["Chipped kerb", "Loose handrail"],
    });
    const ncrSection = atBridge.find((section) => section.title === "NCRs raised");
    expect(ncrSection?.records[0]).toMatchObject({ number: "NCR-0001", status: "In Progress" });
    expect(ncrSection?.records[0].href).toMatch(/^\/quality\/ncr\//);

    const wholeProject = await siteDiarySections(requester, { date: "2026-11-20", locationId: null });
    expect(titles(wholeProject)).toEqual({
      "NCRs raised": ["Honeycombing at pier 1", "Calibration records missing"],
      "Punch list items raised": ["Chipped kerb", "Loose handrail", "Fence gap"],
    });

    const onlyNcrs = await place(["quality.ncr.view"]);
    onlyNcrs.project = project;
    expect(
      (await siteDiarySections(onlyNcrs, { date: "2026-11-20", locationId: null })).map(
        (section) => section.title,
      ),
    ).toEqual(["NCRs raised"]);
  });

  it("linked records: lots and ITP items of the project resolve to a title and a link", async () => {
    const requester = await place(["quality.lot.view", "quality.itp.view"]);
    const { project } = requester;
    const lot = await makeLot(db.em, project, { title: "Pier 3 footing" });
    const { itp, items } = await makeItp(db.em, project, { items: [{ activity: "Compaction test" }] });
    const elsewhere = await makeLot(db.em, await createProject(db.em), { title: "Another project's lot" });

    const resolved = await resolveLinkedRecords(requester, [
      { kind: "lot", id: lot.id },
      { kind: "lot", id: elsewhere.id },
      { kind: "lot", id: "not-an-id" },
      { kind: "itpItem", id: items[0].id },
    ]);
    expect(resolved).toEqual([
      { kind: "lot", id: lot.id, title: `${lot.number} · Pier 3 footing`, href: `/quality/lot/${lot.id}` },
      {
        kind: "itpItem",
        id: items[0].id,
        title: `${itp.number} · 1. Compaction test`,
        href: `/quality/itp/${itp.id}`,
      },
    ]);
    const found = await searchLinkedRecords(requester, "lot", "pier 3");
    expect(found.map((record) => record.id)).toEqual([lot.id]);
    expect(await searchLinkedRecords(requester, "lot", "100%")).toEqual([]);

    const lotsOnly = await place(["quality.lot.view"]);
    expect(await resolveLinkedRecords(lotsOnly, [{ kind: "itpItem", id: items[0].id }])).toEqual([]);
  });
});
