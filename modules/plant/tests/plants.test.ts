import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, OutboxMail } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { addDays } from "../domain/plant-rules";
import { PlantCheck, PlantItem } from "../entities";
import * as plantCreate from "../routes/plant-create";
import * as plantDetail from "../routes/plant-detail";
import * as plantEdit from "../routes/plant-edit";
import * as plantHome from "../routes/plant-home";
import * as plantRegister from "../routes/plant-register";
import { plantSiteToday } from "../server/plant-settings.server";
import {
  makeCheck,
  makeDocument,
  makePlant,
  notificationsOf,
  plantSite,
  savePlantSettings,
} from "./fixtures";

const db = setupTestDatabase();
const CREATE = "/plants-and-machinery/create";

async function english(messages: string[] | null | undefined) {
  const plant = await serverT("en", "plant");
  const common = await serverT("en", "common");
  return (messages ?? []).map((text) =>
    translateMessage((text.startsWith("common:") ? common : plant) as never, text),
  );
}

const plantsOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(PlantItem, {}, { orderBy: { sequence: "asc" } });

const register = (cookie: string, owner: { id: string }, fields: Record<string, string> = {}) =>
  callAction(plantCreate, CREATE, {
    cookie,
    form: {
      make: "Caterpillar",
      model: "320 GC",
      serial: "XAB 123",
      ownerCompanyId: owner.id,
      onHireDate: "2026-11-01",
      ...fields,
    },
  });

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(plantDetail, `/plants-and-machinery/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

describe("registering a plant item", () => {
  it("refuses a bad form with clear messages and writes nothing", async () => {
    const project = await createProject(db.em);
    const { engineer, owner } = await plantSite(db.em, project);
    const stranger = await createCompany(db.em, { name: "Not on this project" });
    const bad = await register(engineer.cookie, owner, {
      make: " ",
      onHireDate: "2026-11-10",
      offHireDate: "2026-11-09",
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.make)).toEqual(["This field is required"]);
    expect(await english(bad.data.error.offHireDate)).toEqual([
      "The off-hire date cannot be before the on-hire date",
    ]);
    const foreign = await register(engineer.cookie, stranger);
    expect(foreign.status).toBe(400);
    expect(await english(foreign.data.error.ownerCompanyId)).toEqual([
      "Choose one of the project's companies",
    ]);
    expect(await plantsOf(project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "plant-item" })).toBe(0);
  });

  it("numbers it PLT-0001 per project, being registered, with a 'created' entry; edits are logged", async () => {
    const project = await createProject(db.em);
    const { engineer, owner } = await plantSite(db.em, project);
    const created = await register(engineer.cookie, owner);
    expect(created.status).toBe(302);
    const [plant] = await plantsOf(project);
    expect(plant).toMatchObject({
      number: "PLT-0001",
      status: "IN_PROGRESS",
      serial: "XAB 123",
      serialKey: "XAB 123",
    });
    expect(created.location).toBe(`/plants-and-machinery/${plant.id}`);
    const edited = await callAction(plantEdit, `/plants-and-machinery/${plant.id}/edit`, {
      cookie: engineer.cookie,
      params: { id: plant.id },
      form: {
        make: "Caterpillar",
        model: "323",
        serial: "XAB 123",
        ownerCompanyId: owner.id,
        onHireDate: "2026-11-01",
      },
    });
    expect(edited.status).toBe(302);
    const entries = await db.em
      .fork()
      .find(ActivityLog, { entityType: "plant-item", entityId: plant.id }, { orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => entry.action)).toEqual(["created", "updated"]);
    expect(entries[1].after).toEqual({ model: "323" });
    const second = await register(engineer.cookie, owner, { serial: "XAB 124" });
    expect(second.status).toBe(302);
    expect((await plantsOf(project)).map((row) => row.number)).toEqual(["PLT-0001", "PLT-0002"]);
  });
});

describe("moving a plant item through its states", () => {
  it("submits, approves, off-hires and archives with 'I am sure', each step in the activity log; the viewer may not", async () => {
    const project = await createProject(db.em);
    const { engineer, manager, viewer, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001" });
    expect((await step(viewer.cookie, plant.id, "submit").catch((error: Response) => error)).status).toBe(
      403,
    );
    expect((await step(engineer.cookie, plant.id, "submit")).status).toBe(302);
    // The engineer may not approve: the guard refuses the step before it runs.
    expect((await step(engineer.cookie, plant.id, "approve").catch((error: Response) => error)).status).toBe(
      403,
    );
    expect((await step(manager.cookie, plant.id, "approve")).status).toBe(302);
    expect((await step(manager.cookie, plant.id, "off-hire")).status).toBe(302);
    const unconfirmed = await step(manager.cookie, plant.id, "archive");
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error.confirmed)).toEqual(['Tick "I am sure" to go on']);
    expect((await step(manager.cookie, plant.id, "archive", { confirmed: "true" })).status).toBe(302);
    const [stored] = await plantsOf(project);
    expect(stored.status).toBe("ARCHIVED");
    const steps = await db.em
      .fork()
      .find(
        ActivityLog,
        { entityType: "plant-item", entityId: plant.id, action: "status-changed" },
        { orderBy: { createdAt: "asc" } },
      );
    expect(steps.map((entry) => [entry.before?.status, entry.after?.status])).toEqual([
      ["IN_PROGRESS", "IN_REVIEW"],
      ["IN_REVIEW", "ACTIVE"],
      ["ACTIVE", "CLOSED"],
      ["CLOSED", "ARCHIVED"],
    ]);
    // Archived: nothing changes any more (the edit form is refused).
    const edit = await callLoader(plantEdit, `/plants-and-machinery/${plant.id}/edit`, {
      cookie: manager.cookie,
      params: { id: plant.id },
    }).catch((error: Response) => error);
    expect(edit.status).toBe(403);
  });
});

describe("pre-start checks", () => {
  const answers = (count: number, failAt: number | null) =>
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `items[${index}].answer`,
        index === failAt ? "fail" : "pass",
      ]),
    );

  it("refuses an unanswered checklist and writes nothing", async () => {
    const project = await createProject(db.em);
    const { engineer, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001", status: "ACTIVE" });
    const bad = await callAction(plantDetail, `/plants-and-machinery/${plant.id}`, {
      cookie: engineer.cookie,
      params: { id: plant.id },
      form: { intent: "pre-start", checkedOn: "2026-11-26", operator: " " },
    });
    expect(bad.status).toBe(400);
    expect(await english(bad.data.error.operator)).toEqual(["This field is required"]);
    expect(await scopeToProject(db.em.fork(), project.id).count(PlantCheck, { plant: plant.id })).toBe(0);
  });

  it("a failed item fails the check and tells the people who approve plant, by the project's channel", async () => {
    const project = await createProject(db.em);
    const { engineer, manager, owner } = await plantSite(db.em, project);
    const plant = await makePlant(db.em, project, owner, { number: "PLT-0001", status: "ACTIVE" });
    const post = (failAt: number | null) =>
      callAction(plantDetail, `/plants-and-machinery/${plant.id}`, {
        cookie: engineer.cookie,
        params: { id: plant.id },
        form: { intent: "pre-start", checkedOn: "2026-11-26", operator: "Sam Lee", ...answers(8, failAt) },
      });
    expect((await post(null)).status).toBe(302);
    expect(await notificationsOf(db.em.fork(), manager.user.id)).toEqual([]);
    expect((await post(0)).status).toBe(302);
    const checks = await scopeToProject(db.em.fork(), project.id).find(
      PlantCheck,
      { plant: plant.id },
      { orderBy: { createdAt: "asc" } },
    );
    expect(checks.map((check) => check.result)).toEqual(["PASS", "FAIL"]);
    expect(checks[1].items[0]).toEqual({ label: "Brakes", answer: "fail", comment: null });
    const told = await notificationsOf(db.em.fork(), manager.user.id, "plant-check-failed");
    expect(told.map((notification) => notification.title)).toEqual(["PLT-0001 failed its pre-start check"]);
    expect(told[0].body).toContain("Failed: Brakes");
    // The engineer who recorded it is not told of their own check.
    expect(await notificationsOf(db.em.fork(), engineer.user.id)).toEqual([]);
    // In the app and by e-mail by default; in the app only when the project says so.
    const mailsTo = (email: string) => db.em.fork().count(OutboxMail, { to: email.toLowerCase() });
    expect(await mailsTo(manager.user.email)).toBe(1);
    await savePlantSettings(db.em.fork(), project, manager.user.id, "plantNotifications", {
      documentExpiring: "in-app",
      checkFailed: "in-app",
    });
    expect((await post(2)).status).toBe(302);
    expect(await notificationsOf(db.em.fork(), manager.user.id, "plant-check-failed")).toHaveLength(2);
    expect(await mailsTo(manager.user.email)).toBe(1);
    // Turned off: nobody hears of the next failure.
    await savePlantSettings(db.em.fork(), project, manager.user.id, "plantNotifications", {
      documentExpiring: "in-app",
      checkFailed: "off",
    });
    expect((await post(1)).status).toBe(302);
    expect(await notificationsOf(db.em.fork(), manager.user.id, "plant-check-failed")).toHaveLength(2);
  });
});

describe("the register and the plant home", () => {
  it("searches and filters in SQL, and each home figure is the register's total behind its link", async () => {
    const project = await createProject(db.em);
    const { viewer, owner } = await plantSite(db.em, project);
    const today = await plantSiteToday(db.em.fork(), project);
    const onSite = await makePlant(db.em, project, owner, {
      number: "PLT-0001",
      status: "ACTIVE",
      onHireDate: addDays(today, -5),
      serial: "EXC 001",
    });
    await makePlant(db.em, project, owner, {
      number: "PLT-0002",
      status: "ACTIVE",
      onHireDate: addDays(today, -10),
      offHireDate: addDays(today, -1),
      make: "Hitachi",
    });
    const expiring = await makePlant(db.em, project, owner, { number: "PLT-0003", status: "IN_REVIEW" });
    const archived = await makePlant(db.em, project, owner, { number: "PLT-0004", status: "ARCHIVED" });
    await makeDocument(db.em, onSite, { title: "Rego", expiryDate: addDays(today, -1) });
    await makeDocument(db.em, expiring, { title: "Insurance", expiryDate: addDays(today, 30) });
    await makeDocument(db.em, expiring, { title: "Service", expiryDate: addDays(today, 31) });
    await makeDocument(db.em, archived, { title: "Old rego", expiryDate: addDays(today, 3) });
    await makeCheck(db.em, onSite, addDays(today, -6), "FAIL");
    await makeCheck(db.em, expiring, addDays(today, -7), "FAIL");

    const list = (query: string) =>
      callLoader(plantRegister, `/plants-and-machinery${query}`, { cookie: viewer.cookie });
    const numbers = async (query: string) =>
      (await list(query)).data.register.rows.map((row: { number: string }) => row.number).sort();
    expect(await numbers("?q=hitachi")).toEqual(["PLT-0002"]);
    expect(await numbers("?q=exc%20001")).toEqual(["PLT-0001"]);
    expect(await numbers("?q=coates")).toEqual(["PLT-0001", "PLT-0002", "PLT-0003", "PLT-0004"]);
    expect(await numbers("?onSite=yes")).toEqual(["PLT-0001"]);
    expect(await numbers("?onSite=no")).toEqual(["PLT-0002", "PLT-0003", "PLT-0004"]);
    expect(await numbers("?documents=expired")).toEqual(["PLT-0001"]);
    expect(await numbers("?documents=expiring")).toEqual(["PLT-0003"]);
    expect(await numbers("?checks=failed-7-days")).toEqual(["PLT-0001"]);
    expect(await numbers("?status=ARCHIVED")).toEqual(["PLT-0004"]);
    expect(await numbers(`?owner=${owner.id}&status=ACTIVE`)).toEqual(["PLT-0001", "PLT-0002"]);
    // Unfiltered and by state alone, the totals are the ones the database keeps per state.
    expect((await list("")).data.register.total).toBe(4);
    expect((await list("?status=ACTIVE")).data.register.total).toBe(2);

    const home = await callLoader(plantHome, "/plants-and-machinery/home", { cookie: viewer.cookie });
    expect(home.status).toBe(200);
    expect(home.data.figures.map((figure: { count: number }) => figure.count)).toEqual([1, 1, 1, 1]);
    for (const figure of home.data.figures as { href: string; count: number }[]) {
      const behind = await list(figure.href.slice("/plants-and-machinery".length));
      expect(behind.data.register.total).toBe(figure.count);
    }
  });
});
