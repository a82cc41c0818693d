import { index, layout, type RouteConfig, route } from "@remix-run/route-config";
import { moduleManifests } from "../modules/index";
import { buildRegistry } from "../server/registry/registry";
import { coreRoutes } from "./core-routes";

/**
 * The route table, derived from the module registry: app/routes is not scanned. Project pages share the
 * application shell (sidebar, project, profile menu) with the global settings pages; every other route
 * stands alone.
 */
const registry = buildRegistry(moduleManifests, coreRoutes);
const inShell = (access: string) => access === "project" || access === "global";
const toRemixPath = (path: string) => path.replace(/^\//, "");
const toEntry = (entry: (typeof registry.routes)[number]) =>
  entry.path === "/"
    ? index(entry.file, { id: entry.id })
    : route(toRemixPath(entry.path), entry.file, { id: entry.id });

export default [
  ...registry.routes.filter((entry) => !inShell(entry.access)).map(toEntry),
  layout(
    "routes/_shell.tsx",
    { id: "shell" },
    registry.routes.filter((entry) => inShell(entry.access)).map(toEntry),
  ),
] satisfies RouteConfig;
