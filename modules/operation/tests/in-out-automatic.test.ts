import { describe, expect, it } from "vitest";
import { JobRun } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { runScheduleTick } from "~/server/jobs/schedules.server";
import { setModuleEnabled } from "~/server/settings/project-modules.server";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader } from "~/tests/setup/requests";
import { OperationInOutRecord } from "../in-out-entities";
import * as inOutRoute from "../routes/in-out";
import { signIn } from "../server/in-out.server";
import { autoSignOutSchedule, signOutAutomatically } from "../server/in-out-auto-sign-out.server";
import { inOutSite, setAutoSignOut, setProjectTimeZone, worker } from "./in-out-fixtures";

/** The automatic sign-out at the incident settings' time, on each project's clock (decision 040). */

const db = setupTestDatabase();

const stays = (projectId: string) =>
  db.em.find(OperationInOutRecord, { project: projectId }, { filters: false, orderBy: { name: "asc" } });

async function projectIn(zone: string, language = "EN") {
  const project = await createProject(db.em, { language });
  await setProjectTimeZone(db.em, project, zone);
  const em = scopeToProject(db.em, project.id);
  const actor = { projectId: project.id, actorId: null, zone };
  return { project, em, actor };
}

describe("the automatic sign-out", () => {
  it("signs out everyone still in at the time, on a UTC and on a Sydney project's clock, once only", async () => {
    const utc = await projectIn("UTC");
    await setAutoSignOut(db.em, utc.project, "17:00");
    await signIn(utc.em, utc.actor, worker("Ann Early"), { source: "app" }, new Date("2026-11-10T06:30:00Z"));
    await signIn(utc.em, utc.actor, worker("Bob Late"), { source: "app" }, new Date("2026-11-10T16:00:00Z"));

    // 17:00 in Sydney (summer, +11) is 06:00 UTC.
    const sydney = await projectIn("Australia/Sydney", "AU");
    await setAutoSignOut(db.em, sydney.project, "17:00");
    await signIn(
      sydney.em,
      sydney.actor,
      worker("Cai Sydney"),
      { source: "app" },
      new Date("2026-11-09T20:00:00Z"),
    );

    // Before either time: nothing is due.
    expect(await signOutAutomatically(db.em.fork(), utc.project.id, new Date("2026-11-10T05:59:00Z"))).toBe(
      0,
    );
    expect(
      await signOutAutomatically(db.em.fork(), sydney.project.id, new Date("2026-11-10T05:59:00Z")),
    ).toBe(0);

    // The schedule's tick at 06:00 UTC: Sydney's 17:00 has come, UTC's not.
    await runScheduleTick(db.db.orm, autoSignOutSchedule.name, new Date("2026-11-10T06:00:00Z"));
    expect((await stays(sydney.project.id))[0]).toMatchObject({ signOutKind: "automatic" });
    expect((await stays(sydney.project.id))[0].signedOutAt?.toISOString()).toBe("2026-11-10T06:00:00.000Z");
    expect((await stays(utc.project.id)).every((stay) => stay.signedOutAt === null)).toBe(true);

    // 17:05 UTC: both UTC workers out at 17:00 exactly.
    await runScheduleTick(db.db.orm, autoSignOutSchedule.name, new Date("2026-11-10T17:05:00Z"));
    const utcStays = await stays(utc.project.id);
    expect(utcStays.map((stay) => [stay.name, stay.signedOutAt?.toISOString(), stay.signOutKind])).toEqual([
      ["Ann Early", "2026-11-10T17:00:00.000Z", "automatic"],
      ["Bob Late", "2026-11-10T17:00:00.000Z", "automatic"],
    ]);
    // Once only: later ticks (or a doubled one) find nothing to do and start no run.
    const runs = await db.em.count(JobRun, {}, { filters: false });
    await runScheduleTick(db.db.orm, autoSignOutSchedule.name, new Date("2026-11-10T17:10:00Z"));
    await runScheduleTick(db.db.orm, autoSignOutSchedule.name, new Date("2026-11-10T17:10:00Z"));
    expect(await db.em.count(JobRun, {}, { filters: false })).toBe(runs);
    expect(await signOutAutomatically(db.em.fork(), utc.project.id, new Date("2026-11-11T17:10:00Z"))).toBe(
      0,
    );

    // Shown as automatic on the day's list.
    const { office } = await inOutSite(db.em, utc.project);
    const day = await callLoader(inOutRoute, "/operation/in-out?date=2026-11-10", { cookie: office.cookie });
    expect(day.data.day.rows.map((row: { hours: string }) => row.hours)).toEqual(["10.50", "1.00"]);
    expect(day.data.day.rows[0].stays[0].how).toBe("automatic");
    const log = await callLoader(inOutRoute, "/operation/in-out?tab=activity", { cookie: office.cookie });
    expect(
      log.data.activity.rows.filter((row: { action: string }) => row.action === "signed-out-automatically"),
    ).toHaveLength(2);
  });

  it("signs out someone who came in after the time at the end of their day", async () => {
    const utc = await projectIn("UTC");
    await setAutoSignOut(db.em, utc.project, "17:00");
    await signIn(
      utc.em,
      utc.actor,
      worker("Nina Night"),
      { source: "app" },
      new Date("2026-11-10T19:00:00Z"),
    );
    expect(await signOutAutomatically(db.em.fork(), utc.project.id, new Date("2026-11-10T23:00:00Z"))).toBe(
      0,
    );
    expect(await signOutAutomatically(db.em.fork(), utc.project.id, new Date("2026-11-11T00:05:00Z"))).toBe(
      1,
    );
    expect((await stays(utc.project.id))[0].signedOutAt?.toISOString()).toBe("2026-11-11T00:00:00.000Z");
  });

  it("does nothing when the rule is off, or when Safety (which keeps the rule) is off for the project", async () => {
    const off = await projectIn("UTC");
    await setAutoSignOut(db.em, off.project, "17:00", false);
    await signIn(off.em, off.actor, worker("Ann Early"), { source: "app" }, new Date("2026-11-10T06:30:00Z"));
    const noSafety = await projectIn("UTC");
    await setAutoSignOut(db.em, noSafety.project, "17:00");
    const admin = await createUser(db.em);
    await setModuleEnabled(db.em, {
      projectId: noSafety.project.id,
      moduleId: "safety",
      enabled: false,
      actorId: admin.id,
    });
    await signIn(
      noSafety.em,
      noSafety.actor,
      worker("Bob Late"),
      { source: "app" },
      new Date("2026-11-10T06:30:00Z"),
    );
    await runScheduleTick(db.db.orm, autoSignOutSchedule.name, new Date("2026-11-10T18:00:00Z"));
    expect((await stays(off.project.id))[0].signedOutAt).toBeNull();
    expect((await stays(noSafety.project.id))[0].signedOutAt).toBeNull();
  });
});
