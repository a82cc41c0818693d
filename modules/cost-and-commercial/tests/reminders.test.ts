import { describe, expect, it } from "vitest";
import { OutboxMail } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { runScheduleTick } from "~/server/jobs/schedules.server";
import { zonedTimeToUtc } from "~/server/projects/time-zone";
import { projectTimeZone } from "~/server/projects/time-zone.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { ContractReminder, EmailTemplate } from "../entities";
import * as reminderCreate from "../routes/reminder-create";
import * as reminderDetail from "../routes/reminder-detail";
import * as reminderEdit from "../routes/reminder-edit";
import * as reminderList from "../routes/reminder-list";
import { reminderMailSchedule, sendDueReminders } from "../server/reminder-mail.server";
import { calendarTeam, english } from "./calendar-fixtures";

const db = setupTestDatabase();

const NEW = "/cost-and-commercial/upstream/schedules/new";
const FORM = {
  side: "upstream",
  title: "Progress claim",
  startDate: "2026-11-01",
  endDate: "",
  status: "active",
  recurrence: "monthly-day",
  monthDay: "25",
  leadDays: "3",
  recipients: "qs@example.com, PM@example.com",
};

const remindersOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(ContractReminder, {}, { orderBy: { number: "asc" } });
const mailsTo = (address: string) =>
  db.em.fork().find(OutboxMail, { to: address }, { orderBy: { createdAt: "asc" }, filters: false });

async function template(project: { id: string }, name = "Claim reminder") {
  const em = scopeToProject(db.em.fork(), project.id);
  const created = em.create(EmailTemplate, {
    project: project.id,
    name,
    subject: "{number}: {title} due {occurrence}",
    body: "Hello, {title} for {project} is due on {occurrence} ({leadDays} days). Use {documentTemplate}. {unknown}",
  } as never);
  await em.flush();
  return created;
}

describe("schedules and reminders", () => {
  it("are numbered SCH-001 on, their recurrence built from the form; bad forms write nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const other = await createProject(db.em);
    const foreign = await template(other);
    const refuse = async (form: Record<string, string>, field: string, text: string) => {
      const result = await callAction(reminderCreate, NEW, {
        cookie: manager.cookie,
        form: { ...FORM, ...form },
      });
      expect(result.status).toBe(400);
      expect(await english(result.data.error[field])).toEqual([text]);
    };
    await refuse({ recurrence: "weekly", weekday: "" }, "weekday", "This field is required");
    await refuse({ monthDay: "32" }, "monthDay", "Enter a day from 1 to 31, or -1 for the last day");
    await refuse({ endDate: "2026-10-01" }, "endDate", "The end date cannot be before the start date");
    await refuse(
      { recipients: "qs@example.com, not-an-address" },
      "recipients",
      "Not an e-mail address: not-an-address",
    );
    await refuse(
      { emailTemplateId: foreign.id },
      "emailTemplateId",
      "Choose one of the project's e-mail templates",
    );
    const refused = await callAction(reminderCreate, NEW, { cookie: viewer.cookie, form: FORM });
    expect([refused.status, refused.location]).toEqual([302, "/forbidden"]);
    expect(await remindersOf(project)).toEqual([]);

    const own = await template(project);
    const made = await callAction(reminderCreate, NEW, {
      cookie: manager.cookie,
      form: { ...FORM, emailTemplateId: own.id },
    });
    expect(made.status).toBe(302);
    await callAction(reminderCreate, NEW, {
      cookie: manager.cookie,
      form: { ...FORM, title: "Site meeting", recurrence: "weekly", weekday: "TU", leadDays: "" },
    });
    const [claim, meeting] = await remindersOf(project);
    expect(claim).toMatchObject({
      number: "SCH-001",
      recurrence: "FREQ=MONTHLY;BYMONTHDAY=25",
      leadDays: 3,
      recipients: ["qs@example.com", "pm@example.com"],
    });
    // Empty lead days: the calendar settings' default (3).
    expect(meeting).toMatchObject({ number: "SCH-002", recurrence: "FREQ=WEEKLY;BYDAY=TU", leadDays: 3 });

    const list = await callLoader(reminderList, "/cost-and-commercial/upstream/schedules", {
      cookie: viewer.cookie,
    });
    expect(list.data.canCreate).toBe(false);
    expect(list.data.register.rows.map((row: { number: string }) => row.number)).toEqual([
      "SCH-001",
      "SCH-002",
    ]);
    const detail = await callLoader(reminderDetail, `/cost-and-commercial/upstream/schedules/${claim.id}`, {
      cookie: viewer.cookie,
      params: { reminderId: claim.id },
    });
    expect(detail.data.reminder.choice).toEqual({ kind: "monthly-day", monthDay: 25 });
    expect(detail.data.reminder.next).toHaveLength(6);
    expect(detail.data.reminder.next.every((day: string) => day.endsWith("-25"))).toBe(true);

    const editPath = `/cost-and-commercial/upstream/schedules/${claim.id}/edit`;
    const edit = await callLoader(reminderEdit, editPath, {
      cookie: manager.cookie,
      params: { reminderId: claim.id },
    });
    expect(edit.data.values).toMatchObject({
      recurrence: "monthly-day",
      monthDay: "25",
      emailTemplateId: own.id,
    });
    const saved = await callAction(reminderEdit, editPath, {
      cookie: manager.cookie,
      params: { reminderId: claim.id },
      form: { ...edit.data.values, recurrence: "monthly-last-business-day", endDate: "2027-06-30" },
    });
    expect(saved.status).toBe(302);
    expect((await remindersOf(project))[0]).toMatchObject({
      recurrence: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    });
  });

  it("are e-mailed once per occurrence, lead days ahead, with the template's placeholders filled", async () => {
    const project = await createProject(db.em, { name: "Northern Bridge" });
    const { manager } = await calendarTeam(db.em, project);
    const own = await template(project);
    await callAction(reminderCreate, NEW, {
      cookie: manager.cookie,
      form: {
        ...FORM,
        emailTemplateId: own.id,
        documentTemplate: "Claim form B",
        recipients: "qs@example.com",
      },
    });
    // A one-off without a template: the standard words.
    await callAction(reminderCreate, NEW, {
      cookie: manager.cookie,
      form: {
        ...FORM,
        title: "Insurance renewal",
        recurrence: "none",
        startDate: "2026-11-24",
        leadDays: "0",
        recipients: "risk@example.com",
      },
    });

    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-21")).toBe(0);
    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-22")).toBe(1);
    const [first] = await mailsTo("qs@example.com");
    expect(first.subject).toBe("SCH-001: Progress claim due 2026-11-25");
    expect(first.text).toBe(
      "Hello, Progress claim for Northern Bridge is due on 2026-11-25 (3 days). Use Claim form B. {unknown}",
    );
    // The same day again, and the days up to the occurrence: nothing more for the 25th.
    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-22")).toBe(0);
    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-23")).toBe(0);
    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-24")).toBe(1);
    const [renewal] = await mailsTo("risk@example.com");
    expect(renewal.subject).toBe("Reminder: SCH-002 Insurance renewal on 2026-11-24");
    expect(await sendDueReminders(db.em.fork(), project.id, "2026-11-25")).toBe(0);
    expect((await remindersOf(project))[0].lastSentFor).toBeTruthy();

    // The hourly schedule sends on the project's 07:00 only, for the project's own day.
    const zone = await projectTimeZone(db.em.fork(), project);
    await runScheduleTick(db.db.orm, reminderMailSchedule.name, zonedTimeToUtc("2026-12-22", 6, 0, zone));
    expect(await mailsTo("qs@example.com")).toHaveLength(1);
    await runScheduleTick(db.db.orm, reminderMailSchedule.name, zonedTimeToUtc("2026-12-22", 7, 0, zone));
    const mails = await mailsTo("qs@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([
      "SCH-001: Progress claim due 2026-11-25",
      "SCH-001: Progress claim due 2026-12-25",
    ]);
    await runScheduleTick(db.db.orm, reminderMailSchedule.name, zonedTimeToUtc("2026-12-22", 7, 0, zone));
    expect(await mailsTo("qs@example.com")).toHaveLength(2);
  });
});
