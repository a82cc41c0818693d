/**
 * The site diary's contributed sections (site-diary.sections): Safety's and Quality's records of the diary's
 * day (on the project's clock) at its location's subtree, not other days or places; a module switched off
 * says so; a new day's diary pre-fills from the plant-rows sections and from In/Out's work log. A
 * cross-module test, so it lives outside the modules.
 */
import { describe, expect, it } from "vitest";
import { SiteDiaryRow } from "~/modules/operation/diary-entities";
import * as create from "~/modules/operation/routes/site-diary-create";
import * as detail from "~/modules/operation/routes/site-diary-detail";
import { createDiary } from "~/modules/operation/server/diaries.server";
import { dayPrefillSources } from "~/modules/operation/server/diary-sections.server";
import { Defect, Lot, Ncr } from "~/modules/quality/entities";
import {
  SafetyEnforcementScan,
  SafetyIncident,
  SafetyObservation,
  SafetyPermit,
  SafetyTalk,
} from "~/modules/safety/entities";
import { type IProject, ProjectModule, ProjectSetting } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { buildRegistry } from "~/server/registry/registry";
import { createProject } from "~/tests/factories";
import fixtureManifest from "~/tests/fixtures/modules/fixture/manifest";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";

const db = setupTestDatabase();
const ZONE = "Australia/Sydney";

async function place(project: IProject, name: string, parentId?: string) {
  const made = await createLocation(
    { em: scopeToProject(db.em, project.id), projectId: project.id, actorId: null },
    { name, parentId: parentId ?? null },
  );
  if (!made.ok) throw new Error(name);
  return made.value;
}

/** A Sydney project with records on 20 November (site time) at the pier, in the yard, and on the 19th. */
async function siteWithRecords() {
  const project = await createProject(db.em, { name: "Harbour Tunnel" });
  const em = db.em;
  em.create(ProjectSetting, {
    project,
    moduleId: "project-settings",
    form: "general",
    values: { timeZone: ZONE },
  } as never);
  const bridge = await place(project, "Bridge");
  const pier = await place(project, "Pier 2", bridge.id);
  const yard = await place(project, "Laydown yard");
  // 07:30 on the 20th in Sydney is 20:30 on the 19th in UTC; 23:30 on the 20th in Sydney is 12:30 UTC.
  const sydney = (utc: string) => new Date(utc);
  const incident = (number: string, title: string, occurredAt: Date, location: string | null) =>
    em.create(SafetyIncident, { project, number, title, occurredAt, location, impactAreas: [] } as never);
  incident("INC-0001", "Hand injury at the pier", sydney("2026-11-19T20:30:00Z"), pier.id);
  incident("INC-0002", "Forklift near miss in the yard", sydney("2026-11-20T12:30:00Z"), yard.id);
  incident("INC-0003", "Slip the day before", sydney("2026-11-19T12:00:00Z"), pier.id);
  em.create(SafetyObservation, {
    project,
    number: "OBS-0001",
    kind: "unsafe_act",
    title: "No harness on the pier cap",
    observedOn: "2026-11-20",
    location: pier.id,
  } as never);
  em.create(SafetyObservation, {
    project,
    number: "OBS-0002",
    kind: "positive",
    title: "Tidy yard",
    observedOn: "2026-11-21",
    location: yard.id,
  } as never);
  em.create(SafetyPermit, {
    project,
    number: "PTW-0001",
    type: "hot_work",
    title: "Welding bearings",
    location: bridge.id,
    validFrom: new Date("2026-11-18T21:00:00Z"),
    validTo: new Date("2026-11-21T07:00:00Z"),
    checklist: [],
    status: "ACTIVE",
  } as never);
  em.create(SafetyPermit, {
    project,
    number: "PTW-0002",
    type: "hot_work",
    title: "Not approved yet",
    location: bridge.id,
    validFrom: new Date("2026-11-18T21:00:00Z"),
    validTo: new Date("2026-11-21T07:00:00Z"),
    checklist: [],
    status: "IN_REVIEW",
  } as never);
  em.create(SafetyTalk, {
    project,
    number: "PST-0001",
    kind: "pre_start",
    title: "Crane lift",
    heldOn: "2026-11-20",
    location: pier.id,
  } as never);
  em.create(SafetyTalk, {
    project,
    number: "TBT-0001",
    kind: "toolbox",
    title: "Heat stress",
    heldOn: "2026-11-20",
    location: pier.id,
  } as never);
  em.create(SafetyEnforcementScan, {
    project,
    number: "ENF-0001",
    objectType: "PLANT_AND_MACHINERY",
    objectId: "PM-0042",
    objectName: "Excavator without a spotter",
    status: "FAIL",
    ncrRaised: true,
    createdAt: new Date("2026-11-20T01:00:00Z"),
  } as never);
  const lot = em.create(Lot, {
    project,
    number: "LOT-0001",
    title: "Pier 2 cap",
    location: pier.id,
  } as never);
  em.create(Ncr, {
    project,
    number: "NCR-0001",
    type: "product",
    title: "Honeycombing on the cap",
    description: "Voids",
    raisedOn: "2026-11-20",
    lot,
  } as never);
  em.create(Defect, {
    project,
    number: "PL-0001",
    title: "Chipped edge",
    status: "open",
    location: pier.id,
    raisedAt: new Date("2026-11-20T03:00:00Z"),
  } as never);
  // The site's clock, not UTC's: 08:00 on the 20th in Sydney is still the 19th in UTC, and 07:00 on the 21st
  // in Sydney is the 20th in UTC.
  em.create(Defect, {
    project,
    number: "PL-0002",
    title: "Early walk-through",
    status: "open",
    location: pier.id,
    raisedAt: new Date("2026-11-19T21:00:00Z"),
  } as never);
  em.create(Defect, {
    project,
    number: "PL-0003",
    title: "Next morning",
    status: "open",
    location: pier.id,
    raisedAt: new Date("2026-11-20T20:00:00Z"),
  } as never);
  await em.flush();
  const everything = await signedInMember(db.em, project, [
    "operation.siteDaries.view",
    "operation.siteDaries.create",
    "operation.siteDaries.edit",
    "safety.incidents.view",
    "safety.observations.view",
    "safety.permits.view",
    "safety.meeting.ptt-view",
    "safety.meeting.toolbox-talk-view",
    "safety.enforcement.view",
    "quality.ncr.view",
    "quality.defects.view",
    "quality.lot.view",
  ]);
  return { project, bridge, pier, yard, everything };
}

async function diaryPage(cookie: string, formDate: string, locationId: string | null) {
  const made = await callAction(create, "/operation/site-diaries/create", {
    cookie,
    form: { intent: "create", formDate, ...(locationId ? { locationId } : {}) },
  });
  expect(made.status, JSON.stringify(made.data)).toBe(302);
  const id = (made.location ?? "").split("/").pop() ?? "";
  return callLoader(detail, `/operation/site-diaries/${id}`, { cookie, params: { id } });
}

type Tab = {
  id: string;
  switchedOff: string | null;
  sections: { key: string; records: { number: string }[] }[];
};
const listed = (page: { data: { contributions: { mapped: { id: string; tabs: Tab[] }[] } } }) =>
  Object.fromEntries(
    page.data.contributions.mapped.flatMap((section) =>
      section.tabs.map((tab) => [
        `${section.id}.${tab.id}`,
        tab.switchedOff ?? tab.sections.flatMap((placed) => placed.records.map((record) => record.number)),
      ]),
    ),
  );

describe("the site diary's contributed sections", () => {
  it("lists Safety's and Quality's records of that day at the location's subtree, on the project's clock", async () => {
    const { bridge, everything } = await siteWithRecords();
    const page = await diaryPage(everything.cookie, "2026-11-20", bridge.id);
    expect(listed(page)).toEqual({
      "ncr.safety": [],
      "ncr.quality": ["NCR-0001"],
      "permits.permits": ["PTW-0001"],
      "meetings.preStart": ["PST-0001"],
      "meetings.toolbox": ["TBT-0001"],
      "incidents.incidents": ["INC-0001"],
      "observations.observations": ["OBS-0001"],
      "punchlist.punchlist": ["PL-0001", "PL-0002"],
    });
    const keys = page.data.contributions.mapped.flatMap((section: { tabs: Tab[] }) =>
      section.tabs.flatMap((tab) => tab.sections.map((placed) => placed.key)),
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        "safety.incidents",
        "quality.ncrs-raised",
        "safety.ncrs",
        "quality.punch-list-raised",
      ]),
    );
  });

  it("gives the whole-project diary every place, and the enforcement NCRs that have no place", async () => {
    const { everything } = await siteWithRecords();
    const page = await diaryPage(everything.cookie, "2026-11-20", null);
    const sections = listed(page);
    expect(sections["incidents.incidents"]).toEqual(["INC-0001", "INC-0002"]);
    expect(sections["ncr.safety"]).toEqual(["ENF-0001"]);
    // Another day: nothing of the 20th.
    const nextDay = listed(await diaryPage(everything.cookie, "2026-11-21", null));
    expect(nextDay["incidents.incidents"]).toEqual([]);
    expect(nextDay["observations.observations"]).toEqual(["OBS-0002"]);
    expect(nextDay["punchlist.punchlist"]).toEqual(["PL-0003"]);
  });

  it("says so when a module is switched off for the project, and lists nothing of it", async () => {
    const { project, yard, everything } = await siteWithRecords();
    const em = db.em;
    em.create(ProjectModule, { project: project.id, moduleId: "quality", enabled: false });
    await em.flush();
    const page = await diaryPage(everything.cookie, "2026-11-20", yard.id);
    const sections = listed(page);
    expect(sections["ncr.quality"]).toBe("quality:title");
    expect(sections["punchlist.punchlist"]).toBe("quality:title");
    expect(sections["incidents.incidents"]).toEqual(["INC-0002"]);
  });
});

describe("a new day's diary fills itself", () => {
  it("pre-fills the plant rows from plant-rows sections and the work log from the given source, marked until saved", async () => {
    const { project, everything } = await siteWithRecords();
    const context = await requireRoute(
      new Request("http://localhost:3000/operation/site-diaries/create", {
        headers: { Cookie: everything.cookie },
      }),
    );
    const plantModule = {
      ...fixtureManifest,
      provides: {
        "site-diary.sections": () => import("~/tests/fixtures/modules/plant-rows/site-diary.server"),
      },
    };
    const modules = buildRegistry([plantModule], []).modules;
    const asked: string[] = [];
    const sources = await dayPrefillSources(
      { ...context, can: () => true },
      { date: "2026-11-20", locationId: null },
      async (_em, projectId, date) => {
        asked.push(`${projectId} ${date}`);
        return [{ company: "Apex Formwork", workers: 6, hours: "45.5" }];
      },
      modules,
    );
    expect(asked).toEqual([`${project.id} 2026-11-20`]);
    expect(sources.plantRecords).toEqual([
      { title: "PM-0007 Komatsu PC210 excavator", detail: "Rego XYZ-123" },
      { title: "PM-0009 Franna crane (2026-11-20)", detail: undefined },
    ]);
    const made = await createDiary(context, { formDate: "2026-11-20", locationId: null }, sources);
    if (!made.ok) throw new Error("not created");
    const rows = await db.em
      .fork()
      .find(
        SiteDiaryRow,
        { diary: made.diary.id },
        { filters: false, orderBy: { section: "asc", position: "asc" } },
      );
    expect(
      rows.map((row) => [
        row.section,
        row.title,
        row.company ?? null,
        row.workers ?? null,
        row.hours ?? null,
        row.prefilled,
      ]),
    ).toEqual([
      ["plant", "PM-0007 Komatsu PC210 excavator", null, null, null, true],
      ["plant", "PM-0009 Franna crane (2026-11-20)", null, null, null, true],
      ["work_log", "", "Apex Formwork", 6, "45.50", true],
    ]);
    // The user confirms them by saving the form: no longer marked.
    const saved = await callAction(detail, `/operation/site-diaries/${made.diary.id}`, {
      cookie: everything.cookie,
      params: { id: made.diary.id },
      form: {
        intent: "save",
        dueDate: "2026-11-21",
        "plant[0].plantKind": "plant",
        "plant[0].title": "PM-0007 Komatsu PC210 excavator",
        "workLog[0].company": "Apex Formwork",
        "workLog[0].title": "Formwork",
        "workLog[0].workers": "6",
        "workLog[0].hours": "45.50",
      },
    });
    expect(saved.status).toBe(302);
    const after = await db.em.fork().find(SiteDiaryRow, { diary: made.diary.id }, { filters: false });
    expect(after.every((row) => !row.prefilled)).toBe(true);
  });
});
