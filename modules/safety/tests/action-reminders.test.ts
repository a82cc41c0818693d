import { describe, expect, it } from "vitest";
import { JobRun, Notification } from "~/server/db/entities";
import { enqueueJob } from "~/server/jobs/jobs.server";
import { runScheduleTick } from "~/server/jobs/schedules.server";
import { setModuleEnabled } from "~/server/settings/project-modules.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  actionRemindersJob,
  actionRemindersSchedule,
  dayAndHourIn,
  sendActionReminders,
} from "../server/action-reminders.server";
import { makeAction, notificationsOf, safetySite } from "./fixtures";

const db = setupTestDatabase();

describe("the daily action reminders", () => {
  it("remind the assignee of an action due tomorrow and tell assignee and creator of an overdue one, once a day", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, manager } = await safetySite(db.em, project);
    const today = "2026-11-26";
    await makeAction(db.em, project, {
      number: "ACT-0001",
      assignee: worker.user,
      createdBy: engineer.user,
      dueDate: "2026-11-27",
    });
    await makeAction(db.em, project, {
      number: "ACT-0002",
      assignee: worker.user,
      createdBy: manager.user,
      dueDate: "2026-11-20",
    });
    // Done actions are never chased.
    await makeAction(db.em, project, {
      number: "ACT-0003",
      assignee: worker.user,
      createdBy: manager.user,
      dueDate: "2026-11-20",
      status: "completed",
    });
    expect(await sendActionReminders(db.em.fork(), project.id, today)).toBe(3);
    expect((await notificationsOf(db.em, worker.user.id)).map((n) => n.title).sort()).toEqual([
      "ACT-0001 is due on 2026-11-27",
      "ACT-0002 is overdue",
    ]);
    expect((await notificationsOf(db.em, manager.user.id)).map((n) => n.title)).toEqual([
      "ACT-0002 is overdue",
    ]);
    // Run again the same day (a retried job, two servers): nobody is told twice.
    expect(await sendActionReminders(db.em.fork(), project.id, today)).toBe(0);
    const run = await enqueueJob(db.em.fork(), {
      kind: actionRemindersJob,
      projectId: project.id,
      payload: { day: today },
    });
    expect(run.status).toBe("completed");
    expect(await db.em.count(Notification, { project: project.id })).toBe(3);
  });
});

describe("the hourly schedule of the reminders", () => {
  it("runs each project's reminders at six in the morning, once per project with safety on", async () => {
    const on = await createProject(db.em);
    const off = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, on);
    await setModuleEnabled(db.em, {
      projectId: off.id,
      moduleId: "safety",
      enabled: false,
      actorId: engineer.user.id,
    });
    await makeAction(db.em, on, {
      number: "ACT-0001",
      assignee: worker.user,
      createdBy: engineer.user,
      dueDate: "2026-11-20",
    });
    const runsOf = (projectId: string) =>
      db.em.fork().find(JobRun, { kind: actionRemindersJob.kind, project: projectId });

    await runScheduleTick(db.db.orm, actionRemindersSchedule.name, new Date("2026-11-26T05:00:00Z"));
    expect(await runsOf(on.id)).toHaveLength(0);
    await runScheduleTick(db.db.orm, actionRemindersSchedule.name, new Date("2026-11-26T06:00:00Z"));
    const [run] = await runsOf(on.id);
    expect(run).toMatchObject({ status: "completed", payload: { day: "2026-11-26" } });
    expect(await runsOf(off.id)).toHaveLength(0);
    expect((await notificationsOf(db.em, worker.user.id)).map((n) => n.title)).toEqual([
      "ACT-0001 is overdue",
    ]);
  });

  it("reads the day and the hour on a project's clock", () => {
    const at = new Date("2026-11-25T19:30:00Z");
    expect(dayAndHourIn(at, "UTC")).toEqual({ day: "2026-11-25", hour: 19 });
    // Sydney is UTC+11 in summer: already six in the morning of the next day.
    expect(dayAndHourIn(at, "Australia/Sydney")).toEqual({ day: "2026-11-26", hour: 6 });
    expect(dayAndHourIn(at, "Asia/Ho_Chi_Minh")).toEqual({ day: "2026-11-26", hour: 2 });
  });
});
