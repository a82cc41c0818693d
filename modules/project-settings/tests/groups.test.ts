import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Group, type IProject, type IUser } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { serverT } from "~/server/i18n/i18n.server";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import * as groupList from "../routes/groups";
import * as groupDetail from "../routes/groups.detail";
import * as groupEdit from "../routes/groups.edit";
import * as groupNew from "../routes/groups.new";

const db = setupTestDatabase();
const LIST = "/project-settings/group";
const ALL = [
  "project-settings.group.view",
  "project-settings.group.create",
  "project-settings.group.edit",
  "project-settings.group.delete",
];

async function english(messages: string[] | undefined) {
  const t = await serverT("en");
  return messages?.map((message) => translateMessage(t as any, message));
}

const memberWith = (project: IProject, grantedActions: string[], name?: string) =>
  signedInMember(db.em, project, grantedActions, name ? { name } : {});

/** Groups of one project, read the way the pages read them. */
function groupsOf(project: IProject) {
  return scopeToProject(db.em, project.id).find(
    Group,
    {},
    { populate: ["members"], orderBy: { name: "asc" } },
  );
}

async function makeGroup(project: IProject, name: string, creator: IUser, members: IUser[] = []) {
  const em = scopeToProject(db.em, project.id);
  const group = em.create(Group, {
    project,
    name,
    createdBy: creator,
    workers: ["Bob"],
    externalUsers: [],
    members,
  });
  await em.flush();
  return group;
}

describe("group list", () => {
  it("lists this project's groups with their counts, searchable and 10 a page", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ["project-settings.group.view"], "Gina Groups");
    for (let i = 1; i <= 11; i++) await makeGroup(project, `Crew ${String(i).padStart(2, "0")}`, user);
    await makeGroup(project, "Concrete pour team", user, [user]);
    await makeGroup(other, "Crew of another project", user);

    const page1 = await callLoader(groupList, LIST, { cookie });
    expect(page1.data.canCreate).toBe(false);
    expect(page1.data.list.total).toBe(12);
    expect(page1.data.list.rows[0]).toMatchObject({
      name: "Concrete pour team",
      membersCount: 1,
      workersCount: 1,
      externalUsersCount: 0,
      createdBy: "Gina Groups",
    });
    const page2 = await callLoader(groupList, `${LIST}?page=2`, { cookie });
    expect(page2.data.list.rows.map((row: any) => row.name)).toEqual(["Crew 10", "Crew 11"]);
    const search = await callLoader(groupList, `${LIST}?q=concrete`, { cookie });
    expect(search.data.list.rows.map((row: any) => row.name)).toEqual(["Concrete pour team"]);
  });
});

describe("creating a group", () => {
  it("stores the group with its members, workers and external users, and logs it", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const colleague = await createUser(db.em, { name: "Colin Colleague" });
    await addMember(db.em, { project, user: colleague });
    const result = await callAction(groupNew, `${LIST}/create-group`, {
      cookie,
      form: {
        name: " Night  crew ",
        description: "Pours after 10pm",
        memberIds: [colleague.id, user.id],
        workers: ["Bob Smith", "bob smith", "Jane Doe", ""],
        externalUsers: ["Client@Example.com", ""],
      },
    });
    const [group] = await groupsOf(project);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`${LIST}/${group.id}`);
    expect(group).toMatchObject({
      name: "Night crew",
      description: "Pours after 10pm",
      workers: ["Bob Smith", "Jane Doe"],
      externalUsers: ["client@example.com"],
      createdBy: { id: user.id },
    });
    expect(
      group.members
        .getItems()
        .map((member) => member.name)
        .sort(),
    ).toEqual(["Colin Colleague", user.name]);
    const [entry] = await db.em.find(ActivityLog, { entityType: "group", entityId: group.id });
    expect(entry).toMatchObject({ action: "created", project: { id: project.id }, actor: { id: user.id } });
    expect(entry.after).toMatchObject({ name: "Night crew", workers: ["Bob Smith", "Jane Doe"] });

    const detail = await callLoader(groupDetail, `${LIST}/${group.id}`, { cookie, params: { id: group.id } });
    expect(detail.data.group).toMatchObject({
      name: "Night crew",
      createdBy: user.name,
      workers: ["Bob Smith", "Jane Doe"],
      externalUsers: ["client@example.com"],
    });
    expect(detail.data.group.members.map((member: any) => member.inProject)).toEqual([true, true]);
  });

  it("shows each validation message and stores nothing", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    await makeGroup(project, "Night crew", user);
    const post = (form: Record<string, string | string[]>) =>
      callAction(groupNew, `${LIST}/create-group`, { cookie, form });

    const empty = await post({ name: "" });
    expect(empty.status).toBe(400);
    expect(await english(empty.data.error.name)).toEqual(["This field is required"]);
    const long = await post({ name: "g".repeat(121) });
    expect(await english(long.data.error.name)).toEqual(["Maximum 120 characters"]);
    const email = await post({
      name: "Reviewers",
      externalUsers: ["reviewer@example.com", "reviewer-at-example"],
    });
    expect(await english(email.data.error.externalUsers)).toEqual(["Invalid email"]);
    const taken = await post({ name: "NIGHT  Crew" });
    expect(await english(taken.data.error.name)).toEqual([
      "A group with this name already exists in this project",
    ]);
    expect(await groupsOf(project)).toHaveLength(1);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("accepts only members of the current project", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { cookie } = await memberWith(project, ALL);
    const outsider = await createUser(db.em);
    await addMember(db.em, { project: other, user: outsider });
    for (const memberId of [outsider.id, "not-a-uuid"]) {
      const result = await callAction(groupNew, `${LIST}/create-group`, {
        cookie,
        form: { name: "Mixed crew", memberIds: memberId },
      });
      expect(result.status).toBe(400);
      expect(await english(result.data.error.memberIds)).toEqual([
        "Only members of this project can be added to a group",
      ]);
    }
    expect(await groupsOf(project)).toHaveLength(0);
  });

  it("allows the same name in another project", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    await makeGroup(other, "Night crew", user);
    const result = await callAction(groupNew, `${LIST}/create-group`, {
      cookie,
      form: { name: "Night crew" },
    });
    expect(result.status).toBe(302);
  });

  it("refuses a member whose role lacks the create permission", async () => {
    const project = await createProject(db.em);
    const { cookie } = await memberWith(project, [
      "project-settings.group.view",
      "project-settings.group.edit",
    ]);
    expect((await callLoader(groupNew, `${LIST}/create-group`, { cookie })).location).toBe("/forbidden");
    // The create page itself needs the create permission, so the guard answers before the action runs.
    const result = await callAction(groupNew, `${LIST}/create-group`, { cookie, form: { name: "Sneaky" } });
    expect(result.location).toBe("/forbidden");
    expect(await groupsOf(project)).toHaveLength(0);
  });
});

describe("editing and deleting a group", () => {
  it("saves the changes with before and after in the activity log", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const group = await makeGroup(project, "Night crew", user, [user]);
    const edit = await callLoader(groupEdit, `${LIST}/edit-group/${group.id}`, {
      cookie,
      params: { id: group.id },
    });
    expect(edit.data.group).toMatchObject({ name: "Night crew", memberIds: [user.id], workers: ["Bob"] });
    expect(edit.data.choices.map((choice: any) => choice.userId)).toEqual([user.id]);

    const result = await callAction(groupEdit, `${LIST}/edit-group/${group.id}`, {
      cookie,
      params: { id: group.id },
      form: { name: "Day crew", workers: ["Bob", "Ann"], externalUsers: [] as string[] },
    });
    expect(result.location).toBe(`${LIST}/${group.id}`);
    const [saved] = await groupsOf(project);
    expect(saved).toMatchObject({ name: "Day crew", workers: ["Bob", "Ann"] });
    expect(saved.members.count()).toBe(0);
    const [entry] = await db.em.find(ActivityLog, { entityId: group.id, action: "updated" });
    expect(entry.before).toEqual({ name: "Night crew", memberIds: [user.id], workers: ["Bob"] });
    expect(entry.after).toEqual({ name: "Day crew", memberIds: [], workers: ["Bob", "Ann"] });
  });

  it("refuses an edit without the permission, and a taken name", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const group = await makeGroup(project, "Night crew", user);
    await makeGroup(project, "Day crew", user);
    const taken = await callAction(groupEdit, `${LIST}/edit-group/${group.id}`, {
      cookie,
      params: { id: group.id },
      form: { name: "day crew" },
    });
    expect(await english(taken.data.error.name)).toEqual([
      "A group with this name already exists in this project",
    ]);
    const viewer = await memberWith(project, ["project-settings.group.view"]);
    const refused = await callAction(groupEdit, `${LIST}/edit-group/${group.id}`, {
      cookie: viewer.cookie,
      params: { id: group.id },
      form: { name: "Renamed" },
    });
    expect(refused.location).toBe("/forbidden");
    expect((await groupsOf(project)).map((g) => g.name)).toEqual(["Day crew", "Night crew"]);
    expect(await db.em.count(ActivityLog, {})).toBe(0);
  });

  it("deletes with the delete permission only, and logs it", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const group = await makeGroup(project, "Night crew", user, [user]);
    const editor = await memberWith(project, ["project-settings.group.view", "project-settings.group.edit"]);
    const refused = await callAction(groupDetail, `${LIST}/${group.id}`, {
      cookie: editor.cookie,
      params: { id: group.id },
      form: { intent: "delete" },
    });
    expect(refused.status).toBe(403);
    expect(await groupsOf(project)).toHaveLength(1);

    const result = await callAction(groupDetail, `${LIST}/${group.id}`, {
      cookie,
      params: { id: group.id },
      form: { intent: "delete" },
    });
    expect(result.location).toBe(LIST);
    expect(await groupsOf(project)).toHaveLength(0);
    const [entry] = await db.em.find(ActivityLog, { entityId: group.id });
    expect(entry).toMatchObject({ action: "deleted", before: { name: "Night crew", memberIds: [user.id] } });
  });

  it("answers 404 for a group of another project, on every page", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const foreign = await makeGroup(other, "Their crew", user);
    const options = { cookie, params: { id: foreign.id } };
    expect((await callLoader(groupDetail, `${LIST}/${foreign.id}`, options)).status).toBe(404);
    expect((await callLoader(groupEdit, `${LIST}/edit-group/${foreign.id}`, options)).status).toBe(404);
    const edit = await callAction(groupEdit, `${LIST}/edit-group/${foreign.id}`, {
      ...options,
      form: { name: "Mine" },
    });
    expect(edit.status).toBe(404);
    const remove = await callAction(groupDetail, `${LIST}/${foreign.id}`, {
      ...options,
      form: { intent: "delete" },
    });
    expect(remove.status).toBe(404);
    expect((await groupsOf(other)).map((g) => g.name)).toEqual(["Their crew"]);
  });

  it("marks members who left the project on the detail page", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await memberWith(project, ALL);
    const former = await createUser(db.em, { name: "Fred Former" });
    const group = await makeGroup(project, "Night crew", user, [user, former]);
    const detail = await callLoader(groupDetail, `${LIST}/${group.id}`, { cookie, params: { id: group.id } });
    expect(detail.data.group.members).toMatchObject([
      { name: "Fred Former", inProject: false },
      { name: user.name, inProject: true },
    ]);
    const edit = await callLoader(groupEdit, `${LIST}/edit-group/${group.id}`, {
      cookie,
      params: { id: group.id },
    });
    expect(edit.data.leftProject).toBe(1);
  });
});
