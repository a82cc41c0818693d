import type { moduleManifests } from "~/modules/index";
import type { PermissionKeysOf } from "~/server/registry/manifest";

/**
 * Every permission key the product's modules declare, as a type: `can()`, the guards, workflow tables and
 * extension contributions accept only these, so a typo or a removed key is a type error.
 */
export type PermissionKey = PermissionKeysOf<(typeof moduleManifests)[number]>;

/** A permission a page or an action needs: one key, or a list of which any one grants. */
export type PermissionRef = PermissionKey | readonly PermissionKey[];
