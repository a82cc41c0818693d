import { describe, expect, it } from "vitest";
import { Notification } from "~/server/db/entities";
import { enqueueJob } from "~/server/jobs/jobs.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { actionRemindersJob, sendActionReminders } from "../server/action-reminders.server";
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
