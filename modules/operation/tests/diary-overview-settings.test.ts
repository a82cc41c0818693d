import { afterEach, describe, expect, it } from "vitest";
import { setWeatherProviderForTests, weatherFor } from "~/plugins/weather/index.server";
import { zonedDay } from "~/server/projects/time-zone";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { addDays } from "../domain/diary-fields";
import * as home from "../routes/operation-home";
import * as settings from "../routes/operation-settings";
import * as create from "../routes/site-diary-create";
import * as detail from "../routes/site-diary-detail";
import { diariesOf, diarySite } from "./diary-fixtures";

const db = setupTestDatabase();
const CREATE = "/operation/site-diaries/create";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

describe("the Overview", () => {
  it("lists today's diaries, those waiting for review and those overdue", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer } = await diarySite(db.em, project);
    const today = zonedDay(new Date(), "UTC");
    const make = async (formDate: string) => {
      await callAction(create, CREATE, { cookie: engineer.cookie, form: { intent: "create", formDate } });
      return (await diariesOf(db.em, project)).find(
        (diary) => String(diary.formDate).slice(0, 10) === formDate,
      )!;
    };
    await make(today);
    const old = await make(addDays(today, -5));
    const waiting = await make(addDays(today, -1));
    await callAction(detail, `/operation/site-diaries/${waiting.id}`, {
      cookie: engineer.cookie,
      params: { id: waiting.id },
      form: { intent: "transition", action: "submit" },
    });
    const page = await callLoader(home, "/operation/home", { cookie: viewer.cookie });
    const numbers = (rows: { number: string }[]) => rows.map((row) => row.number);
    expect(numbers(page.data.diaries.todays)).toEqual(["SD-0001"]);
    expect(numbers(page.data.diaries.review)).toEqual(["SD-0003"]);
    expect(numbers(page.data.diaries.overdue)).toEqual([old.number]);
    const outsider = await signedInMember(db.em, project, ["operation.inOut.view"]);
    expect((await callLoader(home, "/operation/home", { cookie: outsider.cookie })).data.diaries).toBeNull();
  });
});

describe("the operation settings", () => {
  it("sets a new diary's due date from its form date, for those who may save them", async () => {
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    const admin = await signedInMember(db.em, project, [
      "operation.settings.view-settings",
      "operation.settings.create-settings",
    ]);
    const viewerOnly = await signedInMember(db.em, project, ["operation.settings.view-settings"]);
    const loaded = await callLoader(settings, "/operation/settings", { cookie: admin.cookie });
    expect(loaded.data.cards).toHaveLength(1);
    const form = {
      intent: "save",
      moduleId: "operation",
      form: "siteDiary",
      dueDays: "3",
      weatherProvider: "manual",
      prefillWorkLog: "on",
      prefillPlant: "on",
    };
    expect(
      (await callAction(settings, "/operation/settings", { cookie: viewerOnly.cookie, form })).status,
    ).toBe(403);
    expect((await callAction(settings, "/operation/settings", { cookie: admin.cookie, form })).status).toBe(
      302,
    );
    await callAction(create, CREATE, {
      cookie: engineer.cookie,
      form: { intent: "create", formDate: "2026-11-20" },
    });
    const [diary] = await diariesOf(db.em, project);
    expect(String(diary.dueDate).slice(0, 10)).toBe("2026-11-23");
  });
});

describe("the weather plugin", () => {
  it("by default gives nothing (the user types the weather); a provider's reading is offered on the diary", async () => {
    expect(await weatherFor("manual", { date: "2026-11-20", location: null })).toBeNull();
    restore = setWeatherProviderForTests({
      name: "manual",
      dayWeather: async () => ({ sky: "overcast", rain: "light" }),
    });
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    await callAction(create, CREATE, {
      cookie: engineer.cookie,
      form: { intent: "create", formDate: "2026-11-20" },
    });
    const [diary] = await diariesOf(db.em, project);
    const page = await callLoader(detail, `/operation/site-diaries/${diary.id}`, {
      cookie: engineer.cookie,
      params: { id: diary.id },
    });
    expect(page.data.suggestedWeather).toEqual({ sky: "overcast", rain: "light" });
    // Nothing is saved until the user saves the form.
    expect((await diariesOf(db.em, project))[0].sky).toBeNull();
  });
});
