import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { IN_OUT_ENTITY_TYPE } from "../domain/in-out";
import { OperationInOutRecord } from "../in-out-entities";
import * as inOutRoute from "../routes/in-out";
import * as recordRoute from "../routes/in-out-record";
import { signIn } from "../server/in-out.server";
import { english, inOutSite } from "./in-out-fixtures";

/** Signing in and out on /operation/in-out, corrections and deletions (README "In/Out"). */

const db = setupTestDatabase();

const page = (cookie: string, search = "") =>
  callLoader(inOutRoute, `/operation/in-out${search}`, { cookie });
const post = (cookie: string, form: Record<string, string>, search = "") =>
  callAction(inOutRoute, `/operation/in-out${search}`, { cookie, form });
const recordsOf = (projectId: string) =>
  db.em.find(
    OperationInOutRecord,
    { project: projectId },
    { filters: false, orderBy: { signedInAt: "asc" } },
  );
const logOf = async (projectId: string) =>
  (
    await db.em.find(
      ActivityLog,
      { entityType: IN_OUT_ENTITY_TYPE, entityId: projectId },
      { filters: false, orderBy: { createdAt: "asc" } },
    )
  ).map((row) => row.action);

const signInForm = (name: string, extra: Record<string, string> = {}) => ({
  intent: "sign-in",
  name,
  company: "Scaffold Co",
  role: "Scaffolder",
  kind: "worker",
  inducted: "on",
  ...extra,
});

describe("signing people in and out on the In/Out page", () => {
  it("signs a worker in, shows them on site now with their hours, refuses a second sign-in, signs them out", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const signedIn = await post(supervisor.cookie, signInForm("Dao Van"));
    expect(signedIn.status).toBe(302);
    const twice = await post(supervisor.cookie, signInForm(" dao  VAN ", { company: "scaffold co" }));
    expect(twice.status).toBe(409);
    expect((await english(twice.data.error[""]))[0]).toMatch(
      /^Dao Van is already signed in since \d\d:\d\d\. Sign them out first\.$/,
    );
    expect(await recordsOf(project.id)).toHaveLength(1);

    const loaded = await page(supervisor.cookie);
    expect(loaded.data.onSite.rows.map((row: { name: string }) => row.name)).toEqual(["Dao Van"]);
    expect(loaded.data.day.rows[0]).toMatchObject({ name: "Dao Van", company: "Scaffold Co", onSite: true });
    expect(loaded.data.day.rows[0].hours).toMatch(/^\d+\.\d\d$/);

    const [record] = await recordsOf(project.id);
    expect((await post(supervisor.cookie, { intent: "sign-out", recordId: record.id })).status).toBe(302);
    const after = await page(supervisor.cookie);
    expect(after.data.onSite.total).toBe(0);
    expect((await recordsOf(project.id))[0]).toMatchObject({ signOutKind: "manual" });
    // In again after signing out: a second stay the same day, one row with both stays.
    expect((await post(supervisor.cookie, signInForm("Dao Van"))).status).toBe(302);
    const again = await page(supervisor.cookie);
    expect(again.data.day.rows).toHaveLength(1);
    expect(again.data.day.rows[0].stays).toHaveLength(2);
    expect(await logOf(project.id)).toEqual(["signed-in", "signed-out", "signed-in"]);
  });

  it("refuses a worker without the induction and a malformed form, writing nothing; lets a visitor in flagged", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const uninducted = await post(supervisor.cookie, signInForm("Dao Van", { inducted: "" }));
    expect(uninducted.status).toBe(400);
    expect(await english(uninducted.data.error.inducted)).toEqual([
      "A worker must have done the site induction before signing in.",
    ]);
    const blank = await post(supervisor.cookie, signInForm("", { company: "", kind: "boss" }));
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.data.error).sort()).toEqual(["company", "kind", "name"]);
    expect(await recordsOf(project.id)).toHaveLength(0);
    expect(await logOf(project.id)).toEqual([]);

    expect(
      (await post(supervisor.cookie, signInForm("Vera Visit", { kind: "visitor", inducted: "" }))).status,
    ).toBe(302);
    expect((await recordsOf(project.id))[0]).toMatchObject({ kind: "visitor", inducted: false });
  });

  it("searches and pages the day's people in the URL, and shows another day by its date", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const actor = { projectId: project.id, actorId: null, zone: "UTC" };
    for (let i = 0; i < 12; i++)
      await signIn(
        scopeToProject(db.em, project.id),
        actor,
        {
          name: `Person ${String(i).padStart(2, "0")}`,
          company: "Formwork Pty",
          role: null,
          kind: "worker",
          inducted: true,
        },
        { source: "app" },
        new Date("2026-11-02T08:00:00Z"),
      );
    await signIn(
      scopeToProject(db.em, project.id),
      actor,
      { name: "Ann Surveyor", company: "Survey Co", role: null, kind: "worker", inducted: true },
      { source: "app" },
      new Date("2026-11-02T09:00:00Z"),
    );
    const first = await page(supervisor.cookie, "?date=2026-11-02");
    expect(first.data.day).toMatchObject({ total: 13, page: 1 });
    expect(first.data.day.rows).toHaveLength(10);
    expect(first.data.day.rows[0].name).toBe("Ann Surveyor");
    const second = await page(supervisor.cookie, "?date=2026-11-02&page=2");
    expect(second.data.day.rows.map((row: { name: string }) => row.name)).toEqual([
      "Person 09",
      "Person 10",
      "Person 11",
    ]);
    const searched = await page(supervisor.cookie, "?date=2026-11-02&q=survey");
    expect(searched.data.day.rows.map((row: { name: string }) => row.name)).toEqual(["Ann Surveyor"]);
    // Open since 2 November, no automatic sign-out: counted to the end of that day (16 h from 08:00).
    expect(first.data.day.rows[1].hours).toBe("16.00");
  });

  it("corrects a stay's times with a reason, deletes one only when confirmed, and logs both", async () => {
    const project = await createProject(db.em);
    const { office, viewer } = await inOutSite(db.em, project);
    const actor = { projectId: project.id, actorId: office.user.id, zone: "UTC" };
    const outcome = await signIn(
      scopeToProject(db.em, project.id),
      actor,
      { name: "Dao Van", company: "Scaffold Co", role: null, kind: "worker", inducted: true },
      { source: "app" },
      new Date("2026-11-03T07:10:00Z"),
    );
    if (!outcome.ok) throw new Error("not signed in");
    const id = outcome.record.id;
    const path = `/operation/in-out/${id}`;
    const noReason = await callAction(recordRoute, path, {
      cookie: office.cookie,
      params: { id },
      form: { intent: "correct", signedIn: "07:00", signedOut: "15:30", reason: "" },
    });
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.reason)).toEqual(["This field is required"]);
    const reversed = await callAction(recordRoute, path, {
      cookie: office.cookie,
      params: { id },
      form: { intent: "correct", signedIn: "07:00", signedOut: "06:00", reason: "Typo" },
    });
    expect(await english(reversed.data.error.signedOut)).toEqual([
      "The sign-out must come after the sign-in.",
    ]);
    expect((await recordsOf(project.id))[0].signedInAt.toISOString()).toBe("2026-11-03T07:10:00.000Z");
    const corrected = await callAction(recordRoute, path, {
      cookie: office.cookie,
      params: { id },
      form: {
        intent: "correct",
        signedIn: "07:00",
        signedOut: "15:30",
        reason: "Forgot to sign out at the gate",
      },
    });
    expect(corrected.status).toBe(302);
    const [record] = await recordsOf(project.id);
    expect(record.signedInAt.toISOString()).toBe("2026-11-03T07:00:00.000Z");
    expect(record.signedOutAt?.toISOString()).toBe("2026-11-03T15:30:00.000Z");
    const day = await page(office.cookie, "?date=2026-11-03");
    expect(day.data.day.rows[0].hours).toBe("8.50");

    // Only with inOut.edit may the stay's page open; delete needs the tick.
    await expect(
      callLoader(recordRoute, path, { cookie: viewer.cookie, params: { id } }),
    ).resolves.toMatchObject({ location: "/forbidden" });
    const unconfirmed = await callAction(recordRoute, path, {
      cookie: office.cookie,
      params: { id },
      form: { intent: "delete" },
    });
    expect(unconfirmed.status).toBe(400);
    expect(await recordsOf(project.id)).toHaveLength(1);
    expect(
      (
        await callAction(recordRoute, path, {
          cookie: office.cookie,
          params: { id },
          form: { intent: "delete", confirmed: "on" },
        })
      ).status,
    ).toBe(302);
    expect(await recordsOf(project.id)).toHaveLength(0);

    const activity = await page(office.cookie, "?tab=activity");
    expect(activity.data.activity.rows.map((row: { action: string }) => row.action)).toEqual([
      "deleted",
      "corrected",
      "signed-in",
    ]);
    expect(activity.data.activity.rows[1]).toMatchObject({
      reason: "Forgot to sign out at the gate",
      actor: "Olive Office",
      name: "Dao Van",
    });
  });

  it("lets a viewer see the page but not sign anyone in or out", async () => {
    const project = await createProject(db.em);
    const { viewer } = await inOutSite(db.em, project);
    const loaded = await page(viewer.cookie);
    expect(loaded.data).toMatchObject({ canCreate: false, canEdit: false, gate: null });
    await expect(post(viewer.cookie, signInForm("Dao Van"))).resolves.toMatchObject({ status: 403 });
    expect(await recordsOf(project.id)).toHaveLength(0);
  });
});
