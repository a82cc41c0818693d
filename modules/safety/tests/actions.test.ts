import { describe, expect, it } from "vitest";
import { ActivityLog } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { SafetyAction, SafetyActionWatcher } from "../entities";
import * as actionCreate from "../routes/action-create";
import * as actionDetail from "../routes/action-detail";
import * as actionEdit from "../routes/action-edit";
import * as actionRegister from "../routes/action-register";
import { actionsOf, english, makeAction, multipart, notificationsOf, safetySite } from "./fixtures";

const db = setupTestDatabase();
const REGISTER = "/safety/actions";
const CREATE = "/safety/actions/create";

const create = (cookie: string, fields: Record<string, string | string[]>) =>
  callAction(actionCreate, CREATE, { cookie, multipart: multipart({ riskRanking: "high", ...fields }) });

describe("creating an action", () => {
  it("refuses a bad form and writes nothing: blank title, no assignee, strangers, 101 watchers", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await safetySite(db.em, project);
    const empty = await create(engineer.cookie, { title: "  " });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.title)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.assigneeId)).toEqual(["This field is required"]);

    const other = await createProject(db.em);
    const stranger = await signedInMember(db.em, other, ["safety.actions.view"]);
    const foreign = await create(engineer.cookie, {
      title: "Fix the scaffold tie",
      assigneeId: stranger.user.id,
      watcherIds: [worker.user.id, stranger.user.id],
      dueDate: "2026-02-30",
    });
    expect(foreign.status).toBe(400);
    expect(await english(foreign.data.error.dueDate)).toEqual(["Enter a valid date."]);
    const strangers = await create(engineer.cookie, {
      title: "Fix the scaffold tie",
      assigneeId: stranger.user.id,
      watcherIds: [worker.user.id, stranger.user.id],
    });
    expect(await english(strangers.data.error.assigneeId)).toEqual(["This choice is no longer available."]);
    expect(await english(strangers.data.error.watcherIds)).toEqual(["This choice is no longer available."]);

    const crowd = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const tooMany = await create(engineer.cookie, {
      title: "Fix the scaffold tie",
      assigneeId: worker.user.id,
      watcherIds: crowd,
    });
    expect(tooMany.status).toBe(400);
    expect(await english(tooMany.data.error.watcherIds)).toEqual(["Maximum 100 users allowed."]);
    expect(await actionsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(ActivityLog, { entityType: "safety-action" })).toBe(0);
  });

  it("numbers it ACT-0001 per project, opens it for the assignee, logs it, and tells the assignee", async () => {
    const project = await createProject(db.em, { name: "Harbour Bridge" });
    const { engineer, worker, viewer } = await safetySite(db.em, project);
    const created = await create(engineer.cookie, {
      title: "Fix the scaffold tie",
      description: "Level 3, east face",
      label: "Working at height",
      assigneeId: worker.user.id,
      watcherIds: [viewer.user.id],
      dueDate: "2026-12-01",
    });
    expect(created.status).toBe(302);
    const [action] = await actionsOf(db.em, project);
    expect(created.location).toBe(`${REGISTER}/${action.id}`);
    expect(action).toMatchObject({
      number: "ACT-0001",
      status: "open",
      riskRanking: "high",
      label: "Working at height",
      sourceType: null,
    });
    expect(await db.em.count(SafetyActionWatcher, { action: action.id }, { filters: false })).toBe(1);
    const [told] = await notificationsOf(db.em, worker.user.id, "action-assigned");
    expect(told.title).toBe("ACT-0001 assigned to you");
    expect(told.link).toBe(`${REGISTER}/${action.id}`);
    // The watcher hears of the assignment only when the project's settings say so (off by default).
    expect(await notificationsOf(db.em, viewer.user.id)).toEqual([]);

    // Another project starts its own count.
    const second = await createProject(db.em);
    const { engineer: e2, worker: w2 } = await safetySite(db.em, second);
    await create(e2.cookie, { title: "Barricade the pit", assigneeId: w2.user.id });
    expect((await actionsOf(db.em, second))[0].number).toBe("ACT-0001");

    const page = await callLoader(actionDetail, `${REGISTER}/${action.id}`, {
      cookie: viewer.cookie,
      params: { id: action.id },
    });
    expect(page.status).toBe(200);
    expect(page.data.action.activity.map((entry: { action: string }) => entry.action)).toEqual(["created"]);
    expect(page.data.action.watchers).toEqual([{ id: viewer.user.id, name: "Vic Viewer" }]);
    expect(page.data.action.createdBy).toBe("Erin Engineer");
  });

  it("needs the create permission, and the view permission to see anything", async () => {
    const project = await createProject(db.em);
    const { worker, viewer } = await safetySite(db.em, project);
    const nobody = await signedInMember(db.em, project, []);
    // The route's permission is the guard's: a member without it is sent to the forbidden page.
    expect((await create(worker.cookie, { title: "X", assigneeId: worker.user.id })).location).toBe(
      "/forbidden",
    );
    expect((await callLoader(actionCreate, CREATE, { cookie: viewer.cookie })).location).toBe("/forbidden");
    expect((await callLoader(actionRegister, REGISTER, { cookie: nobody.cookie })).location).toBe(
      "/forbidden",
    );
    expect((await callLoader(actionRegister, REGISTER, { cookie: viewer.cookie })).status).toBe(200);
    expect(await actionsOf(db.em, project)).toEqual([]);
  });
});

describe("the actions register", () => {
  it("tabs, searches by ID, title and creator, filters, pages, and keeps to the project", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, manager } = await safetySite(db.em, project);
    const today = new Date().toISOString().slice(0, 10);
    await makeAction(db.em, project, {
      number: "ACT-0001",
      title: "Cover the floor opening",
      assignee: worker.user,
      createdBy: engineer.user,
      label: "Housekeeping",
      riskRanking: "extreme",
      dueDate: "2020-01-01",
    });
    await makeAction(db.em, project, {
      number: "ACT-0002",
      title: "Tag the extension leads",
      assignee: manager.user,
      createdBy: manager.user,
      status: "closed",
      dueDate: "2020-01-01",
    });
    await makeAction(db.em, project, {
      number: "ACT-0003",
      title: "Replace the fire extinguisher",
      assignee: manager.user,
      createdBy: manager.user,
      dueDate: today,
    });
    for (let n = 4; n <= 14; n += 1)
      await makeAction(db.em, project, {
        number: `ACT-${String(n).padStart(4, "0")}`,
        createdBy: manager.user,
      });
    const other = await createProject(db.em);
    await makeAction(db.em, other, { number: "ACT-0001", title: "Cover the floor opening elsewhere" });

    const numbers = async (search: string, cookie = worker.cookie) => {
      const page = await callLoader(actionRegister, `${REGISTER}${search}`, { cookie });
      expect(page.status).toBe(200);
      return page.data.register.rows.map((row: { number: string }) => row.number);
    };
    // My Actions (the default tab): assigned to me or created by me.
    expect(await numbers("")).toEqual(["ACT-0001"]);
    expect(await numbers("", engineer.cookie)).toEqual(["ACT-0001"]);
    const all = await callLoader(actionRegister, `${REGISTER}?tab=all_actions`, { cookie: worker.cookie });
    expect(all.data.register.total).toBe(14);
    expect(all.data.register.rows).toHaveLength(10);
    expect(await numbers("?tab=all_actions&page=2")).toEqual([
      "ACT-0004",
      "ACT-0003",
      "ACT-0002",
      "ACT-0001",
    ]);
    expect(await numbers("?tab=all_actions&q=act-0003")).toEqual(["ACT-0003"]);
    expect(await numbers("?tab=all_actions&q=FLOOR")).toEqual(["ACT-0001"]);
    expect(await numbers("?tab=all_actions&q=erin")).toEqual(["ACT-0001"]);
    expect(await numbers("?tab=all_actions&q=100%25")).toEqual([]);
    expect(await numbers("?tab=all_actions&status=closed")).toEqual(["ACT-0002"]);
    expect(await numbers("?tab=all_actions&risk=extreme")).toEqual(["ACT-0001"]);
    expect(await numbers("?tab=all_actions&label=Housekeeping")).toEqual(["ACT-0001"]);
    expect(await numbers(`?tab=all_actions&assignee=${worker.user.id}`)).toEqual(["ACT-0001"]);
    // Overdue: past due and not done (the closed one is not overdue); due this week: today counts.
    expect(await numbers("?tab=all_actions&due=overdue")).toEqual(["ACT-0001"]);
    expect(await numbers("?tab=all_actions&due=due_week")).toEqual(["ACT-0003"]);
    expect(await numbers("?tab=all_actions&sort=number&dir=asc")).toEqual(
      Array.from({ length: 10 }, (_, i) => `ACT-${String(i + 1).padStart(4, "0")}`),
    );
    expect(all.data.register.filters.labels).toEqual(["Housekeeping"]);
    // The spec's deep link opens the action it names, by id or number, in this project only.
    const [first] = await actionsOf(db.em, project);
    const linked = await callLoader(actionRegister, `${REGISTER}?tab=all_actions&actionId=${first.id}`, {
      cookie: worker.cookie,
    });
    expect(linked.location).toBe(`${REGISTER}/${first.id}`);
    const byNumber = await callLoader(actionRegister, `${REGISTER}?tab=all_actions&actionId=act-0001`, {
      cookie: worker.cookie,
    });
    expect(byNumber.location).toBe(`${REGISTER}/${first.id}`);
    const [elsewhere] = await actionsOf(db.em, other);
    const foreign = await callLoader(actionRegister, `${REGISTER}?tab=all_actions&actionId=${elsewhere.id}`, {
      cookie: worker.cookie,
    });
    expect(foreign.status).toBe(200);
    expect(
      all.data.register.rows.find((row: { number: string }) => row.number === "ACT-0001"),
    ).toBeUndefined();
  });
});

describe("editing an action", () => {
  it("saves the fields and watchers with an entry, refuses 101 watchers and others' actions, not once closed", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await safetySite(db.em, project);
    const action = await makeAction(db.em, project, {
      number: "ACT-0001",
      assignee: worker.user,
      createdBy: engineer.user,
    });
    const path = `${REGISTER}/${action.id}/edit`;
    const edit = (cookie: string, form: Record<string, string | string[]>) =>
      callAction(actionEdit, path, { cookie, params: { id: action.id }, form });
    const page = await callLoader(actionEdit, path, { cookie: engineer.cookie, params: { id: action.id } });
    expect(page.data.values).toMatchObject({
      title: "Guard rail missing",
      riskRanking: "medium",
      watcherIds: [],
    });

    const crowd = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    const tooMany = await edit(engineer.cookie, {
      title: "Guard rail",
      riskRanking: "low",
      watcherIds: crowd,
    });
    expect(await english(tooMany.data.error.watcherIds)).toEqual(["Maximum 100 users allowed."]);
    // The worker holds no edit; an editor who is neither the creator nor a manager is refused too.
    expect((await edit(worker.cookie, { title: "Mine now", riskRanking: "low" })).location).toBe(
      "/forbidden",
    );
    const otherEditor = await signedInMember(db.em, project, ["safety.actions.view", "safety.actions.edit"]);
    expect((await edit(otherEditor.cookie, { title: "Mine now", riskRanking: "low" })).status).toBe(403);

    const saved = await edit(engineer.cookie, {
      title: "Guard rail on level 3",
      riskRanking: "high",
      label: "Edges",
      watcherIds: [viewer.user.id],
    });
    expect(saved.status).toBe(302);
    db.em.clear();
    const stored = await db.em.findOneOrFail(SafetyAction, { id: action.id }, { filters: false });
    expect(stored).toMatchObject({ title: "Guard rail on level 3", riskRanking: "high", label: "Edges" });
    expect(await db.em.count(SafetyActionWatcher, { action: action.id }, { filters: false })).toBe(1);
    const [entry] = await db.em.find(
      ActivityLog,
      { entityId: action.id, action: "updated" },
      { filters: false },
    );
    expect(Object.keys(entry.after ?? {}).sort()).toEqual(["label", "riskRanking", "title", "watchers"]);

    await db.em.nativeUpdate(SafetyAction, { id: action.id }, { status: "closed" }, { filters: false });
    expect((await edit(engineer.cookie, { title: "Late", riskRanking: "low" })).status).toBe(403);
  });
});
