import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { SafetyAction, SafetyObservation } from "../entities";
import * as actionCreate from "../routes/action-create";
import * as actionDetail from "../routes/action-detail";
import * as observationCreate from "../routes/observation-create";
import * as observationDetail from "../routes/observation-detail";
import * as observationEdit from "../routes/observation-edit";
import * as photoFile from "../routes/observation-photo-file";
import * as photosRoute from "../routes/observation-photos";
import { multipart, notificationsOf } from "./fixtures";
import { makeLocation, makeObservation, observationSite, observationsOf } from "./observation-fixtures";

const db = setupTestDatabase();
const CREATE = "/safety/observation/create";
setupTestFileStorage("sp-observation-");

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const photo = (name = "edge.png") => new File([PNG as BlobPart], name, { type: "image/png" });

const raise = (cookie: string, fields: Record<string, string>, files: File[] = []) => {
  const form = multipart({ observedOn: "2026-11-20", ...fields });
  for (const file of files) form.append("photos", file);
  return callAction(observationCreate, CREATE, { cookie, multipart: form });
};

const detail = (cookie: string, id: string, tab = "") =>
  callLoader(observationDetail, `/safety/observation/${id}${tab}`, { cookie, params: { id } });

const step = (cookie: string, id: string, action: string, extra: Record<string, string> = {}) =>
  callAction(observationDetail, `/safety/observation/${id}`, {
    cookie,
    params: { id },
    form: { intent: "transition", action, ...extra },
  });

describe("raising an observation", () => {
  it("refuses a bad form and writes nothing: blank title, no assignee, a future day, strangers", async () => {
    const project = await createProject(db.em);
    const { engineer } = await observationSite(db.em, project);
    const empty = await raise(engineer.cookie, { kind: "unsafe_act", title: " " });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.title)).toEqual(["This field is required"]);
    expect(await english(empty.data.error.assigneeId)).toEqual([
      'Choose who puts it right, or tick "Put right on the spot".',
    ]);
    const future = new Date();
    future.setUTCDate(future.getUTCDate() + 3);
    const ahead = await raise(engineer.cookie, {
      kind: "positive",
      title: "Good housekeeping",
      observedOn: future.toISOString().slice(0, 10),
    });
    expect(await english(ahead.data.error.observedOn)).toEqual(["You can not choose a date in the future"]);

    const other = await createProject(db.em);
    const stranger = await signedInMember(db.em, other, ["safety.observations.view"]);
    const elsewhere = await makeLocation(db.em, other, "Other site");
    const foreign = await raise(
      engineer.cookie,
      {
        kind: "unsafe_condition",
        title: "Unguarded edge",
        assigneeId: stranger.user.id,
        locationId: elsewhere.id,
      },
      [photo()],
    );
    expect(foreign.status).toBe(400);
    expect(await english(foreign.data.error.assigneeId)).toEqual(["This choice is no longer available."]);
    expect(await english(foreign.data.error.locationId)).toEqual(["This choice is no longer available."]);
    expect(await observationsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, { entityType: "safety-observation" })).toBe(0);
  });

  it("numbers an unsafe condition OBS-0001, opens it for the assignee with its photo and location, and logs it", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await observationSite(db.em, project);
    const core = await makeLocation(db.em, project, "Tower A");
    const stair = await makeLocation(db.em, project, "Stair core", core.id);
    const created = await raise(
      engineer.cookie,
      {
        kind: "unsafe_condition",
        title: "Unguarded edge at the stair core",
        description: "Level 4, no handrail",
        locationId: stair.id,
        assigneeId: worker.user.id,
      },
      [photo()],
    );
    expect(created.status).toBe(302);
    const [observation] = await observationsOf(db.em, project);
    expect(created.location).toBe(`/safety/observation/${observation.id}`);
    expect(observation).toMatchObject({ number: "OBS-0001", status: "open", kind: "unsafe_condition" });

    // The assignee is told, in the app (and by mail).
    const [told] = await notificationsOf(db.em, worker.user.id, "observation-assigned");
    expect(told).toMatchObject({
      title: "OBS-0001 assigned to you",
      link: `/safety/observation/${observation.id}`,
    });
    expect(await notificationsOf(db.em, engineer.user.id)).toEqual([]);

    const page = await detail(viewer.cookie, observation.id);
    expect(page.data.observation).toMatchObject({
      location: "Tower A › Stair core",
      assignee: { id: worker.user.id, name: "Wade Worker" },
      createdBy: "Erin Engineer",
      photos: [expect.objectContaining({ fileName: "edge.png", kind: "image" })],
      steps: [],
    });
    // The viewer may not add photos or raise an action.
    expect(page.data.canAddPhotos).toBe(false);
    expect(page.data.canRaiseAction).toBe(false);
    const fileId = page.data.observation.photos[0].id;
    const file = await callLoader(photoFile, `/safety/observation/${observation.id}/photos/${fileId}`, {
      cookie: viewer.cookie,
      params: { id: observation.id, fileId },
    });
    expect(file.status).toBe(200);
    const log = await detail(viewer.cookie, observation.id, "?tab=activity");
    expect(log.data.observation.activity.map((entry: { action: string }) => entry.action)).toEqual([
      "attachment-added",
      "created",
    ]);
  });

  it("raises a positive observation, or one put right on the spot, closed with nobody assigned", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    await raise(engineer.cookie, {
      kind: "positive",
      title: "Crew kept the walkway clear",
      assigneeId: worker.user.id,
    });
    await raise(engineer.cookie, {
      kind: "unsafe_act",
      title: "No gloves at the saw",
      rectifiedOnSpot: "on",
    });
    const [positive, fixed] = await observationsOf(db.em, project);
    expect(positive).toMatchObject({ number: "OBS-0001", status: "closed", rectifiedOnSpot: false });
    expect(positive.assignee).toBeNull();
    expect(fixed).toMatchObject({ number: "OBS-0002", status: "closed", rectifiedOnSpot: true });
    // Nobody may move it, a manager included: there is nothing to put right.
    const page = await detail(engineer.cookie, positive.id);
    expect(page.data.observation.steps).toEqual([]);
    expect(page.data.canEdit).toBe(false);
    expect((await step(engineer.cookie, positive.id, "reopen", { comment: "Why" })).status).toBe(403);
  });

  it("refuses a photo over 100 MB with the spec's message, and keeps nothing", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    const huge = new File([new Uint8Array(100 * 1024 * 1024 + 1) as BlobPart], "walk.mp4", {
      type: "video/mp4",
    });
    const refused = await raise(
      engineer.cookie,
      { kind: "unsafe_act", title: "No harness", assigneeId: worker.user.id },
      [huge],
    );
    expect(refused.status).toBe(400);
    const t = await serverT("en", "uploads");
    expect(refused.data.error.photos.map((text: string) => translateMessage(t as never, text))).toEqual([
      "These files exceed 100MB. Please check file size and try again.",
    ]);
    expect(await observationsOf(db.em, project)).toEqual([]);
    expect(await db.em.count(Attachment, {}, { filters: false })).toBe(0);
  });

  it("needs the create permission to raise, and the view permission to see anything", async () => {
    const project = await createProject(db.em);
    const { worker, viewer } = await observationSite(db.em, project);
    const nobody = await signedInMember(db.em, project, []);
    expect((await raise(worker.cookie, { kind: "positive", title: "X" })).location).toBe("/forbidden");
    expect((await callLoader(observationCreate, CREATE, { cookie: viewer.cookie })).location).toBe(
      "/forbidden",
    );
    const observation = await makeObservation(db.em, project, { number: "OBS-0001" });
    expect((await detail(nobody.cookie, observation.id)).location).toBe("/forbidden");
    expect((await detail(viewer.cookie, observation.id)).status).toBe(200);
  });
});

describe("an observation's workflow", () => {
  it("goes open → in progress → completed by the assignee, then closed by its raiser, each step logged", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await observationSite(db.em, project);
    const observation = await makeObservation(db.em, project, {
      number: "OBS-0001",
      assignee: worker.user,
      createdBy: engineer.user,
    });
    const id = observation.id;
    // The raiser is not the assignee; the viewer holds no step's permission.
    expect((await step(engineer.cookie, id, "start")).status).toBe(403);
    expect((await step(viewer.cookie, id, "start")).status).toBe(403);
    expect(
      (await detail(worker.cookie, id)).data.observation.steps.map((s: { action: string }) => s.action),
    ).toEqual(["start", "complete", "dispute"]);
    expect((await step(worker.cookie, id, "start")).status).toBe(302);
    // A reason is required to dispute; nothing changes without it.
    const noReason = await step(worker.cookie, id, "dispute");
    expect(noReason.status).toBe(400);
    expect(await english(noReason.data.error.comment)).toEqual(["Give a reason for this step."]);
    expect((await step(worker.cookie, id, "complete")).status).toBe(302);
    // A step the table no longer allows from here (a stale page) is a form error.
    const stale = await step(worker.cookie, id, "complete");
    expect(stale.status).toBe(409);
    const rejected = await step(engineer.cookie, id, "reject", { comment: "Handrail not fixed on level 5" });
    expect(rejected.status).toBe(302);
    expect((await step(worker.cookie, id, "rework")).status).toBe(302);
    expect((await step(worker.cookie, id, "complete")).status).toBe(302);
    expect((await step(engineer.cookie, id, "close")).status).toBe(302);
    // The raiser heard of each completion.
    expect(
      (await notificationsOf(db.em, engineer.user.id, "observation-completed")).map((n) => n.title),
    ).toEqual(["OBS-0001 completed", "OBS-0001 completed"]);
    const closed = await db.em.fork().findOneOrFail(SafetyObservation, { id }, { filters: false });
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).not.toBeNull();
    const log = await detail(viewer.cookie, id, "?tab=activity");
    expect(
      log.data.observation.activity
        .filter((entry: { action: string }) => entry.action === "status-changed")
        .map((entry: { after: { status: string } }) => entry.after.status)
        .reverse(),
    ).toEqual(["in_progress", "completed", "not_approved", "in_progress", "completed", "closed"]);
  });

  it("lets the assignee dispute it and a manager re-assign and re-issue it; others may not re-assign", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, manager } = await observationSite(db.em, project);
    const observation = await makeObservation(db.em, project, {
      number: "OBS-0001",
      assignee: worker.user,
      createdBy: engineer.user,
    });
    const id = observation.id;
    expect((await step(worker.cookie, id, "dispute", { comment: "Not our scaffold" })).status).toBe(302);
    // The raiser cannot settle a dispute: that is a manager's.
    expect((await step(engineer.cookie, id, "reissue", { comment: "Yours" })).status).toBe(403);
    const reassign = (cookie: string) =>
      callAction(observationDetail, `/safety/observation/${id}`, {
        cookie,
        params: { id },
        form: { intent: "reassign", assigneeId: engineer.user.id },
      });
    expect((await reassign(engineer.cookie)).status).toBe(403);
    expect((await reassign(manager.cookie)).status).toBe(302);
    expect((await step(manager.cookie, id, "reissue", { comment: "The formwork crew's" })).status).toBe(302);
    const reissued = await db.em.fork().findOneOrFail(SafetyObservation, { id }, { filters: false });
    expect(reissued.status).toBe("open");
    expect(reissued.assignee?.id).toBe(engineer.user.id);
    // The raiser heard of the dispute; the new assignee of the re-assignment and the re-issue.
    expect(await notificationsOf(db.em, engineer.user.id, "observation-disputed")).toHaveLength(1);
    expect(await notificationsOf(db.em, engineer.user.id, "observation-assigned")).toHaveLength(2);
  });

  it("is edited by its raiser while live, not by its assignee; photos added by the assignee", async () => {
    const project = await createProject(db.em);
    const { engineer, worker, viewer } = await observationSite(db.em, project);
    const observation = await makeObservation(db.em, project, {
      number: "OBS-0001",
      assignee: worker.user,
      createdBy: engineer.user,
    });
    const id = observation.id;
    const edit = (cookie: string, form: Record<string, string>) =>
      callAction(observationEdit, `/safety/observation/${id}/edit`, { cookie, params: { id }, form });
    const fields = { kind: "unsafe_act", title: "Worker on the edge unclipped", observedOn: "2026-11-19" };
    expect((await edit(worker.cookie, fields)).location).toBe("/forbidden");
    const bad = await edit(engineer.cookie, { ...fields, title: "" });
    expect(bad.status).toBe(400);
    expect((await edit(engineer.cookie, fields)).status).toBe(302);
    const saved = await db.em.fork().findOneOrFail(SafetyObservation, { id }, { filters: false });
    expect(saved).toMatchObject({ kind: "unsafe_act", title: "Worker on the edge unclipped" });

    const upload = (cookie: string) => {
      const form = new FormData();
      form.append("files", photo("after.png"));
      return callAction(photosRoute, `/safety/observation/${id}/photos`, {
        cookie,
        params: { id },
        multipart: form,
      });
    };
    expect((await upload(viewer.cookie)).status).toBe(403);
    expect((await upload(worker.cookie)).status).toBe(302);
    expect(await db.em.count(Attachment, { entityId: id }, { filters: false })).toBe(1);
    const [file] = (await detail(worker.cookie, id)).data.observation.photos;
    expect(file.mayDelete).toBe(true);
    const remove = (cookie: string) =>
      callAction(observationDetail, `/safety/observation/${id}`, {
        cookie,
        params: { id },
        form: { intent: "photo-delete", fileId: file.id },
      });
    // Neither the viewer nor the raiser uploaded it, and neither is a manager.
    expect((await remove(viewer.cookie)).status).toBe(403);
    expect((await remove(engineer.cookie)).status).toBe(403);
    expect((await remove(worker.cookie)).status).toBe(302);
    expect(await db.em.count(Attachment, { entityId: id }, { filters: false })).toBe(0);
    const log = await detail(worker.cookie, id, "?tab=activity");
    expect(log.data.observation.activity[0]).toMatchObject({
      action: "attachment-deleted",
      before: { fileName: "after.png" },
    });
  });
});

describe("raising an action from an observation", () => {
  it("creates the action through the action form with its source, linked both ways and logged on the observation", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    const observation = await makeObservation(db.em, project, {
      number: "OBS-0001",
      assignee: worker.user,
      createdBy: engineer.user,
      description: "Level 4, no handrail",
    });
    // The form starts from the observation.
    const form = await callLoader(
      actionCreate,
      `/safety/actions/create?sourceType=observation&sourceId=${observation.id}`,
      { cookie: engineer.cookie },
    );
    expect(form.data.source).toMatchObject({
      label: "OBS-0001 Unguarded edge at the stair core",
      href: `/safety/observation/${observation.id}`,
      title: "Unguarded edge at the stair core",
      description: "Level 4, no handrail",
    });
    const created = await callAction(actionCreate, "/safety/actions/create", {
      cookie: engineer.cookie,
      multipart: multipart({
        title: "Install the handrail on level 4",
        riskRanking: "high",
        assigneeId: worker.user.id,
        sourceType: "observation",
        sourceId: observation.id,
      }),
    });
    expect(created.status).toBe(302);
    const [action] = await scopeToProject(db.em, project.id).find(SafetyAction, {});
    expect(action).toMatchObject({ sourceType: "observation", sourceId: observation.id });

    const actionPage = await callLoader(actionDetail, `/safety/actions/${action.id}`, {
      cookie: engineer.cookie,
      params: { id: action.id },
    });
    expect(actionPage.data.action.source).toEqual({
      type: "observation",
      id: observation.id,
      label: "OBS-0001 Unguarded edge at the stair core",
      href: `/safety/observation/${observation.id}`,
    });
    const page = await detail(engineer.cookie, observation.id);
    expect(page.data.observation.actions).toEqual([
      expect.objectContaining({
        id: action.id,
        number: "ACT-0001",
        title: "Install the handrail on level 4",
      }),
    ]);
    const log = await detail(engineer.cookie, observation.id, "?tab=activity");
    expect(log.data.observation.activity[0]).toMatchObject({
      action: "action-raised",
      actorName: "Erin Engineer",
      after: { number: "ACT-0001" },
    });
  });

  it("refuses a source that is not the project's, and writes nothing", async () => {
    const project = await createProject(db.em);
    const { engineer, worker } = await observationSite(db.em, project);
    const other = await createProject(db.em);
    const elsewhere = await makeObservation(db.em, other, { number: "OBS-0001" });
    const refused = await callAction(actionCreate, "/safety/actions/create", {
      cookie: engineer.cookie,
      multipart: multipart({
        title: "Install the handrail",
        riskRanking: "high",
        assigneeId: worker.user.id,
        sourceType: "observation",
        sourceId: elsewhere.id,
      }),
    });
    expect(refused.status).toBe(400);
    expect(await english(refused.data.error.sourceId)).toEqual(["This choice is no longer available."]);
    expect(await db.em.count(SafetyAction, {}, { filters: false })).toBe(0);
    expect(await db.em.count(ActivityLog, { action: "action-raised" }, { filters: false })).toBe(0);
  });
});

describe("an observation's location", () => {
  it("is never deleted from under it: the module registers its use of the location tree", async () => {
    const { setupSafety } = await import("../setup.server");
    const { countLocationUsages } = await import("~/server/locations/locations.server");
    setupSafety();
    const project = await createProject(db.em);
    const { engineer } = await observationSite(db.em, project);
    const tower = await makeLocation(db.em, project, "Tower A");
    const stair = await makeLocation(db.em, project, "Stair core", tower.id);
    await makeObservation(db.em, project, {
      number: "OBS-0001",
      location: stair.id,
      createdBy: engineer.user,
    });
    const em = scopeToProject(db.em.fork(), project.id);
    expect(await countLocationUsages(em, [tower.id, stair.id])).toContainEqual({
      name: "safety.observations",
      count: 1,
    });
    expect(await countLocationUsages(em, [tower.id])).not.toContainEqual(
      expect.objectContaining({ name: "safety.observations" }),
    );
  });
});
