/** A permission as the registry stores it (a declared key or list of keys, checked when the registry is built). */
type PermissionRef = string | readonly string[];

import type { PermissionAction } from "~/server/registry/registry";

export type RoleGrant = { fullAccess: boolean; grantedActions: readonly string[] };

/** 'AU' marks an Australian project. */
export function projectRegion(language: string | null | undefined): "AU" | "non-AU" {
  return language?.toUpperCase() === "AU" ? "AU" : "non-AU";
}

/**
 * Spec 6: when permissions are stored for a project, an AU project drops actions whose displayName
 * contains 'ptt', any other drops those containing 'pre-start-talk'. An action may also name its region.
 */
export function appliesToRegion(
  action: Pick<PermissionAction, "name" | "displayName" | "region">,
  region: "AU" | "non-AU",
): boolean {
  if (action.region && action.region !== region) return false;
  // The action's own code as well as its name (a name read from the code, "Pre start talk view", drops the
  // hyphens) — not the full key: a module or sub-module whose name holds "ptt" must not drop all its actions.
  const name = `${action.name} ${action.displayName}`.toLowerCase();
  return region === "AU" ? !name.includes("ptt") : !name.includes("pre-start-talk");
}

/** The action keys a role grants in a project of the given region. */
export function grantedKeys(
  actions: Map<string, PermissionAction>,
  role: RoleGrant | null,
  region: "AU" | "non-AU",
): Set<string> {
  const granted = new Set<string>();
  const explicit = new Set(role?.grantedActions ?? []);
  for (const [key, action] of actions) {
    if (!appliesToRegion(action, region)) continue;
    if (action.status === "always_false") continue;
    if (action.status === "always_true" || role?.fullAccess || explicit.has(key)) granted.add(key);
  }
  return granted;
}

/** A route or button with no permission needs none; a list grants when any one of its keys is granted. */
export function isGranted(
  ref: PermissionRef | undefined,
  granted: ReadonlySet<string>,
  isSuperAdmin: boolean,
): boolean {
  if (!ref || isSuperAdmin) return true;
  const keys = Array.isArray(ref) ? ref : [ref];
  return keys.some((key) => granted.has(key));
}

/** A member's product role and ACC role both grant: what either grants, the member may do. */
export function combineRoles(...roles: (RoleGrant | null | undefined)[]): RoleGrant | null {
  const present = roles.filter((role): role is RoleGrant => Boolean(role));
  if (present.length === 0) return null;
  return {
    fullAccess: present.some((role) => role.fullAccess),
    grantedActions: [...new Set(present.flatMap((role) => role.grantedActions))],
  };
}
