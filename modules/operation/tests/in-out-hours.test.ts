import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { hoursWorkedByMonth } from "~/server/extensions/extensions.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";
import * as overview from "../routes/operation-home";
import { signIn, signOut } from "../server/in-out.server";
import { inOutHome } from "../server/in-out-home.server";
import { hoursClock } from "../server/in-out-hours.server";
import { inOutWorkLog } from "../server/in-out-work-log.server";
import { inOutSite, setAutoSignOut, setProjectTimeZone, worker } from "./in-out-fixtures";

/** In/Out's hours: the site diary's Work Log rows and the person-hours of the core's hours-worked point. */

const db = setupTestDatabase();

async function site(zone = "UTC") {
  const project = await createProject(db.em);
  await setProjectTimeZone(db.em, project, zone);
  const em = scopeToProject(db.em, project.id);
  const actor = { projectId: project.id, actorId: null, zone };
  const stay = async (name: string, company: string, from: string, to: string | null) => {
    const outcome = await signIn(em, actor, worker(name, company), { source: "app" }, new Date(from));
    if (!outcome.ok) throw new Error(`${name} not signed in`);
    if (to) await signOut(em, actor, outcome.record.id, "manual", new Date(to));
    return outcome.record;
  };
  return { project, em, stay };
}

describe("the site diary's Work Log from In/Out", () => {
  it("gives per company the distinct people of the day and their hours, two decimals, an open stay to the sign-out time", async () => {
    const { project, stay } = await site();
    await setAutoSignOut(db.em, project, "17:00");
    await stay("Ann", "Scaffold Co", "2026-11-04T07:00:00Z", "2026-11-04T11:20:00Z");
    // Ann again after lunch: one person, two stays.
    await stay("Ann", "Scaffold Co", "2026-11-04T12:00:00Z", "2026-11-04T15:35:00Z");
    await stay("Bob", "scaffold co", "2026-11-04T07:00:00Z", "2026-11-04T07:01:00Z");
    // Still in: counted to 17:00, the automatic sign-out time of the day.
    await stay("Cai", "Electric Pty", "2026-11-04T08:15:00Z", null);
    await stay("Dee", "Electric Pty", "2026-11-05T08:00:00Z", "2026-11-05T16:00:00Z");
    const clock = { ...(await hoursClock(db.em, project.id)), now: new Date("2026-11-06T00:00:00Z") };
    expect(await inOutWorkLog(db.em, project.id, "2026-11-04", clock)).toEqual([
      { company: "Electric Pty", workers: 1, hours: "8.75" },
      // 4:20 + 3:35 + 0:01 = 7:56 = 7.933… h
      { company: "Scaffold Co", workers: 2, hours: "7.93" },
    ]);
    expect(await inOutWorkLog(db.em, project.id, "2026-11-03", clock)).toEqual([]);
    // Read at 10:15 that day, the open stay counts up to now.
    const morning = { ...clock, now: new Date("2026-11-04T10:15:00Z") };
    expect((await inOutWorkLog(db.em, project.id, "2026-11-04", morning))[0]).toEqual({
      company: "Electric Pty",
      workers: 1,
      hours: "2.00",
    });
  });

  it("counts a Sydney site's day on its own clock", async () => {
    const { project, stay } = await site("Australia/Sydney");
    // 06:30 on 5 November in Sydney is 19:30 UTC on the 4th.
    await stay("Ann", "Scaffold Co", "2026-11-04T19:30:00Z", "2026-11-05T05:00:00Z");
    expect(await inOutWorkLog(db.em, project.id, "2026-11-05")).toEqual([
      { company: "Scaffold Co", workers: 1, hours: "9.50" },
    ]);
    expect(await inOutWorkLog(db.em, project.id, "2026-11-04")).toEqual([]);
  });
});

describe("In/Out's contribution to hours worked", () => {
  it("gives the person-hours of each month with stays, in hundredths", async () => {
    const { project, stay } = await site();
    await stay("Ann", "Scaffold Co", "2026-09-30T07:00:00Z", "2026-09-30T15:00:00Z");
    await stay("Ann", "Scaffold Co", "2026-10-01T07:00:00Z", "2026-10-01T15:30:00Z");
    await stay("Bob", "Scaffold Co", "2026-10-02T07:00:00Z", "2026-10-02T07:20:00Z");
    const months = await hoursWorkedByMonth(db.em, project.id, { from: "2026-09-01", to: "2026-11-30" });
    expect([...months]).toEqual([
      ["2026-09", 800n],
      ["2026-10", 883n],
    ]);
  });
});

describe("In/Out on the operation overview", () => {
  it("shows who is on site now and today's people and hours, to those who may view In/Out only", async () => {
    const { project, em, stay } = await site();
    const now = Date.now();
    // A minute ago: today on the project's clock (UTC) at any hour but the first minute of the day.
    await stay("Ann", "Scaffold Co", new Date(now - 60_000).toISOString(), null);
    const { office } = await inOutSite(db.em, project);
    const context = await requireRoute(
      new Request("http://localhost:3000/operation/home", { headers: { Cookie: office.cookie } }),
    );
    const home = await inOutHome(context);
    expect(home).toMatchObject({ href: "/operation/in-out", onSiteTotal: 1, peopleToday: 1 });
    expect(home?.onSite.map((person) => person.name)).toEqual(["Ann"]);
    expect(home?.hoursToday).toMatch(/^0\.0[1-3]$/);
    // The overview page carries it.
    const page = await callLoader(overview, "/operation/home", { cookie: office.cookie });
    expect(page.data.inOut).toMatchObject({ onSiteTotal: 1 });
    const nobody = await signedInMember(em, project, ["operation.siteDaries.view"]);
    const other = await requireRoute(
      new Request("http://localhost:3000/operation/home", { headers: { Cookie: nobody.cookie } }),
    );
    expect(await inOutHome(other)).toBeNull();
    expect((await callLoader(overview, "/operation/home", { cookie: nobody.cookie })).data.inOut).toBeNull();
  });
});
