import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { CalendarTask, CommercialCalendar, ContractReminder, EmailTemplate } from "../entities";
import * as taskCreate from "../routes/calendar-task-create";
import * as settings from "../routes/cnc-settings";
import * as templateCreate from "../routes/email-template-create";
import { calendarTeam, english } from "./calendar-fixtures";

const db = setupTestDatabase();
const PAGE = "/cost-and-commercial/settings";
const NEW_TEMPLATE = `${PAGE}/create-email-template`;

describe("Cost and Commercial settings", () => {
  it("creates e-mail templates with names unique in the project", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const form = { name: "Claim reminder", subject: "{number} due {occurrence}", body: "Hello {title}" };
    const made = await callAction(templateCreate, NEW_TEMPLATE, { cookie: manager.cookie, form });
    expect(made.status).toBe(302);
    const again = await callAction(templateCreate, NEW_TEMPLATE, {
      cookie: manager.cookie,
      form: { ...form, name: "claim REMINDER" },
    });
    expect(again.status).toBe(400);
    expect(await english(again.data.error.name)).toEqual([
      "The project already has a template with this name",
    ]);
    const refused = await callAction(templateCreate, NEW_TEMPLATE, { cookie: viewer.cookie, form });
    expect([refused.status, refused.location]).toEqual([302, "/forbidden"]);
    const page = await callLoader(settings, PAGE, { cookie: viewer.cookie });
    expect(page.data.templates.map((row: { name: string }) => row.name)).toEqual(["Claim reminder"]);
    expect(page.data.can.createTemplate).toBe(false);
    expect(await scopeToProject(db.em.fork(), project.id).count(EmailTemplate, {})).toBe(1);
  });

  it("hides, shows and deletes an uploaded calendar with its tasks; the viewer may not", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const em = scopeToProject(db.em.fork(), project.id);
    const calendar = em.create(CommercialCalendar, {
      project: project.id,
      side: "upstream",
      name: "Meetings",
      fileName: "meetings.ics",
    } as never);
    em.create(CalendarTask, {
      project: project.id,
      side: "upstream",
      calendar,
      task: "Client meeting",
      startDate: "2026-11-10",
      dueDate: "2026-11-10",
      collaboratorIds: [],
    } as never);
    await em.flush();
    const post = (cookie: string, form: Record<string, string>) =>
      callAction(settings, PAGE, { cookie, form });
    const listing = await callLoader(settings, `${PAGE}?tab=calendars`, { cookie: manager.cookie });
    expect(listing.data.calendars).toEqual([
      expect.objectContaining({ name: "Meetings", tasks: 1, visible: true }),
    ]);
    expect(
      (
        await post(viewer.cookie, {
          intent: "calendar-visibility",
          calendarId: calendar.id,
          visible: "false",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post(manager.cookie, {
          intent: "calendar-visibility",
          calendarId: calendar.id,
          visible: "false",
        })
      ).status,
    ).toBe(302);
    expect(
      (await db.em.fork().findOneOrFail(CommercialCalendar, { id: calendar.id }, { filters: false })).visible,
    ).toBe(false);
    const unsure = await post(manager.cookie, { intent: "calendar-delete", calendarId: calendar.id });
    expect(unsure.status).toBe(400);
    expect(
      (await post(manager.cookie, { intent: "calendar-delete", calendarId: calendar.id, confirmed: "on" }))
        .status,
    ).toBe(302);
    expect(await scopeToProject(db.em.fork(), project.id).count(CalendarTask, {})).toBe(0);
    expect(await scopeToProject(db.em.fork(), project.id).count(CommercialCalendar, {})).toBe(0);
  });

  it("saves the calendar settings, which set the calendar's first weekday", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const tab = await callLoader(settings, `${PAGE}?tab=calendar-settings`, { cookie: manager.cookie });
    expect(tab.data.cards[0]).toMatchObject({
      key: "cost-and-commercial.calendar",
      values: { defaultLeadDays: 3, weekStartsOn: "monday" },
    });
    const form = {
      intent: "save",
      moduleId: "cost-and-commercial",
      form: "calendar",
      defaultLeadDays: "5",
      weekStartsOn: "sunday",
    };
    expect((await callAction(settings, PAGE, { cookie: viewer.cookie, form })).status).toBe(403);
    expect((await callAction(settings, PAGE, { cookie: manager.cookie, form })).status).toBe(302);
    const calendarPage = await import("../routes/calendar-page");
    const month = await callLoader(calendarPage as never, "/cost-and-commercial/calendar?month=2026-11", {
      cookie: manager.cookie,
    });
    expect(month.data.weeks[0][0]).toBe("2026-11-01");
    expect(month.data.weekdays[0]).toBe(6);
  });

  it("resets the post-contract data only after the project code is typed, in one go, logged", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    await callAction(taskCreate, "/cost-and-commercial/calendar/tasks/new", {
      cookie: manager.cookie,
      form: { side: "upstream", task: "Pay", startDate: "2026-11-01", dueDate: "2026-11-02", status: "open" },
    });
    const em = scopeToProject(db.em.fork(), project.id);
    em.create(ContractReminder, {
      project: project.id,
      side: "upstream",
      number: "SCH-001",
      title: "Claim",
      startDate: "2026-11-01",
      recipients: [],
    } as never);
    await em.flush();
    const reset = (cookie: string, projectCode: string) =>
      callAction(settings, PAGE, { cookie, form: { intent: "reset-data", projectCode } });
    expect((await reset(viewer.cookie, project.number)).status).toBe(403);
    const wrong = await reset(manager.cookie, "nope");
    expect(wrong.status).toBe(400);
    expect(await english(wrong.data.error.projectCode)).toEqual([
      `Type the project code ${project.number} exactly`,
    ]);
    expect(await scopeToProject(db.em.fork(), project.id).count(CalendarTask, {})).toBe(1);
    const done = await reset(manager.cookie, project.number);
    expect(done.status).toBe(302);
    const after = scopeToProject(db.em.fork(), project.id);
    expect(await after.count(CalendarTask, {})).toBe(0);
    expect(await after.count(ContractReminder, {})).toBe(0);
    const entry = await db.em
      .fork()
      .findOneOrFail(
        ActivityLog,
        { entityType: "cnc.post-contract-data", entityId: project.id },
        { filters: false },
      );
    expect(entry.before).toMatchObject({ calendarTasks: 1, reminders: 1 });
  });
});
