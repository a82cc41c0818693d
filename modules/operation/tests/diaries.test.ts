import { describe, expect, it } from "vitest";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { zonedDay } from "~/server/projects/time-zone";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SiteDiaryIssue, SiteDiaryNote, SiteDiaryRow } from "../diary-entities";
import * as create from "../routes/site-diary-create";
import * as detail from "../routes/site-diary-detail";
import * as photos from "../routes/site-diary-photos";
import { diariesOf, diarySite, english, makeLocation, setProjectTimeZone } from "./diary-fixtures";

const db = setupTestDatabase();
const CREATE = "/operation/site-diaries/create";
setupTestFileStorage("sp-diary-");

const createDiary = (cookie: string, fields: Record<string, string>) =>
  callAction(create, CREATE, { cookie, form: { intent: "create", ...fields } });

const page = (cookie: string, id: string) =>
  callLoader(detail, `/operation/site-diaries/${id}`, { cookie, params: { id } });

const post = (cookie: string, id: string, form: Record<string, string | string[]>) =>
  callAction(detail, `/operation/site-diaries/${id}`, { cookie, params: { id }, form });

async function newDiary(cookie: string, project: Parameters<typeof diariesOf>[1], formDate = "2026-11-20") {
  const created = await createDiary(cookie, { formDate });
  expect(created.status, JSON.stringify(created.data)).toBe(302);
  const diaries = await diariesOf(db.em, project);
  return diaries[diaries.length - 1];
}

const rowsOf = (diaryId: string) =>
  db.em
    .fork()
    .find(SiteDiaryRow, { diary: diaryId }, { filters: false, orderBy: { section: "asc", position: "asc" } });

describe("one diary per project, day and place", () => {
  it("numbers SD-0001, refuses a second diary of the same day and place (the whole project too) and links to it", async () => {
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    const pier = await makeLocation(db.em, project, "Pier 2");

    const whole = await createDiary(engineer.cookie, { formDate: "2026-11-20", description: "Deck pour" });
    expect(whole.status).toBe(302);
    const [first] = await diariesOf(db.em, project);
    expect(first).toMatchObject({ number: "SD-0001", status: "in_progress", location: null });
    expect(String(first.dueDate).slice(0, 10) >= "2026-11-20").toBe(true);
    expect(whole.location).toBe(`/operation/site-diaries/${first.id}`);

    const again = await createDiary(engineer.cookie, { formDate: "2026-11-20" });
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual([
      "There is already a diary for this day and place: SD-0001.",
    ]);
    expect(again.data.existing).toEqual({ id: first.id, number: "SD-0001" });

    // Another place, or another day, is another diary.
    expect((await createDiary(engineer.cookie, { formDate: "2026-11-20", locationId: pier.id })).status).toBe(
      302,
    );
    expect((await createDiary(engineer.cookie, { formDate: "2026-11-21" })).status).toBe(302);
    const samePier = await createDiary(engineer.cookie, { formDate: "2026-11-20", locationId: pier.id });
    expect(samePier.status).toBe(409);
    expect((await diariesOf(db.em, project)).map((diary) => diary.number)).toEqual([
      "SD-0001",
      "SD-0002",
      "SD-0003",
    ]);

    // The database keeps the rule even past the check (two people at once): the null location is one value.
    const em = db.em;
    await expect(
      em.getConnection().execute(
        `insert into site_diary (id, project_id, number, form_date, due_date, status, created_at, updated_at)
         values (gen_random_uuid(), ?, 'SD-0099', '2026-11-20', '2026-11-21', 'in_progress', now(), now())`,
        [project.id],
      ),
    ).rejects.toThrow(/site_diary_one_per_day_index/);
  });

  it("opens today's diary on the project's clock, creating it once for the chosen place", async () => {
    const project = await createProject(db.em);
    await setProjectTimeZone(db.em, project, "Pacific/Kiritimati");
    const { engineer } = await diarySite(db.em, project);
    const today = zonedDay(new Date(), "Pacific/Kiritimati");
    const open = (locationId: string) =>
      callAction(create, CREATE, { cookie: engineer.cookie, form: { intent: "open-today", locationId } });
    const first = await open("project");
    expect(first.status).toBe(302);
    const [diary] = await diariesOf(db.em, project);
    expect(String(diary.formDate).slice(0, 10)).toBe(today);
    const second = await open("project");
    expect(second.location).toBe(first.location);
    expect(await diariesOf(db.em, project)).toHaveLength(1);
    expect((await open("")).status).toBe(400);
  });
});

describe("the diary's form", () => {
  const GOOD = {
    intent: "save",
    dueDate: "2026-11-21",
    description: "Span 2 deck",
    sky: "partly_cloudy",
    wind: "light",
    rain: "light",
    rainStart: "13:10",
    rainEnd: "14:00",
    temperatureStart: "14.5",
    temperaturePeak: "27",
    concerns: "Crane access track is soft after rain",
    "workLog[0].company": "Apex Formwork",
    "workLog[0].title": "Deck formwork, span 2",
    "workLog[0].workers": "6",
    "workLog[0].hours": "45.5",
    "workLog[1].company": "",
    "delays[0].cause": "weather",
    "delays[0].title": "Rain stopped the pour",
    "delays[0].hours": "1.5",
    "plant[0].plantKind": "machinery",
    "plant[0].title": "Franna crane",
    "meetings[0].title": "Pre-pour meeting",
    otherComments: "Pour moved to Thursday",
  };

  it("refuses bad weather, temperatures and rows with clear messages and writes nothing", async () => {
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    const diary = await newDiary(engineer.cookie, project);
    const refused = await post(engineer.cookie, diary.id, {
      ...GOOD,
      rainStart: "14:00",
      rainEnd: "13:00",
      temperatureStart: "75",
      temperaturePeak: "1.25",
      "workLog[0].company": "",
      "workLog[0].workers": "6.5",
      "delays[0].hours": "30",
    });
    expect(refused.status).toBe(400);
    const errors = refused.data.error;
    expect(await english(errors.rainEnd)).toEqual(["The rain cannot end before it starts."]);
    expect(await english(errors.temperatureStart)).toEqual([
      "A temperature on site is between -40 and 60 °C.",
    ]);
    expect(await english(errors.temperaturePeak)).toEqual(["Enter a temperature such as 18 or 18.5."]);
    expect(await english(errors["workLog[0].company"])).toEqual(["This field is required"]);
    expect(await english(errors["workLog[0].workers"])).toEqual(["Enter a whole number of workers."]);
    expect(await english(errors["delays[0].hours"])).toEqual(["At most 24 hours."]);
    const [stored] = await diariesOf(db.em, project);
    expect(stored).toMatchObject({ sky: null, concerns: null, description: null });
    expect(await rowsOf(diary.id)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "operation-site-diary", action: "updated" })).toBe(0);
  });

  it("saves the fields and every row section whole, in numeric, and logs the edit", async () => {
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    const diary = await newDiary(engineer.cookie, project);
    const saved = await post(engineer.cookie, diary.id, GOOD);
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const [stored] = await diariesOf(db.em, project);
    expect(stored).toMatchObject({
      sky: "partly_cloudy",
      rainStart: "13:10",
      temperatureStart: "14.5",
      temperaturePeak: "27.0",
      concerns: "Crane access track is soft after rain",
    });
    const rows = await rowsOf(diary.id);
    expect(
      rows.map((row) => [
        row.section,
        row.company ?? null,
        row.title,
        row.workers ?? null,
        row.hours ?? null,
      ]),
    ).toEqual([
      ["delay", null, "Rain stopped the pour", null, "1.50"],
      ["meeting", null, "Pre-pour meeting", null, null],
      ["plant", null, "Franna crane", null, null],
      ["work_log", "Apex Formwork", "Deck formwork, span 2", 6, "45.50"],
    ]);
    // Saved again without the delay (removed) and with a second crew: the sections are replaced whole.
    await post(engineer.cookie, diary.id, {
      ...GOOD,
      "delays[0].remove": "on",
      "workLog[1].company": "Harbour Civil",
      "workLog[1].title": "Bearings",
      "workLog[1].workers": "3",
      "workLog[1].hours": "24",
    });
    const after = await rowsOf(diary.id);
    expect(after.filter((row) => row.section === "delay")).toEqual([]);
    expect(after.filter((row) => row.section === "work_log").map((row) => row.company)).toEqual([
      "Apex Formwork",
      "Harbour Civil",
    ]);
    const loaded = await page(engineer.cookie, diary.id);
    expect(loaded.data.diary.rows.workLog[1]).toMatchObject({ workers: 3, hours: "24.00", prefilled: false });
    expect(
      await db.em.count(ActivityLog, {
        entityType: "operation-site-diary",
        entityId: diary.id,
        action: "updated",
      }),
    ).toBe(2);
  });
});

describe("notes, issues and photos", () => {
  it("lists notes and issues with who and when, and logs each", async () => {
    const project = await createProject(db.em);
    const { engineer } = await diarySite(db.em, project);
    const diary = await newDiary(engineer.cookie, project);
    expect((await post(engineer.cookie, diary.id, { intent: "note", body: " " })).status).toBe(400);
    expect(
      (await post(engineer.cookie, diary.id, { intent: "note", body: "Client visited at 10:00" })).status,
    ).toBe(302);
    expect(
      (
        await post(engineer.cookie, diary.id, {
          intent: "issue",
          title: "Soft access track",
          description: "Needs rock",
        })
      ).status,
    ).toBe(302);
    const loaded = await page(engineer.cookie, diary.id);
    expect(loaded.data.diary.notes).toMatchObject([
      { body: "Client visited at 10:00", author: "Erin Engineer" },
    ]);
    expect(loaded.data.diary.issues).toMatchObject([
      { title: "Soft access track", description: "Needs rock", raisedBy: "Erin Engineer" },
    ]);
    expect(loaded.data.activity.map((entry: { action: string }) => entry.action)).toEqual([
      "issue-raised",
      "note-added",
      "created",
    ]);
  });

  it("takes photos of up to 50 MB with the spec's message over it, shown as images", async () => {
    const project = await createProject(db.em);
    const { engineer, viewer } = await diarySite(db.em, project);
    const diary = await newDiary(engineer.cookie, project);
    const upload = (cookie: string, file: File) => {
      const form = new FormData();
      form.append("files", file);
      return callAction(photos, `/operation/site-diaries/${diary.id}/photos`, {
        cookie,
        params: { id: diary.id },
        multipart: form,
      });
    };
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) as BlobPart],
      "deck.png",
      {
        type: "image/png",
      },
    );
    expect((await upload(engineer.cookie, png)).status).toBe(302);
    const big = new File([new Uint8Array(50 * 1024 * 1024 + 1) as BlobPart], "drone.mp4", {
      type: "video/mp4",
    });
    const refused = await upload(engineer.cookie, big);
    expect(refused.status).toBe(302);
    const pair = (refused.headers.get("Set-Cookie") ?? "").split(";")[0];
    const cookie = pair.slice(pair.indexOf("=") + 1).split(".")[0];
    const toast = Buffer.from(decodeURIComponent(cookie), "base64").toString("utf8");
    expect(toast).toContain('"type":"error","message":"uploads:tooLarge50"');
    expect(await english(["uploads:tooLarge50"])).toEqual([
      "Please ensure that the size of your upload does not exceed 50 MB.",
    ]);
    expect((await upload(viewer.cookie, png)).location).toBe("/forbidden");
    const loaded = await page(engineer.cookie, diary.id);
    expect(loaded.data.photos).toMatchObject([{ fileName: "deck.png", isImage: true, kind: "image" }]);
    expect(
      await db.em.fork().count(Attachment, { entityType: "operation-site-diary" }, { filters: false }),
    ).toBe(1);
  });
});

describe("the workflow through the page", () => {
  it("submits, returns with a reason, closes and archives; changes only while in progress", async () => {
    const project = await createProject(db.em);
    const { engineer, reviewer } = await diarySite(db.em, project);
    const diary = await newDiary(engineer.cookie, project);
    const step = (cookie: string, action: string, extra: Record<string, string> = {}) =>
      post(cookie, diary.id, { intent: "transition", action, ...extra });
    const status = async () => (await diariesOf(db.em, project))[0].status;

    expect((await step(reviewer.cookie, "submit")).status).toBe(403);
    expect((await step(engineer.cookie, "submit")).status).toBe(302);
    expect(await status()).toBe("in_review");
    // In review: no edits, notes or issues.
    const edit = await post(engineer.cookie, diary.id, { intent: "save", dueDate: "2026-11-21" });
    expect(edit.status).toBe(409);
    expect(await english(edit.data.error[""])).toEqual([
      "This diary can be changed only while it is in progress.",
    ]);
    expect((await post(engineer.cookie, diary.id, { intent: "note", body: "late" })).status).toBe(409);
    expect(await db.em.fork().count(SiteDiaryNote, {}, { filters: false })).toBe(0);
    expect((await page(engineer.cookie, diary.id)).data.canEdit).toBe(false);

    const noReason = await step(reviewer.cookie, "return");
    expect(noReason.status).toBe(400);
    expect((await step(reviewer.cookie, "return", { comment: "Add the work log" })).status).toBe(302);
    expect(await status()).toBe("in_progress");
    await step(engineer.cookie, "submit");
    expect((await step(engineer.cookie, "close")).status).toBe(403);
    expect((await step(reviewer.cookie, "close")).status).toBe(302);
    expect(await status()).toBe("closed");
    expect((await step(reviewer.cookie, "archive")).status).toBe(400);
    expect((await step(reviewer.cookie, "archive", { confirmed: "true" })).status).toBe(302);
    expect(await status()).toBe("archived");
    expect((await step(reviewer.cookie, "reopen", { comment: "again" })).status).toBe(409);
    expect(await db.em.fork().count(SiteDiaryIssue, {}, { filters: false })).toBe(0);
    const steps = await db.em
      .fork()
      .find(ActivityLog, { entityId: diary.id, action: "status-changed" }, { orderBy: { createdAt: "asc" } });
    expect(steps.map((entry) => [entry.before?.status, entry.after?.status])).toEqual([
      ["in_progress", "in_review"],
      ["in_review", "in_progress"],
      ["in_progress", "in_review"],
      ["in_review", "closed"],
      ["closed", "archived"],
    ]);
  });
});
