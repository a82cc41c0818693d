import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { Group, type IGroup, ProjectMember, User } from "~/server/db/entities";
import { containsPattern } from "~/server/db/like";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { nameKey, sameNamePattern, tidyName } from "./company-rules";
import { GROUPS_PATH, type GroupForm, groupFormSchema, idsOutside, readGroupListQuery } from "./group-rules";

/**
 * Groups belong to one project. The request's EntityManager already limits Group reads, updates and
 * deletes to the current project, so a group of another project is simply not found (404).
 */
export type GroupPlace = { em: EntityManager; projectId: string; actorId: string };

const ENTITY_TYPE = "group";

async function memberCounts(em: EntityManager, groupIds: string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await em.execute<{ group_id: string; member_count: string }[]>(
    "select group_id, count(*) as member_count from project_group_member where group_id in (?) group by group_id",
    [groupIds],
  );
  return new Map(rows.map((row) => [row.group_id, Number(row.member_count)]));
}

export async function loadGroupList(em: EntityManager, url: URL) {
  const query = readGroupListQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const filter: FilterQuery<IGroup> = query.q
    ? {
        $or: [
          { name: { $ilike: containsPattern(query.q) } },
          { description: { $ilike: containsPattern(query.q) } },
        ],
      }
    : {};
  const [groups, total] = await em.findAndCount(Group, filter, {
    populate: ["createdBy"],
    orderBy: [
      { [query.sort]: query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC },
      { id: QueryOrder.ASC },
    ],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
  });
  const counts = await memberCounts(
    em,
    groups.map((group) => group.id),
  );
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: groups.map((group) => ({
      id: group.id,
      name: group.name,
      membersCount: counts.get(group.id) ?? 0,
      workersCount: group.workers.length,
      externalUsersCount: group.externalUsers.length,
      createdAt: group.createdAt.toISOString(),
      createdBy: group.createdBy?.name ?? null,
    })),
  };
}

/** The people a group can hold: the project's current members. */
export async function projectMemberChoices(em: EntityManager, projectId: string) {
  const members = await em.find(
    ProjectMember,
    { project: projectId },
    { populate: ["user", "company"], orderBy: [{ user: { name: "asc" } }, { id: "asc" }] },
  );
  return members.map((member) => ({
    userId: member.user.id,
    name: member.user.name,
    email: member.user.email,
    company: member.company?.name ?? null,
  }));
}

async function groupById(em: EntityManager, id: string | undefined): Promise<IGroup> {
  const valid = z.uuid().safeParse(id);
  const group = valid.success
    ? await em.findOne(Group, valid.data, { populate: ["members", "createdBy"] })
    : null;
  invariantResponse(group, "Not Found", 404);
  return group;
}

export async function loadGroup(em: EntityManager, projectId: string, id: string | undefined) {
  const group = await groupById(em, id);
  const current = new Set(
    (await em.find(ProjectMember, { project: projectId }, { fields: ["user"] })).map(
      (member) => member.user.id,
    ),
  );
  return {
    id: group.id,
    name: group.name,
    description: group.description ?? null,
    members: group.members
      .getItems()
      .map((user) => ({ id: user.id, name: user.name, email: user.email, inProject: current.has(user.id) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    workers: group.workers,
    externalUsers: group.externalUsers,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
    createdBy: group.createdBy?.name ?? null,
  };
}
export type GroupDetail = Awaited<ReturnType<typeof loadGroup>>;

/** The fields a change is logged with; members by id, sorted so that order is not a change. */
function snapshot(group: {
  name: string;
  description?: string | null;
  memberIds: string[];
  workers: string[];
  externalUsers: string[];
}) {
  return {
    name: group.name,
    description: group.description ?? null,
    memberIds: [...group.memberIds].sort(),
    workers: group.workers,
    externalUsers: group.externalUsers,
  };
}

function groupValues(form: GroupForm) {
  return snapshot({ ...form, name: tidyName(form.name), description: form.description || null });
}

/** Field errors the schema cannot know: the name taken in this project, people outside the project. */
async function projectChecks(place: GroupPlace, values: ReturnType<typeof groupValues>, exceptId?: string) {
  const errors: Record<string, string[]> = {};
  const sameName = await place.em.find(
    Group,
    { name: { $ilike: sameNamePattern(values.name) } },
    { fields: ["name"] },
  );
  if (sameName.some((group) => group.id !== exceptId && nameKey(group.name) === nameKey(values.name)))
    errors.name = ["groups:errors.nameTaken"];
  const validIds = values.memberIds.filter((id) => z.uuid().safeParse(id).success);
  const members = validIds.length
    ? await place.em.find(
        ProjectMember,
        { project: place.projectId, user: { $in: validIds } },
        { fields: ["user"] },
      )
    : [];
  if (idsOutside(values.memberIds, new Set(members.map((member) => member.user.id))).length > 0)
    errors.memberIds = ["groups:errors.notProjectMember"];
  return errors;
}

async function parseGroupForm(place: GroupPlace, formData: FormData, exceptId?: string) {
  const submission = parseWithZod(formData, { schema: groupFormSchema });
  if (submission.status !== "success")
    return { refused: data(submission.reply(), { status: 400 }), values: null } as const;
  const values = groupValues(submission.value);
  const fieldErrors = await projectChecks(place, values, exceptId);
  if (Object.keys(fieldErrors).length > 0)
    return { refused: data(submission.reply({ fieldErrors }), { status: 400 }), values: null } as const;
  return { refused: null, values } as const;
}

export async function createGroup(place: GroupPlace, formData: FormData) {
  const { refused, values } = await parseGroupForm(place, formData);
  if (refused) return refused;
  const group = await place.em.transactional(async (tx) => {
    const created = tx.create(Group, {
      project: place.projectId,
      name: values.name,
      description: values.description,
      workers: values.workers,
      externalUsers: values.externalUsers,
      createdBy: place.actorId,
      members: values.memberIds.map((id) => tx.getReference(User, id)),
    });
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: ENTITY_TYPE,
      entityId: created.id,
      action: "created",
      after: values,
    });
    return created;
  });
  return redirectWithToast(`${GROUPS_PATH}/${group.id}`, {
    type: "success",
    message: "groups:toast.created",
    params: { name: group.name },
  });
}

export async function loadGroupForEdit(em: EntityManager, id: string | undefined) {
  const group = await groupById(em, id);
  return {
    id: group.id,
    name: group.name,
    description: group.description ?? "",
    memberIds: group.members.getItems().map((user) => user.id),
    workers: group.workers,
    externalUsers: group.externalUsers,
  };
}

export async function updateGroup(place: GroupPlace, id: string | undefined, formData: FormData) {
  const group = await groupById(place.em, id);
  const { refused, values } = await parseGroupForm(place, formData, group.id);
  if (refused) return refused;
  const before = snapshot({ ...group, memberIds: group.members.getItems().map((user) => user.id) });
  const changes = changedFields(before, values);
  if (Object.keys(changes.after).length > 0) {
    await place.em.transactional(async (tx) => {
      tx.assign(group, {
        name: values.name,
        description: values.description,
        workers: values.workers,
        externalUsers: values.externalUsers,
      });
      group.members.set(values.memberIds.map((memberId) => tx.getReference(User, memberId)));
      recordActivity(tx, {
        projectId: place.projectId,
        actorId: place.actorId,
        entityType: ENTITY_TYPE,
        entityId: group.id,
        action: "updated",
        ...changes,
      });
    });
  }
  return redirectWithToast(`${GROUPS_PATH}/${group.id}`, {
    type: "success",
    message: "groups:toast.updated",
    params: { name: values.name },
  });
}

export async function deleteGroup(place: GroupPlace, id: string | undefined) {
  const group = await groupById(place.em, id);
  const before = snapshot({ ...group, memberIds: group.members.getItems().map((user) => user.id) });
  await place.em.transactional(async (tx) => {
    recordActivity(tx, {
      projectId: place.projectId,
      actorId: place.actorId,
      entityType: ENTITY_TYPE,
      entityId: group.id,
      action: "deleted",
      before,
    });
    tx.remove(group);
  });
  return redirectWithToast(GROUPS_PATH, {
    type: "success",
    message: "groups:toast.deleted",
    params: { name: group.name },
  });
}
