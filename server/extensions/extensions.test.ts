import { describe, expect, it } from "vitest";
import { moduleManifests } from "~/modules/index";
import { ProjectModule } from "~/server/db/entities";
import { isGranted } from "~/server/permissions/grants";
import { buildRegistry, RegistryError } from "~/server/registry/registry";
import { createProject, createUser } from "~/tests/factories";
import fixtureManifest from "~/tests/fixtures/modules/fixture/manifest";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  type ExtensionRequester,
  enforcementScans,
  homeWidgets,
  hoursWorked,
  hoursWorkedByMonth,
  hundredthsOfDecimal,
  inOutSignOutRule,
  resolveLinkedRecords,
  searchLinkedRecords,
  siteDiarySections,
  verifyProviders,
} from "./extensions.server";

const db = setupTestDatabase();

const fixtureModules = () => buildRegistry([fixtureManifest], []).modules;

async function requesterWith(granted: string[]): Promise<ExtensionRequester> {
  const em = db.em;
  const project = await createProject(em, { name: "Harbour Tunnel" });
  const user = await createUser(em, { name: "Sam Site" });
  const keys = new Set(granted);
  return { em, project, user, locale: "en", can: (ref) => isGranted(ref, keys, false) };
}

async function switchOff(requester: ExtensionRequester, moduleId: string) {
  const em = db.em;
  em.create(ProjectModule, { project: requester.project.id, moduleId, enabled: false });
  await em.flush();
}

describe("extension points, from a provider's side (the fixture module)", () => {
  it("home.widgets: the cards the user may see, a failing widget left out and logged", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    const logged: unknown[] = [];
    const errorSpy = console.error as unknown as {
      mockImplementation(fn: (...args: unknown[]) => void): void;
    };
    errorSpy.mockImplementation((...args) => logged.push(args.join(" ")));
    const widgets = await homeWidgets(requester, fixtureModules());
    expect(widgets.map((widget) => [widget.key, widget.tab, widget.card.title])).toEqual([
      ["fixture.records", "overview", "Records of Harbour Tunnel"],
      ["fixture.suppliers", "supplier", "Suppliers"],
    ]);
    expect(widgets[0].card.waiting).toEqual([
      { id: "r1", label: "Sign R-1 for Sam Site", href: "/fixture/r1", overdue: true },
    ]);
    expect(String(logged[0])).toContain('home widget broken of module "fixture" failed');
  });

  it("site-diary.sections: the module's records of the day and location, titled in the reader's language", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    const sections = await siteDiarySections(
      requester,
      { date: "2026-11-20", locationId: null },
      fixtureModules(),
    );
    expect(sections).toEqual([
      {
        key: "fixture.records",
        moduleId: "fixture",
        title: "Home",
        records: [
          { id: "r1", number: "R-1", title: "Record of 2026-11-20 at the project", href: "/fixture/r1" },
        ],
      },
    ]);
  });

  it("linked-records: resolves references of its kind and searches them; other kinds stay unresolved", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    const resolved = await resolveLinkedRecords(
      requester,
      [
        { kind: "cncSubContract", id: "sc-2" },
        { kind: "cncSubContract", id: "gone" },
        { kind: "lot", id: "00000000-0000-4000-8000-000000000000" },
      ],
      fixtureModules(),
    );
    expect(resolved).toEqual([
      { kind: "cncSubContract", id: "sc-2", title: "SC-002 · Formwork", href: "/fixture/sc-2" },
    ]);
    const found = await searchLinkedRecords(requester, "cncSubContract", "earth", 5, fixtureModules());
    expect(found.map((record) => record.id)).toEqual(["sc-1"]);
  });

  it("hours-worked: sums the modules' hours over the period", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    expect(await hoursWorked(requester, { from: "2026-11-01", to: "2026-11-07" }, fixtureModules())).toEqual({
      hours: 56,
      sources: ["fixture"],
    });
  });

  it("hours-worked by month: each month's figure in hundredths, for any reader (no permission), nothing when off", async () => {
    const requester = await requesterWith([]);
    const months = await hoursWorkedByMonth(
      requester.em,
      requester.project.id,
      { from: "2026-10-15", to: "2026-11-07" },
      fixtureModules(),
    );
    expect([...months]).toEqual([
      ["2026-10", 825n],
      ["2026-11", 825n],
    ]);
    expect(hundredthsOfDecimal("1234.5")).toBe(123450n);
    expect(hundredthsOfDecimal("0.07")).toBe(7n);
    expect(() => hundredthsOfDecimal("1e3")).toThrow(/not a decimal number/);
    await switchOff(requester, "fixture");
    expect([
      ...(await hoursWorkedByMonth(
        requester.em,
        requester.project.id,
        { from: "2026-10-01", to: "2026-10-31" },
        fixtureModules(),
      )),
    ]).toEqual([]);
  });

  it("in-out.sign-out-rule: none without a module providing it (no automatic sign-out)", async () => {
    const requester = await requesterWith([]);
    expect(await inOutSignOutRule(requester.em, requester.project.id, fixtureModules())).toBeNull();
  });

  it("enforcement.scans: the scans of one object, newest first, at most the limit asked", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    const query = {
      objectType: "PLANT_AND_MACHINERY" as const,
      objectId: "p-1",
      tags: ["XAB 123"],
      limit: 5,
    };
    const answer = await enforcementScans(requester, query, fixtureModules());
    expect(answer).toEqual({
      state: "shown",
      sources: ["fixture"],
      scans: [
        expect.objectContaining({ id: "s2", objectId: "XAB 123", result: "FAIL" }),
        expect.objectContaining({ id: "s1", objectId: "p-1", result: "PASS" }),
      ],
    });
    const one = await enforcementScans(requester, { ...query, limit: 1 }, fixtureModules());
    expect(one.state === "shown" && one.scans.map((scan) => scan.id)).toEqual(["s2"]);
  });

  it("enforcement.scans: 'off' when no module recording scans is on, 'hidden' without its permission", async () => {
    const query = { objectType: "PLANT_AND_MACHINERY" as const, objectId: "p-1", tags: [], limit: 5 };
    const without = await requesterWith(["quality.lot.view"]);
    expect(await enforcementScans(without, query, fixtureModules())).toEqual({ state: "hidden" });
    const requester = await requesterWith(["fixture.record.view"]);
    await switchOff(requester, "fixture");
    expect(await enforcementScans(requester, query, fixtureModules())).toEqual({ state: "off" });
  });

  it("a module switched off for the project contributes nothing to any point", async () => {
    const requester = await requesterWith(["fixture.record.view"]);
    await switchOff(requester, "fixture");
    const modules = fixtureModules();
    expect(await homeWidgets(requester, modules)).toEqual([]);
    expect(await siteDiarySections(requester, { date: "2026-11-20", locationId: null }, modules)).toEqual([]);
    expect(await resolveLinkedRecords(requester, [{ kind: "cncSubContract", id: "sc-1" }], modules)).toEqual(
      [],
    );
    expect(await searchLinkedRecords(requester, "cncSubContract", "", 5, modules)).toEqual([]);
    expect(await hoursWorked(requester, { from: "2026-11-01", to: "2026-11-01" }, modules)).toEqual({
      hours: 0,
      sources: [],
    });
  });

  it("a user without the module's view permission gets nothing from it", async () => {
    const requester = await requesterWith(["quality.lot.view"]);
    const modules = fixtureModules();
    expect(await homeWidgets(requester, modules)).toEqual([]);
    expect(await siteDiarySections(requester, { date: "2026-11-20", locationId: null }, modules)).toEqual([]);
    expect(await resolveLinkedRecords(requester, [{ kind: "cncSubContract", id: "sc-1" }], modules)).toEqual(
      [],
    );
    expect(await hoursWorked(requester, { from: "2026-11-01", to: "2026-11-01" }, modules)).toEqual({
      hours: 0,
      sources: [],
    });
  });
});

describe("provider files, checked by the registry", () => {
  it("every module's provider file exports its point's contract", async () => {
    await expect(verifyProviders(buildRegistry(moduleManifests, []).modules)).resolves.toBeUndefined();
    await expect(verifyProviders(fixtureModules())).resolves.toBeUndefined();
  });

  it("fails on a provider file that exports no contract", async () => {
    const broken = {
      ...fixtureManifest,
      provides: {
        "home.widgets": () => import("~/tests/fixtures/modules/fixture/provides/no-contract.server"),
      },
    };
    await expect(verifyProviders(buildRegistry([broken as never], []).modules)).rejects.toThrowError(
      'Module "fixture" names a provider for "home.widgets" whose file does not export `provider`',
    );
  });

  it("fails on a provider file that provides another point", async () => {
    const broken = {
      ...fixtureManifest,
      provides: {
        "home.widgets": () => import("~/tests/fixtures/modules/fixture/provides/wrong-point.server"),
      },
    };
    await expect(verifyProviders(buildRegistry([broken as never], []).modules)).rejects.toThrowError(
      'Module "fixture" names a provider for "home.widgets" whose file provides "hours-worked"',
    );
  });

  it("fails on a manifest naming an unknown extension point", () => {
    const broken = { ...fixtureManifest, provides: { "home.gadgets": () => import("./contracts") } };
    expect(() => buildRegistry([broken as never], [])).toThrowError(RegistryError);
    expect(() => buildRegistry([broken as never], [])).toThrowError(/provides/);
  });
});
