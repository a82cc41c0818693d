import { registry } from "~/server/registry";
import { combineRoles, grantedKeys, projectRegion, type RoleGrant } from "./grants";
import type { ProjectContext } from "./guard.server";

/**
 * Every project permission key the user holds, as a workflow table reads them: a super admin holds them
 * all (the guard lets them through without a role).
 */
export function grantedKeysOf(context: Pick<ProjectContext, "user" | "granted">): ReadonlySet<string> {
  if (context.user.isSuperAdmin) return new Set(registry().projectPermissionKeys.keys());
  return context.granted;
}

/**
 * What a member's project and ACC roles grant in their project's region: for work done on a member's behalf
 * outside their request (a job, a notice's audience, the demo's seeding).
 */
export function memberGrantedKeys(
  member: { role?: RoleGrant | null; accRole?: RoleGrant | null },
  project: { language?: string | null },
): ReadonlySet<string> {
  return grantedKeys(
    registry().projectPermissionKeys,
    combineRoles(member.role, member.accRole),
    projectRegion(project.language),
  );
}
