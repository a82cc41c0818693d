import { registry } from "~/server/registry";
import type { ProjectContext } from "./guard.server";

/**
 * Every project permission key the user holds, as a workflow table reads them: a super admin holds them
 * all (the guard lets them through without a role).
 */
export function grantedKeysOf(context: Pick<ProjectContext, "user" | "granted">): ReadonlySet<string> {
  if (context.user.isSuperAdmin) return new Set(registry().projectPermissionKeys.keys());
  return context.granted;
}
