import type { EntityManager } from "@mikro-orm/postgresql";
import { ProjectMember } from "~/server/db/entities";

/** A choice of a select: the user's id and name. */
export type MemberChoice = { value: string; label: string };

/**
 * The project's active members, by name: who a record can be assigned to or watched by, and a register's
 * assignee filter. Any module's form offers these; a user outside the project is never a choice.
 */
export async function projectMemberChoices(em: EntityManager, projectId: string): Promise<MemberChoice[]> {
  const members = await em.find(
    ProjectMember,
    { project: projectId, user: { isActive: true } },
    { populate: ["user"], orderBy: { user: { name: "asc" } } },
  );
  return members.map((member) => ({ value: member.user.id, label: member.user.name }));
}

/**
 * Of these user ids, the ones that are not active members of the project (a form's stale or forged
 * choice): empty when every one is a member.
 */
export async function notProjectMembers(
  em: EntityManager,
  projectId: string,
  userIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return [];
  const members = await em.find(
    ProjectMember,
    { project: projectId, user: { id: { $in: wanted }, isActive: true } },
    { fields: ["user"] },
  );
  const found = new Set(members.map((member) => member.user.id));
  return wanted.filter((id) => !found.has(id));
}
