import { describe, expect, it } from "vitest";
import { ActivityLog, ProjectSetting } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { addMonths, monthOf } from "../domain/hours-months";
import { SafetyHoursWorked } from "../entities";
import * as settingsPage from "../routes/settings";
import { dayText } from "../server/hours-worked.server";

const db = setupTestDatabase();
const PAGE = "/safety/setting";
const VIEW = "safety.settings.view-settings";
const EDIT = "safety.settings.create-settings";

const thisMonth = monthOf(new Date());
const lastMonth = addMonths(thisMonth, -1);
const twoAgo = addMonths(thisMonth, -2);

async function site() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const editor = await signedInMember(db.em, project, [VIEW, EDIT], { name: "Hana Harris" });
  const reader = await signedInMember(db.em, project, [VIEW], { name: "Rhys Reader" });
  const stranger = await signedInMember(db.em, project, ["safety.actions.view"], { name: "Sam Stranger" });
  return { project, editor, reader, stranger };
}

/** The grid as a browser posts it: each row's month, the hours typed and the figure the page showed. */
function hoursForm(rows: { month: string; hours: string; was?: string }[]) {
  const form: Record<string, string> = { intent: "save-hours" };
  rows.forEach((row, index) => {
    form[`rows[${index}].month`] = row.month;
    form[`rows[${index}].hours`] = row.hours;
    form[`rows[${index}].was`] = row.was ?? "";
  });
  return form;
}

const saveHours = (cookie: string, rows: { month: string; hours: string; was?: string }[]) =>
  callAction(settingsPage, PAGE, { cookie, form: hoursForm(rows) });

async function storedHours(projectId: string) {
  const rows = await scopeToProject(db.em.fork(), projectId).find(
    SafetyHoursWorked,
    {},
    { orderBy: { month: "asc" }, populate: ["enteredBy"] },
  );
  return rows.map((row) => ({
    month: dayText(row.month),
    hours: Number(row.hours),
    enteredBy: row.enteredBy?.name,
  }));
}

const hoursActivity = (projectId: string) =>
  db.em
    .fork()
    .find(
      ActivityLog,
      { entityType: "safety-hours-worked", entityId: projectId },
      { orderBy: { createdAt: "asc" }, filters: false },
    );

describe("the safety settings page", () => {
  it("is refused without view-settings, and shows twelve months, the incident settings and the links one may open", async () => {
    const { project, reader, stranger } = await site();
    expect((await callLoader(settingsPage, PAGE, { cookie: stranger.cookie })).location).toBe("/forbidden");

    const shown = await callLoader(settingsPage, PAGE, { cookie: reader.cookie });
    expect(shown.status).toBe(200);
    expect(shown.data.hours.rows).toHaveLength(12);
    expect(shown.data.hours.rows[0]).toEqual({
      month: thisMonth,
      hours: "",
      enteredBy: null,
      updatedAt: null,
    });
    expect(shown.data.hours.rows[11].month).toBe(addMonths(thisMonth, -11));
    expect(shown.data.hours).toMatchObject({ until: thisMonth, later: null, canEdit: false, total: 0 });
    expect(shown.data.incident).toMatchObject({
      key: "safety.incidentSettings",
      canSave: false,
      values: { autoSignOutEnabled: false, autoSignOutTime: "18:00" },
    });
    // The reader may not open the action notification page; the incidents' pages do not exist on this branch.
    expect(shown.data.links).toEqual([]);
    const notifier = await signedInMember(db.em, project, [
      VIEW,
      "safety.actions.view-notification-settings",
    ]);
    const withLinks = await callLoader(settingsPage, PAGE, { cookie: notifier.cookie });
    expect(withLinks.data.links).toEqual([
      { path: "/safety/actions/notification", label: "safety:setting.links.actionNotifications" },
    ]);
  });

  it("moves the window with ?until=, never past this month", async () => {
    const { reader } = await site();
    const earlier = await callLoader(settingsPage, `${PAGE}?until=2024-03`, { cookie: reader.cookie });
    expect(earlier.data.hours.rows.map((row: { month: string }) => row.month).slice(0, 2)).toEqual([
      "2024-03",
      "2024-02",
    ]);
    expect(earlier.data.hours).toMatchObject({ until: "2024-03", earlier: "2023-03", later: "2025-03" });
    for (const odd of ["2999-01", "2024-13", "junk"]) {
      const page = await callLoader(settingsPage, `${PAGE}?until=${odd}`, { cookie: reader.cookie });
      expect(page.data.hours.until, odd).toBe(thisMonth);
    }
  });
});

describe("hours worked", () => {
  it("are saved month by month in one go, with who entered them, and logged", async () => {
    const { project, editor } = await site();
    const saved = await saveHours(editor.cookie, [
      { month: thisMonth, hours: "" },
      { month: lastMonth, hours: "8500" },
      { month: twoAgo, hours: " 9120.5 " },
    ]);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    expect(await storedHours(project.id)).toEqual([
      { month: `${twoAgo}-01`, hours: 9120.5, enteredBy: "Hana Harris" },
      { month: `${lastMonth}-01`, hours: 8500, enteredBy: "Hana Harris" },
    ]);
    const [entry] = await hoursActivity(project.id);
    expect(entry).toMatchObject({
      action: "updated",
      before: { [lastMonth]: null, [twoAgo]: null },
      after: { [lastMonth]: 8500, [twoAgo]: 9120.5 },
    });

    const shown = await callLoader(settingsPage, PAGE, { cookie: editor.cookie });
    expect(shown.data.hours.rows[1]).toMatchObject({
      month: lastMonth,
      hours: "8500",
      enteredBy: "Hana Harris",
    });
    expect(shown.data.hours.rows[2]).toMatchObject({ month: twoAgo, hours: "9120.5" });
    expect(shown.data.hours.total).toBe(17620.5);

    // Changing one month and clearing another: the cleared figure is removed; the unchanged month is not logged.
    const again = await saveHours(editor.cookie, [
      { month: thisMonth, hours: "", was: "" },
      { month: lastMonth, hours: "8600", was: "8500" },
      { month: twoAgo, hours: "", was: "9120.5" },
    ]);
    expect(again.status).toBe(302);
    expect(await storedHours(project.id)).toEqual([
      { month: `${lastMonth}-01`, hours: 8600, enteredBy: "Hana Harris" },
    ]);
    const entries = await hoursActivity(project.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      before: { [lastMonth]: 8500, [twoAgo]: 9120.5 },
      after: { [lastMonth]: 8600, [twoAgo]: null },
    });
    expect(entries[1].after).not.toHaveProperty(thisMonth);
  });

  it("refuse the whole grid and write nothing when one figure is wrong, with the spec's 'Invalid number'", async () => {
    const { project, editor } = await site();
    const refused = await saveHours(editor.cookie, [
      { month: thisMonth, hours: "1200" },
      { month: lastMonth, hours: "-5" },
      { month: twoAgo, hours: "lots" },
      { month: addMonths(thisMonth, -3), hours: "8,500" },
      { month: addMonths(thisMonth, -4), hours: "10000000.5" },
      { month: addMonths(thisMonth, -5), hours: "12.345" },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data.formKey).toBe("hours");
    expect(refused.data.result.error).toEqual({
      "rows[1].hours": ["Invalid number"],
      "rows[2].hours": ["Invalid number"],
      "rows[3].hours": ["Invalid number"],
      "rows[4].hours": ["At most 10,000,000 hours a month"],
      "rows[5].hours": ["Invalid number"],
    });
    // What was typed comes back, so the user corrects it rather than typing it again.
    expect(refused.data.result.initialValue.rows[2].hours).toBe("lots");

    const future = await saveHours(editor.cookie, [{ month: addMonths(thisMonth, 1), hours: "100" }]);
    expect(future.status).toBe(400);
    expect(future.data.result.error).toEqual({ "rows[0].month": ["This month has not begun yet"] });
    const badMonth = await saveHours(editor.cookie, [{ month: "2026-13", hours: "100" }]);
    expect(badMonth.data.result.error).toEqual({ "rows[0].month": ["Choose a month from the list"] });

    expect(await storedHours(project.id)).toEqual([]);
    expect(await hoursActivity(project.id)).toEqual([]);
  });

  it("refuse a save over someone else's change since the page was loaded, and keep theirs", async () => {
    const { project, editor } = await site();
    const other = await signedInMember(db.em, project, [VIEW, EDIT], { name: "Otto Other" });
    expect((await saveHours(other.cookie, [{ month: lastMonth, hours: "7000" }])).status).toBe(302);
    // The editor's page still showed the month blank.
    const stale = await saveHours(editor.cookie, [
      { month: thisMonth, hours: "500", was: "" },
      { month: lastMonth, hours: "8500", was: "" },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.data.result.error[""]).toEqual([
      `Someone changed the hours worked since you opened this page (${lastMonth}). Reload the page and enter them again.`,
    ]);
    expect(await storedHours(project.id)).toEqual([
      { month: `${lastMonth}-01`, hours: 7000, enteredBy: "Otto Other" },
    ]);
  });

  it("are refused without create-settings, and a project's figures stay its own", async () => {
    const { project, reader, stranger } = await site();
    for (const who of [reader, stranger]) {
      const refused = await saveHours(who.cookie, [{ month: lastMonth, hours: "8500" }]);
      expect(refused.status === 403 || refused.location === "/forbidden").toBe(true);
    }
    expect(await storedHours(project.id)).toEqual([]);

    const other = await createProject(db.em, { name: "Western Rail" });
    const otherEditor = await signedInMember(db.em, other, [VIEW, EDIT]);
    expect((await saveHours(otherEditor.cookie, [{ month: lastMonth, hours: "100" }])).status).toBe(302);
    expect(await storedHours(project.id)).toEqual([]);
    const shown = await callLoader(settingsPage, PAGE, { cookie: reader.cookie });
    expect(shown.data.hours.total).toBe(0);
  });
});

describe("incident settings", () => {
  const form = (fields: Record<string, string>) => ({
    moduleId: "safety",
    form: "incidentSettings",
    intent: "save",
    ...fields,
  });

  it("switch on automatic sign-out at a time of day; a time that is not HH:mm is refused with nothing saved", async () => {
    const { project, editor, reader } = await site();
    const wrong = await callAction(settingsPage, PAGE, {
      cookie: editor.cookie,
      form: form({ autoSignOutEnabled: "on", autoSignOutTime: "25:00" }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      formKey: "safety.incidentSettings",
      result: { error: { autoSignOutTime: ["Enter a time as HH:mm, from 00:00 to 23:59"] } },
    });
    const count = () => db.em.fork().count(ProjectSetting, { project: project.id }, { filters: false });
    expect(await count()).toBe(0);

    const forbidden = await callAction(settingsPage, PAGE, {
      cookie: reader.cookie,
      form: form({ autoSignOutEnabled: "on", autoSignOutTime: "17:30" }),
    });
    expect(forbidden.status).toBe(403);
    expect(await count()).toBe(0);

    const saved = await callAction(settingsPage, PAGE, {
      cookie: editor.cookie,
      form: form({ autoSignOutEnabled: "on", autoSignOutTime: "17:30" }),
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(PAGE);
    const shown = await callLoader(settingsPage, PAGE, { cookie: reader.cookie });
    expect(shown.data.incident).toMatchObject({
      customised: true,
      values: { autoSignOutEnabled: true, autoSignOutTime: "17:30" },
    });

    // Reset is the editor's too.
    const resetByReader = await callAction(settingsPage, PAGE, {
      cookie: reader.cookie,
      form: form({ intent: "reset" }),
    });
    expect(resetByReader.status).toBe(403);
    const reset = await callAction(settingsPage, PAGE, {
      cookie: editor.cookie,
      form: form({ intent: "reset" }),
    });
    expect(reset.status).toBe(302);
    const after = await callLoader(settingsPage, PAGE, { cookie: reader.cookie });
    expect(after.data.incident.values).toEqual({ autoSignOutEnabled: false, autoSignOutTime: "18:00" });
  });
});
