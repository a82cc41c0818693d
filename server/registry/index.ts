import { coreRoutes } from "~/app/core-routes";
import { moduleManifests } from "~/modules/index";
import { buildRegistry, type Registry } from "./registry";

let built: Registry | undefined;

/** The runtime view of every registered module, built once. */
export function registry(): Registry {
  built ??= buildRegistry(moduleManifests, coreRoutes);
  return built;
}

export type { NavEntry, PermissionModule, RegisteredRoute, Registry } from "./registry";
