import { parseWithZod } from "@conform-to/zod/v4";
import { type FilterQuery, QueryOrder, raw } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data } from "@remix-run/node";
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { activityFor, changedFields, recordActivity } from "~/server/audit/activity.server";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { type IProject, type IRole, ProjectMember, Role, User } from "~/server/db/entities";
import { escapeLike } from "~/server/db/like";
import { logError } from "~/server/http/log";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { projectRegion } from "~/server/permissions/grants";
import { registry } from "~/server/registry";
import {
  actionLabels,
  editorTree,
  keptHiddenKeys,
  levelsOf,
  ROLE_MESSAGES,
  type RoleFormValues,
  readRoleListQuery,
  roleActivityChanges,
  roleFormSchema,
  sameRoleName,
} from "./role-rules";

/**
 * Product roles (global settings) are product-wide definitions, assigned to members in any project and
 * as users' global roles. ACC roles (project settings) belong to one project. Both pages share this file.
 */
export type RoleScope =
  | { kind: "product"; project: null; basePath: string }
  | { kind: "acc"; project: IProject; basePath: string };

export const productRoles = (): RoleScope => ({
  kind: "product",
  project: null,
  basePath: "/globalSettings/roles",
});
export const accRoles = (project: IProject): RoleScope => ({
  kind: "acc",
  project,
  basePath: "/project-settings/roles-in-accs",
});

const ENTITY_TYPE = "role";

const rolesOf = (scope: RoleScope): { kind: IRole["kind"]; project: string | null } =>
  scope.kind === "product" ? { kind: "product", project: null } : { kind: "acc", project: scope.project.id };

/**
 * An ACC role grants in its project only: the project's modules without what only global roles grant (a
 * module's globalPermissions), without the other region's actions.
 */
function treeOptions(scope: RoleScope) {
  if (scope.kind === "product") return {};
  const projectModules = registry().modules.filter((module) => module.scope === "project");
  return {
    moduleNames: new Set(projectModules.map((module) => module.id)),
    region: projectRegion(scope.project.language),
    projectOnly: true,
  };
}

export const roleEditorModules = (scope: RoleScope) =>
  editorTree(registry().permissionTree, treeOptions(scope));

/** Who is given the role: members in projects, and for a product role users holding it as global role. */
const assignedTo = (scope: RoleScope, roleIds: string[]) =>
  scope.kind === "product" ? { role: { $in: roleIds } } : { accRole: { $in: roleIds } };

/** Where a role is assigned: the table's column and property, per kind of role. */
const ASSIGNMENTS = {
  product: [
    { entity: ProjectMember, column: "role_id", property: "role" },
    { entity: User, column: "global_role_id", property: "globalRole" },
  ],
  acc: [{ entity: ProjectMember, column: "acc_role_id", property: "accRole" }],
} as const;

async function assignmentCounts(em: EntityManager, scope: RoleScope, roleIds: string[]) {
  const counts = new Map<string, number>();
  if (roleIds.length === 0) return counts;
  for (const { entity, column, property } of ASSIGNMENTS[scope.kind]) {
    const rows = await em
      // The entity and property vary with the kind of role, so the builder is not typed by one entity.
      .createQueryBuilder(entity as any, "a")
      .select([raw(`a.${column} as id`), raw("count(*) as n")])
      .where({ [property]: { $in: roleIds } })
      .groupBy(raw(`a.${column}`))
      .execute<{ id: string; n: string | number }[]>("all", false);
    for (const row of rows) counts.set(String(row.id), (counts.get(String(row.id)) ?? 0) + Number(row.n));
  }
  return counts;
}

export async function loadRoleList(em: EntityManager, scope: RoleScope, url: URL) {
  const query = readRoleListQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const filter: FilterQuery<IRole> = {
    ...rolesOf(scope),
    ...(query.q ? { name: { $ilike: `%${escapeLike(query.q)}%` } } : {}),
  };
  const [roles, total] = await em.findAndCount(Role, filter, {
    orderBy: [
      { [query.sort]: query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC },
      { id: QueryOrder.ASC },
    ],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
  });
  const counts = await assignmentCounts(
    em,
    scope,
    roles.map((role) => role.id),
  );
  return {
    kind: scope.kind,
    basePath: scope.basePath,
    q: query.q,
    sort: { sort: query.sort, dir: query.dir },
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: roles.map((role) => ({
      id: role.id,
      name: role.name,
      fullAccess: role.fullAccess,
      grantedCount: role.grantedActions.length,
      memberCount: counts.get(role.id) ?? 0,
      updatedAt: role.updatedAt.toISOString(),
    })),
  };
}
export type RoleListData = Awaited<ReturnType<typeof loadRoleList>>;

/** The role of a URL within the page's kind (and project), or 404; an id that is not a UUID included. */
export async function roleById(em: EntityManager, scope: RoleScope, id: string | undefined): Promise<IRole> {
  const valid = z.uuid().safeParse(id);
  const role = valid.success ? await em.findOne(Role, { id: valid.data, ...rolesOf(scope) }) : null;
  invariantResponse(role, "Not Found", 404);
  return role;
}

const snapshot = (role: Pick<IRole, "name" | "fullAccess" | "grantedActions">): RoleFormValues => ({
  name: role.name,
  fullAccess: role.fullAccess,
  grantedActions: [...role.grantedActions].sort(),
});

/** What the editor needs: the tree, and the role's values with the level each module shows. */
export function roleEditorData(scope: RoleScope, role: IRole | null) {
  const modules = roleEditorModules(scope);
  const values = role ? snapshot(role) : { name: "", fullAccess: false, grantedActions: [] };
  return {
    kind: scope.kind,
    basePath: scope.basePath,
    modules,
    role: role ? { id: role.id, ...values, levels: levelsOf(modules, values.grantedActions) } : null,
  };
}
export type RoleEditorData = ReturnType<typeof roleEditorData>;

async function nameTaken(em: EntityManager, scope: RoleScope, name: string, exceptId?: string) {
  const candidates = await em.find(
    Role,
    { ...rolesOf(scope), name: { $ilike: escapeLike(name.trim()) } },
    { fields: ["name"] },
  );
  return candidates.some((role) => role.id !== exceptId && sameRoleName(role.name, name));
}

/** Creates the role, or updates `role`, from the posted editor; answers as the route's action. */
export async function saveRole(
  em: EntityManager,
  scope: RoleScope,
  input: { actorId: string; role: IRole | null; formData: FormData },
) {
  const { role, actorId } = input;
  const schema = roleFormSchema(roleEditorModules(scope), { confirmationNeeded: !role?.fullAccess });
  const submission = parseWithZod(input.formData, { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (await nameTaken(em, scope, submission.value.name, role?.id)) {
    return data(submission.reply({ fieldErrors: { name: [ROLE_MESSAGES.nameTaken] } }), { status: 400 });
  }
  const kept = role ? keptHiddenKeys(registry().permissionTree, role.grantedActions, treeOptions(scope)) : [];
  const values: RoleFormValues = {
    ...submission.value,
    grantedActions: [...new Set([...submission.value.grantedActions, ...kept])].sort(),
  };
  const projectId = scope.project?.id ?? null;
  const saved = await em.transactional(async (tx) => {
    if (!role) {
      const created = tx.create(Role, {
        ...values,
        kind: scope.kind,
        project: scope.project,
      });
      recordActivity(tx, {
        projectId,
        actorId,
        entityType: ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: values,
      });
      recordSecurityEvent(tx, {
        kind: "role.created",
        actorId,
        projectId,
        details: { role: values.name, roleKind: scope.kind, after: values },
      });
      return created;
    }
    const { before, after } = changedFields(snapshot(role), values);
    if (Object.keys(after).length > 0) {
      tx.assign(role, values);
      recordActivity(tx, {
        projectId,
        actorId,
        entityType: ENTITY_TYPE,
        entityId: role.id,
        action: "updated",
        before,
        after,
      });
      recordSecurityEvent(tx, {
        kind: "role.updated",
        actorId,
        projectId,
        details: { role: values.name, roleKind: scope.kind, before, after },
      });
    }
    return role;
  });
  return redirectWithToast(`${scope.basePath}/detail/${saved.id}`, {
    type: "success",
    message: role ? "roles:toast.updated" : "roles:toast.created",
    params: { name: saved.name },
  });
}

/** How many assignments keep the role from being deleted (spec 5). */
export async function roleAssignments(em: EntityManager, scope: RoleScope, roleId: string) {
  return (await assignmentCounts(em, scope, [roleId])).get(roleId) ?? 0;
}

async function roleMembers(em: EntityManager, scope: RoleScope, role: IRole, page: number) {
  const [members, total] = await em.findAndCount(ProjectMember, assignedTo(scope, [role.id]), {
    populate: ["user", "project"],
    orderBy: [{ user: { name: "asc" } }, { project: { name: "asc" } }, { id: "asc" }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
  });
  return {
    total,
    page,
    rows: members.map((member) => ({
      id: member.id,
      name: member.user.name,
      email: member.user.email,
      project: member.project.name,
      addedOn: member.createdAt.toISOString(),
    })),
  };
}

async function globalRoleUsers(em: EntityManager, role: IRole, page: number) {
  const [users, total] = await em.findAndCount(
    User,
    { globalRole: role.id },
    {
      orderBy: [{ name: "asc" }, { id: "asc" }],
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
    },
  );
  return { total, page, rows: users.map((user) => ({ id: user.id, name: user.name, email: user.email })) };
}

export async function loadRoleDetail(em: EntityManager, scope: RoleScope, id: string | undefined, url: URL) {
  const role = await roleById(em, scope, id);
  const modules = roleEditorModules(scope);
  const activity = await activityFor(em, ENTITY_TYPE, role.id);
  const labels = actionLabels(registry().permissionTree);
  return {
    kind: scope.kind,
    basePath: scope.basePath,
    pageSize: DEFAULT_PAGE_SIZE,
    modules,
    role: {
      id: role.id,
      ...snapshot(role),
      levels: levelsOf(modules, role.grantedActions),
      createdAt: role.createdAt.toISOString(),
      updatedAt: role.updatedAt.toISOString(),
    },
    members: await roleMembers(em, scope, role, pageFromSearch(url.searchParams)),
    globalUsers:
      scope.kind === "product"
        ? await globalRoleUsers(em, role, pageFromSearch(url.searchParams, "globalPage"))
        : null,
    activity: activity.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actor: entry.actor?.name ?? null,
      at: entry.createdAt.toISOString(),
      changes:
        entry.action === "updated"
          ? roleActivityChanges(labels, entry.before ?? null, entry.after ?? null)
          : [],
    })),
  };
}
export type RoleDetailData = Awaited<ReturnType<typeof loadRoleDetail>>;

export type DeleteRefusal = { deleteError: { reason: "assigned"; count: number } | { reason: "failed" } };

/** Deletes the role unless it is assigned (spec 5: 'Unable to Delete Role'); answers as the route's action. */
export async function deleteRole(
  em: EntityManager,
  scope: RoleScope,
  input: { actorId: string; id: string | undefined; request: Request },
) {
  const role = await roleById(em, scope, input.id);
  const name = role.name;
  let assigned = 0;
  try {
    await em.transactional(async (tx) => {
      assigned = await roleAssignments(tx, scope, role.id);
      if (assigned > 0) return;
      recordActivity(tx, {
        projectId: scope.project?.id ?? null,
        actorId: input.actorId,
        entityType: ENTITY_TYPE,
        entityId: role.id,
        action: "deleted",
        before: snapshot(role),
      });
      recordSecurityEvent(tx, {
        kind: "role.deleted",
        actorId: input.actorId,
        projectId: scope.project?.id ?? null,
        details: { role: role.name, roleKind: scope.kind, before: snapshot(role) },
      });
      tx.remove(role);
    });
  } catch (error) {
    logError(error, input.request);
    return data<DeleteRefusal>({ deleteError: { reason: "failed" } }, { status: 500 });
  }
  if (assigned > 0) {
    return data<DeleteRefusal>({ deleteError: { reason: "assigned", count: assigned } }, { status: 409 });
  }
  return redirectWithToast(scope.basePath, {
    type: "success",
    message: "roles:toast.deleted",
    params: { name },
  });
}
