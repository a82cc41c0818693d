import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { shiftDay } from "../domain/schedule-recurrence";
import { CalendarTask, ContractReminder, HeadContractClaim } from "../entities";
import * as calendarPage from "../routes/calendar-page";
import * as taskCreate from "../routes/calendar-task-create";
import * as taskDetail from "../routes/calendar-task-detail";
import * as taskEdit from "../routes/calendar-task-edit";
import { siteToday } from "../server/rfa.server";
import { calendarTeam, english } from "./calendar-fixtures";
import { makeHeadContract } from "./upstream-fixtures";

const db = setupTestDatabase();

const tasksOf = (project: { id: string }) =>
  scopeToProject(db.em.fork(), project.id).find(CalendarTask, {}, { orderBy: { task: "asc" } });

const TASK = {
  side: "upstream",
  task: "Submit progress claim 3",
  description: "Claim for November",
  startDate: "2026-11-20",
  dueDate: "2026-11-25",
  packageName: "Earthworks",
  packageType: "Subcontract",
  contractObligations: "Clause 37.1",
  notes: "Ask the QS",
  status: "open",
};

const NEW = "/cost-and-commercial/calendar/tasks/new";
const taskPath = (id: string) => `/cost-and-commercial/calendar/tasks/${id}`;

describe("calendar tasks", () => {
  it("are added with members as responsible and collaborators; a bad form and a stranger write nothing", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    const form = await callLoader(taskCreate, NEW, { cookie: manager.cookie });
    expect(form.data.members.map((member: { label: string }) => member.label)).toEqual([
      "Cal Manager",
      "Vera Viewer",
    ]);
    expect(form.data.packages).toEqual([]);

    const backwards = await callAction(taskCreate, NEW, {
      cookie: manager.cookie,
      form: { ...TASK, dueDate: "2026-11-19" },
    });
    expect(backwards.status).toBe(400);
    expect(await english(backwards.data.error.dueDate)).toEqual([
      "The due date cannot be before the start date",
    ]);
    const blank = await callAction(taskCreate, NEW, { cookie: manager.cookie, form: { ...TASK, task: " " } });
    expect(await english(blank.data.error.task)).toEqual(["This field is required"]);
    const outsider = await createUser(db.em, { name: "Olly Outsider" });
    const stranger = await callAction(taskCreate, NEW, {
      cookie: manager.cookie,
      form: { ...TASK, collaboratorIds: [viewer.user.id, outsider.id] },
    });
    expect(stranger.status).toBe(400);
    expect(await english(stranger.data.error.collaboratorIds)).toEqual(["Choose a member of the project"]);
    const refused = await callAction(taskCreate, NEW, { cookie: viewer.cookie, form: TASK });
    expect([refused.status, refused.location]).toEqual([302, "/forbidden"]);
    expect(await tasksOf(project)).toEqual([]);

    const made = await callAction(taskCreate, NEW, {
      cookie: manager.cookie,
      form: { ...TASK, responsibleId: manager.user.id, collaboratorIds: [viewer.user.id] },
    });
    expect(made.status).toBe(302);
    expect(made.location).toBe("/cost-and-commercial/calendar?month=2026-11");
    const [task] = await tasksOf(project);
    expect(task).toMatchObject({
      task: "Submit progress claim 3",
      side: "upstream",
      collaboratorIds: [viewer.user.id],
    });
    expect(task.responsible?.id).toBe(manager.user.id);
  });

  it("shows on the month and list views of its side on its start and due days, not on the other side", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    await callAction(taskCreate, NEW, { cookie: manager.cookie, form: TASK });
    const month = await callLoader(calendarPage, "/cost-and-commercial/calendar?month=2026-11", {
      cookie: viewer.cookie,
    });
    expect(month.status).toBe(200);
    expect(month.data.can).toEqual({ createTask: false, upload: false });
    expect(
      month.data.entries.map((entry: { day: string; kind: string; title: string }) => [
        entry.day,
        entry.kind,
        entry.title,
      ]),
    ).toEqual([
      ["2026-11-20", "task-start", "Submit progress claim 3"],
      ["2026-11-25", "task-due", "Submit progress claim 3"],
    ]);
    // 1 November 2026 is a Sunday: the weeks start on Monday by default.
    expect(month.data.weeks[0][0]).toBe("2026-10-26");
    const list = await callLoader(calendarPage, "/cost-and-commercial/calendar?month=2026-11&view=list", {
      cookie: viewer.cookie,
    });
    expect(list.data.view).toBe("list");
    expect(list.data.entries).toHaveLength(2);
    const downstream = await callLoader(
      calendarPage,
      "/cost-and-commercial/calendar?month=2026-11&side=downstream",
      {
        cookie: viewer.cookie,
      },
    );
    expect(downstream.data.entries).toEqual([]);
    const december = await callLoader(calendarPage, "/cost-and-commercial/calendar?month=2026-12", {
      cookie: viewer.cookie,
    });
    expect(december.data.entries).toEqual([]);
  });

  it("shows reminders' occurrences and claims' deadlines, near or lapsed ones marked", async () => {
    const project = await createProject(db.em);
    const { manager } = await calendarTeam(db.em, project);
    const em = scopeToProject(db.em.fork(), project.id);
    const today = await siteToday({ em, project });
    const contract = await makeHeadContract(db.em, project);
    em.create(ContractReminder, {
      project: project.id,
      side: "upstream",
      number: "SCH-001",
      title: "Monthly claim",
      startDate: "2026-01-01",
      recurrence: "FREQ=MONTHLY;BYMONTHDAY=25",
      recipients: [],
    } as never);
    const month = today.slice(0, 7);
    // A payment schedule already lapsed and a payment due tomorrow (within 3 business days), both this month
    // when the month allows; the test reads whichever fall inside it.
    const lapsed = `${month}-01` < today ? `${month}-01` : null;
    const soon = shiftDay(today, 1).startsWith(month) ? shiftDay(today, 1) : null;
    em.create(HeadContractClaim, {
      project: project.id,
      headContract: contract.id,
      number: 1,
      billingPeriodStart: "2026-01-01",
      billingPeriodEnd: "2026-01-31",
      status: "submitted",
      submittedOn: "2026-01-01",
      paymentScheduleDueOn: lapsed,
      paymentDueOn: soon,
    } as never);
    await em.flush();
    const page = await callLoader(calendarPage, `/cost-and-commercial/calendar?month=${month}`, {
      cookie: manager.cookie,
    });
    const entries = page.data.entries as {
      day: string;
      kind: string;
      title: string;
      warning: string | null;
    }[];
    expect(entries.filter((entry) => entry.kind === "reminder")).toEqual([
      expect.objectContaining({ day: `${month}-25`, title: "SCH-001 Monthly claim" }),
    ]);
    const deadlines = entries.filter((entry) => entry.kind.startsWith("payment"));
    expect(deadlines).toEqual([
      ...(lapsed
        ? [expect.objectContaining({ kind: "payment-schedule", title: "HC-001 #1", warning: "overdue" })]
        : []),
      ...(soon ? [expect.objectContaining({ kind: "payment", day: soon, warning: "near" })] : []),
    ]);
  });

  it("is shown, edited and deleted after 'I am sure'; each is refused without its permission", async () => {
    const project = await createProject(db.em);
    const { manager, viewer } = await calendarTeam(db.em, project);
    await callAction(taskCreate, NEW, { cookie: manager.cookie, form: TASK });
    const [task] = await tasksOf(project);
    const params = { taskId: task.id };
    const shown = await callLoader(taskDetail, taskPath(task.id), { cookie: viewer.cookie, params });
    expect(shown.data.task).toMatchObject({ task: "Submit progress claim 3", packageName: "Earthworks" });
    expect(shown.data.can).toEqual({ edit: false, delete: false });
    expect(shown.data.activity.map((entry: { action: string }) => entry.action)).toEqual(["created"]);

    const editPath = `${taskPath(task.id)}/edit`;
    const refused = await callAction(taskEdit, editPath, { cookie: viewer.cookie, params, form: TASK });
    expect([refused.status, refused.location]).toEqual([302, "/forbidden"]);
    const edited = await callAction(taskEdit, editPath, {
      cookie: manager.cookie,
      params,
      form: { ...TASK, status: "done", notes: "" },
    });
    expect(edited.status).toBe(302);
    expect((await tasksOf(project))[0]).toMatchObject({ status: "done", notes: null });

    const remove = (cookie: string, form: Record<string, string>) =>
      callAction(taskDetail, taskPath(task.id), { cookie, params, form: { intent: "delete", ...form } });
    expect((await remove(viewer.cookie, { confirmed: "on" })).status).toBe(403);
    const unsure = await remove(manager.cookie, {});
    expect(unsure.status).toBe(400);
    expect(await tasksOf(project)).toHaveLength(1);
    const removed = await remove(manager.cookie, { confirmed: "on" });
    expect(removed.status).toBe(302);
    expect(removed.location).toBe("/cost-and-commercial/calendar?month=2026-11");
    expect(await tasksOf(project)).toEqual([]);
    const other = await createProject(db.em);
    const { manager: otherManager } = await calendarTeam(db.em, other);
    await callAction(taskCreate, NEW, { cookie: otherManager.cookie, form: TASK });
    const [foreign] = await tasksOf(other);
    const crossed = await callLoader(taskDetail, taskPath(foreign.id), {
      cookie: manager.cookie,
      params: { taskId: foreign.id },
    });
    expect(crossed.status).toBe(404);
  });
});
