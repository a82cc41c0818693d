import type { FilterQuery } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE } from "~/app/ui/pagination-range";
import { activityFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import {
  AuthToken,
  Company,
  Group,
  type ICompany,
  type IProjectMember,
  type IRole,
  type IUser,
  ProjectMember,
  Role,
  Session,
  User,
} from "~/server/db/entities";
import { likePattern, memberStatus } from "./member-rules";

export type ChoiceOption = { value: string; label: string };

const PRODUCT_ROLES = { kind: "product", project: null } as const;

const toOptions = (rows: { id: string; name: string }[]): ChoiceOption[] =>
  rows.map((row) => ({ value: row.id, label: row.name }));

/** Product roles are the same in every project; ACC roles belong to the one project; companies are shared. */
export async function projectMemberChoices(em: EntityManager, projectId: string) {
  const [roles, accRoles, companies] = await Promise.all([
    em.find(Role, PRODUCT_ROLES, { orderBy: { name: "asc" }, fields: ["id", "name"] }),
    em.find(Role, { kind: "acc", project: projectId }, { orderBy: { name: "asc" }, fields: ["id", "name"] }),
    em.find(Company, {}, { orderBy: { name: "asc" }, fields: ["id", "name"] }),
  ]);
  return { roles: toOptions(roles), accRoles: toOptions(accRoles), companies: toOptions(companies) };
}

export async function globalRoleChoices(em: EntityManager) {
  const roles = await em.find(Role, PRODUCT_ROLES, { orderBy: { name: "asc" }, fields: ["id", "name"] });
  return toOptions(roles);
}

export type ProjectChoices = { role: IRole; accRole: IRole | null; company: ICompany | null };
type FieldErrors = Record<string, string[]>;

/** The posted ids must name a product role, an ACC role of this project and an existing company. */
export async function resolveProjectChoices(
  em: EntityManager,
  projectId: string,
  ids: { roleId: string; accRoleId: string | null; companyId: string | null },
): Promise<{ choices: ProjectChoices } | { errors: FieldErrors }> {
  const [role, accRole, company] = await Promise.all([
    em.findOne(Role, { id: ids.roleId, ...PRODUCT_ROLES }),
    ids.accRoleId ? em.findOne(Role, { id: ids.accRoleId, kind: "acc", project: projectId }) : null,
    ids.companyId ? em.findOne(Company, { id: ids.companyId }) : null,
  ]);
  const errors: FieldErrors = {};
  if (!role) errors.roleId = ["members:form.unknownOption"];
  if (ids.accRoleId && !accRole) errors.accRoleId = ["members:form.unknownOption"];
  if (ids.companyId && !company) errors.companyId = ["members:form.unknownOption"];
  if (!role || Object.keys(errors).length > 0) return { errors };
  return { choices: { role, accRole, company } };
}

export async function resolveGlobalRole(
  em: EntityManager,
  roleId: string | null,
): Promise<{ role: IRole | null } | { errors: FieldErrors }> {
  if (!roleId) return { role: null };
  const role = await em.findOne(Role, { id: roleId, ...PRODUCT_ROLES });
  return role ? { role } : { errors: { globalRoleId: ["members:form.unknownOption"] } };
}

const page = (number: number) => ({ limit: DEFAULT_PAGE_SIZE, offset: (number - 1) * DEFAULT_PAGE_SIZE });

export async function listProjectMembers(
  em: EntityManager,
  projectId: string,
  query: { q: string; page: number },
) {
  const filter: FilterQuery<IProjectMember> = { project: projectId };
  if (query.q) {
    const pattern = likePattern(query.q);
    filter.$or = [{ user: { name: { $ilike: pattern } } }, { user: { email: { $ilike: pattern } } }];
  }
  const [members, total] = await em.findAndCount(ProjectMember, filter, {
    populate: ["user", "role", "accRole", "company"],
    orderBy: [{ user: { name: "asc" } }, { id: "asc" }],
    ...page(query.page),
  });
  return {
    total,
    rows: members.map((member) => ({
      id: member.id,
      name: member.user.name,
      email: member.user.email,
      company: member.company?.name ?? null,
      role: member.role?.name ?? null,
      accRole: member.accRole?.name ?? null,
      status: memberStatus(member.user),
      addedOn: member.createdAt.toISOString(),
    })),
  };
}

export async function listUsers(em: EntityManager, query: { q: string; page: number }) {
  const filter: FilterQuery<IUser> = {};
  if (query.q) {
    const pattern = likePattern(query.q);
    filter.$or = [{ name: { $ilike: pattern } }, { email: { $ilike: pattern } }];
  }
  const [users, total] = await em.findAndCount(User, filter, {
    populate: ["globalRole"],
    orderBy: [{ name: "asc" }, { id: "asc" }],
    ...page(query.page),
  });
  const memberships = users.length
    ? await em.find(ProjectMember, { user: { $in: users.map((user) => user.id) } }, { fields: ["user"] })
    : [];
  const projectCount = new Map<string, number>();
  for (const membership of memberships)
    projectCount.set(membership.user.id, (projectCount.get(membership.user.id) ?? 0) + 1);
  return {
    total,
    rows: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      status: memberStatus(user),
      isSuperAdmin: user.isSuperAdmin,
      projects: projectCount.get(user.id) ?? 0,
      globalRole: user.globalRole?.name ?? null,
    })),
  };
}

export async function findProjectMember(em: EntityManager, projectId: string, memberId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(memberId)) return null;
  return em.findOne(
    ProjectMember,
    { id: memberId, project: projectId },
    { populate: ["user", "role", "accRole", "company"] },
  );
}

export async function findUser(em: EntityManager, userId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  return em.findOne(User, { id: userId }, { populate: ["globalRole"] });
}

/** What the activity log keeps of a membership: names, which stay readable after a role is renamed or deleted. */
export function membershipSnapshot(member: Pick<IProjectMember, "role" | "accRole" | "company">) {
  return {
    role: member.role?.name ?? null,
    accRole: member.accRole?.name ?? null,
    company: member.company?.name ?? null,
  };
}

/** Returns the changed fields, or null when nothing changed (no log entry then). */
export async function updateProjectMember(
  em: EntityManager,
  input: { member: IProjectMember; actorId: string; choices: ProjectChoices },
) {
  const { member, choices } = input;
  const before = membershipSnapshot(member);
  const after = membershipSnapshot(choices);
  const changes = changedFields(before, after);
  if (Object.keys(changes.after).length === 0) return null;
  await em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(ProjectMember, { id: member.id });
    row.role = tx.getReference(Role, choices.role.id);
    row.accRole = choices.accRole ? tx.getReference(Role, choices.accRole.id) : null;
    row.company = choices.company ? tx.getReference(Company, choices.company.id) : null;
    recordActivity(tx, {
      projectId: member.project.id,
      actorId: input.actorId,
      entityType: "project-member",
      entityId: member.id,
      action: "updated",
      ...changes,
    });
    recordSecurityEvent(tx, {
      kind: "member.roles-changed",
      actorId: input.actorId,
      subjectUserId: member.user.id,
      subjectEmail: member.user.email,
      projectId: member.project.id,
      details: { project: member.project.name, ...changes },
    });
  });
  return changes;
}

/**
 * Takes the person out of the project: the membership and their place in the project's groups go, the
 * account stays (they may belong to other projects). Browsers sitting in the project go back to project
 * selection.
 */
export async function removeProjectMember(
  em: EntityManager,
  input: { member: IProjectMember; actorId: string },
) {
  const { member } = input;
  const projectId = member.project.id;
  await em.transactional(async (tx) => {
    const groups = await tx.find(
      Group,
      { project: projectId, members: member.user.id },
      { populate: ["members"] },
    );
    for (const group of groups) group.members.remove(tx.getReference(User, member.user.id));
    await tx.nativeUpdate(
      Session,
      { user: member.user.id, currentProject: projectId },
      { currentProject: null, selectedModule: null },
    );
    recordActivity(tx, {
      projectId,
      actorId: input.actorId,
      entityType: "project-member",
      entityId: member.id,
      action: "removed",
      before: { name: member.user.name, email: member.user.email, ...membershipSnapshot(member) },
    });
    recordSecurityEvent(tx, {
      kind: "member.removed",
      actorId: input.actorId,
      subjectUserId: member.user.id,
      subjectEmail: member.user.email,
      projectId,
      details: { project: member.project.name, before: membershipSnapshot(member) },
    });
    await tx.nativeDelete(ProjectMember, { id: member.id });
  });
}

export async function userProjects(em: EntityManager, userId: string) {
  const memberships = await em.find(
    ProjectMember,
    { user: userId },
    { populate: ["project", "role", "accRole", "company"], orderBy: { project: { name: "asc" } } },
  );
  return memberships.map((membership) => ({
    id: membership.id,
    project: membership.project.name,
    number: membership.project.number,
    ...membershipSnapshot(membership),
    addedOn: membership.createdAt.toISOString(),
  }));
}

export async function setGlobalRole(
  em: EntityManager,
  input: { user: IUser; actorId: string; role: IRole | null },
): Promise<boolean> {
  const before = input.user.globalRole?.name ?? null;
  const after = input.role?.name ?? null;
  if ((input.user.globalRole?.id ?? null) === (input.role?.id ?? null)) return false;
  await em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(User, { id: input.user.id });
    row.globalRole = input.role ? tx.getReference(Role, input.role.id) : null;
    recordActivity(tx, {
      projectId: null,
      actorId: input.actorId,
      entityType: "user",
      entityId: input.user.id,
      action: "global-role-changed",
      before: { globalRole: before },
      after: { globalRole: after },
    });
    recordSecurityEvent(tx, {
      kind: "user.global-role-changed",
      actorId: input.actorId,
      subjectUserId: input.user.id,
      subjectEmail: input.user.email,
      details: { before: { globalRole: before }, after: { globalRole: after } },
    });
  });
  return true;
}

/**
 * Deactivating ends every session of the account at once and voids its unused links, so neither a
 * signed-in browser nor an old invitation lets the person back in.
 */
export async function setUserActive(
  em: EntityManager,
  input: { user: IUser; actorId: string; active: boolean },
) {
  await em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(User, { id: input.user.id });
    row.isActive = input.active;
    if (!input.active) {
      await tx.nativeDelete(Session, { user: input.user.id });
      await tx.nativeUpdate(AuthToken, { user: input.user.id, usedAt: null }, { usedAt: new Date() });
    }
    recordActivity(tx, {
      projectId: null,
      actorId: input.actorId,
      entityType: "user",
      entityId: input.user.id,
      action: input.active ? "reactivated" : "deactivated",
      before: { isActive: !input.active },
      after: { isActive: input.active },
    });
    recordSecurityEvent(tx, {
      kind: input.active ? "user.reactivated" : "user.deactivated",
      actorId: input.actorId,
      subjectUserId: input.user.id,
      subjectEmail: input.user.email,
    });
  });
}

/** A member's or user's history for the page, newest first. */
export async function activityEntries(em: EntityManager, entityType: string, entityId: string) {
  const rows = await activityFor(em, entityType, entityId);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actor?.name ?? null,
    at: row.createdAt.toISOString(),
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
