import { describe, expect, it } from "vitest";
import { newStorageKey } from "~/plugins/storage/index.server";
import { Attachment, type IProject, ProjectSetting } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { type ISafetyAction, SafetyAction, SafetyActionComment, SafetyActionWatcher } from "../entities";
import * as actionDetail from "../routes/action-detail";
import * as actionNotification from "../routes/action-notification";
import { english, makeAction, notificationsOf, safetySite } from "./fixtures";

const db = setupTestDatabase();
const REGISTER = "/safety/actions";

const post = (cookie: string, action: ISafetyAction, form: Record<string, string>) =>
  callAction(actionDetail, `${REGISTER}/${action.id}`, { cookie, params: { id: action.id }, form });
const step = (cookie: string, action: ISafetyAction, name: string, extra: Record<string, string> = {}) =>
  post(cookie, action, { intent: "transition", action: name, ...extra });

async function reload(project: IProject, id: string) {
  db.em.clear();
  return scopeToProject(db.em, project.id).findOneOrFail(SafetyAction, { id });
}

async function site() {
  const project = await createProject(db.em, { name: "Harbour Bridge" });
  const people = await safetySite(db.em, project);
  const action = await makeAction(db.em, project, {
    number: "ACT-0001",
    assignee: people.worker.user,
    createdBy: people.engineer.user,
  });
  return { project, action, ...people };
}

describe("the action's steps", () => {
  it("goes open → in progress → completed → closed by the assignee and the creator, each step in the log", async () => {
    const { project, action, engineer, worker, viewer, manager } = await site();
    const scoped = scopeToProject(db.em, project.id);
    scoped.create(SafetyActionWatcher, { project, action, user: viewer.user } as never);
    await scoped.flush();

    // The creator may not start the assignee's work; a viewer may not either.
    expect((await step(engineer.cookie, action, "start")).status).toBe(403);
    expect((await step(viewer.cookie, action, "start")).status).toBe(403);
    const page = await callLoader(actionDetail, `${REGISTER}/${action.id}`, {
      cookie: worker.cookie,
      params: { id: action.id },
    });
    expect(page.data.action.steps.map((row: { action: string }) => row.action)).toEqual([
      "start",
      "complete",
    ]);

    expect((await step(worker.cookie, action, "start")).status).toBe(302);
    expect((await reload(project, action.id)).status).toBe("in_progress");
    expect((await step(worker.cookie, action, "close")).status).toBe(409);
    expect((await step(worker.cookie, action, "complete")).status).toBe(302);
    const completed = await reload(project, action.id);
    expect(completed.status).toBe("completed");
    expect(completed.completedAt).toBeInstanceOf(Date);

    // The assignee may not close their own work; the creator sends it back with a reason, or closes it.
    expect((await step(worker.cookie, action, "close")).status).toBe(403);
    const noReason = await step(engineer.cookie, action, "send_back", { comment: " " });
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.comment)).toEqual(["Give a reason for this step."]);
    expect((await step(engineer.cookie, action, "send_back", { comment: "Rail still loose" })).status).toBe(
      302,
    );
    expect((await reload(project, action.id)).status).toBe("in_progress");
    await step(worker.cookie, action, "complete");
    expect((await step(engineer.cookie, action, "close")).status).toBe(302);
    const closed = await reload(project, action.id);
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).toBeInstanceOf(Date);

    // Closure is told to the assignee and the watchers (the creator closed it: never told of their own step).
    expect((await notificationsOf(db.em, worker.user.id, "action-closed")).map((n) => n.title)).toEqual([
      "ACT-0001 closed",
    ]);
    expect(await notificationsOf(db.em, viewer.user.id, "action-closed")).toHaveLength(1);
    expect(await notificationsOf(db.em, engineer.user.id, "action-closed")).toEqual([]);

    // A manager re-opens it with a reason; then the creator is told nothing until it closes again.
    expect((await step(manager.cookie, action, "reopen", { comment: "Rail removed again" })).status).toBe(
      302,
    );
    expect((await reload(project, action.id)).status).toBe("open");

    const log = await callLoader(actionDetail, `${REGISTER}/${action.id}?tab=activity`, {
      cookie: viewer.cookie,
      params: { id: action.id },
    });
    const steps = log.data.action.activity
      .filter((entry: { action: string }) => entry.action === "status-changed")
      .map((entry: { actorName: string; after: { action: string; comment: string | null } }) => [
        entry.actorName,
        entry.after.action,
        entry.after.comment,
      ]);
    expect(steps.reverse()).toEqual([
      ["Wade Worker", "start", null],
      ["Wade Worker", "complete", null],
      ["Erin Engineer", "send_back", "Rail still loose"],
      ["Wade Worker", "complete", null],
      ["Erin Engineer", "close", null],
      ["Mona Manager", "reopen", "Rail removed again"],
    ]);
  });

  it("closes by the creator or a manager only, even with the close permission", async () => {
    const { project, action, worker, manager } = await site();
    const bystander = await signedInMember(db.em, project, ["safety.actions.view", "safety.actions.close"]);
    await db.em.nativeUpdate(SafetyAction, { id: action.id }, { status: "completed" }, { filters: false });
    expect((await step(bystander.cookie, action, "close")).status).toBe(403);
    expect((await step(worker.cookie, action, "close")).status).toBe(403);
    expect((await step(manager.cookie, action, "close")).status).toBe(302);
    expect((await reload(project, action.id)).status).toBe("closed");
  });

  it("deletes an open action with a confirmation, by its creator", async () => {
    const { project, action, engineer, manager } = await site();
    const scoped = scopeToProject(db.em, project.id);
    scoped.create(Attachment, {
      project,
      entityType: "safety-action",
      entityId: action.id,
      title: "rail.pdf",
      description: null,
      fileName: "rail.pdf",
      contentType: "application/pdf",
      size: 12,
      storageKey: newStorageKey(),
      uploadedBy: manager.user,
    } as never);
    await scoped.flush();
    // The engineer holds no delete; the manager does, and must tick "I am sure".
    expect((await step(engineer.cookie, action, "delete", { confirmed: "on" })).status).toBe(403);
    const unconfirmed = await step(manager.cookie, action, "delete");
    expect(unconfirmed.status).toBe(400);
    expect(await english(unconfirmed.data.error.confirmed)).toEqual(['Tick "I am sure" to go on.']);
    const deleted = await step(manager.cookie, action, "delete", { confirmed: "on" });
    expect(deleted.location).toBe(REGISTER);
    expect(await scopeToProject(db.em, project.id).count(SafetyAction, {})).toBe(0);
    // Its evidence goes with it.
    expect(await db.em.count(Attachment, { entityId: action.id }, { filters: false })).toBe(0);
  });
});

describe("the detail page's intents, guarded from the manifest", () => {
  it("refuses an undeclared intent or an unknown step (400), and a step of a table the user has no part in (403)", async () => {
    const { project, action, viewer, worker } = await site();
    expect((await post(worker.cookie, action, { intent: "drop-table" })).status).toBe(400);
    expect((await step(worker.cookie, action, "demolish")).status).toBe(400);
    expect((await step(viewer.cookie, action, "start")).status).toBe(403);
    expect((await reload(project, action.id)).status).toBe("open");
  });
});

describe("comments and re-assignment", () => {
  it("adds a comment to the thread for anyone who may see the action; a blank one is refused", async () => {
    const { project, action, viewer } = await site();
    const blank = await post(viewer.cookie, action, { intent: "comment", body: "  " });
    expect(blank.status).toBe(400);
    expect(await english(blank.data.error.body)).toEqual(["This field is required"]);
    expect(
      (await post(viewer.cookie, action, { intent: "comment", body: "Seen it, still loose." })).status,
    ).toBe(302);
    const page = await callLoader(actionDetail, `${REGISTER}/${action.id}`, {
      cookie: viewer.cookie,
      params: { id: action.id },
    });
    expect(page.data.action.comments).toMatchObject([
      { body: "Seen it, still loose.", author: "Vic Viewer" },
    ]);
    expect(await scopeToProject(db.em, project.id).count(SafetyActionComment, {})).toBe(1);
  });

  it("re-assigns with the reassign permission while the work is to do, logs it and tells the new assignee", async () => {
    const { project, action, engineer, viewer, manager } = await site();
    const reassign = (cookie: string, assigneeId: string) =>
      post(cookie, action, { intent: "reassign", assigneeId });
    // The engineer holds no reassign: refused by the intent's declared permission.
    expect((await reassign(engineer.cookie, viewer.user.id)).status).toBe(403);
    const other = await createProject(db.em);
    const stranger = await signedInMember(db.em, other, ["safety.actions.view"]);
    const refused = await reassign(manager.cookie, stranger.user.id);
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.assigneeId)).toEqual(["This choice is no longer available."]);

    expect((await reassign(manager.cookie, viewer.user.id)).status).toBe(302);
    expect((await reload(project, action.id)).assignee?.id).toBe(viewer.user.id);
    expect((await notificationsOf(db.em, viewer.user.id, "action-assigned")).map((n) => n.title)).toEqual([
      "ACT-0001 assigned to you",
    ]);
    const page = await callLoader(actionDetail, `${REGISTER}/${action.id}?tab=activity`, {
      cookie: viewer.cookie,
      params: { id: action.id },
    });
    expect(page.data.action.activity[0]).toMatchObject({
      action: "reassigned",
      actorName: "Mona Manager",
      before: { assignee: "Wade Worker" },
      after: { assignee: "Vic Viewer" },
    });

    await db.em.nativeUpdate(SafetyAction, { id: action.id }, { status: "completed" }, { filters: false });
    expect((await reassign(manager.cookie, engineer.user.id)).status).toBe(409);
  });
});

describe("the notification settings", () => {
  it("are shown to who may view them, saved by who may edit them, and followed by the closure notice", async () => {
    const { project, action, engineer, worker, viewer, manager } = await site();
    const PAGE = "/safety/actions/notification";
    expect((await callLoader(actionNotification, PAGE, { cookie: viewer.cookie })).location).toBe(
      "/forbidden",
    );
    const reader = await signedInMember(db.em, project, ["safety.actions.view-notification-settings"]);
    const shown = await callLoader(actionNotification, PAGE, { cookie: reader.cookie });
    expect(shown.data.card).toMatchObject({ canSave: false, values: { closedNotifyAssignee: true } });
    const form = {
      moduleId: "safety",
      form: "actionNotifications",
      intent: "save",
      assignedNotifyAssignee: "on",
      dueNotifyAssignee: "on",
      dueDaysBefore: "2",
      overdueNotifyAssignee: "on",
      closedNotifyCreator: "on",
    };
    expect((await callAction(actionNotification, PAGE, { cookie: reader.cookie, form })).status).toBe(403);
    expect((await callAction(actionNotification, PAGE, { cookie: manager.cookie, form })).status).toBe(302);
    expect(await db.em.count(ProjectSetting, { project: project.id }, { filters: false })).toBe(1);

    // Closed now tells only the creator: the assignee is off.
    await db.em.nativeUpdate(SafetyAction, { id: action.id }, { status: "completed" }, { filters: false });
    expect((await step(manager.cookie, action, "close")).status).toBe(302);
    expect(await notificationsOf(db.em, worker.user.id, "action-closed")).toEqual([]);
    expect(await notificationsOf(db.em, engineer.user.id, "action-closed")).toHaveLength(1);
  });
});
