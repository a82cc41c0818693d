import type { VitePluginConfig } from "@remix-run/dev";
import { coreRoutes } from "./app/core-routes";
import { moduleManifests } from "./modules/index";
import { buildRegistry } from "./server/registry/registry";

const registry = buildRegistry(moduleManifests, coreRoutes);

/** Remix plugin options. The route table is derived from the module registry; app/routes is not scanned. */
export const remixConfig: VitePluginConfig = {
  ignoredRouteFiles: ["**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
    v3_routeConfig: false,
  },
  routes(defineRoutes) {
    return defineRoutes((route) => {
      const toRemixPath = (path: string) => path.replace(/^\//, "");
      for (const entry of registry.routes.filter((r) => r.access !== "project")) {
        route(toRemixPath(entry.path), entry.file, { id: entry.id, index: entry.path === "/" });
      }
      // Signed-in project pages share the application shell (sidebar, project switcher, profile).
      route(undefined, "routes/_shell.tsx", { id: "shell" }, () => {
        for (const entry of registry.routes.filter((r) => r.access === "project")) {
          route(entry.path === "/" ? undefined : toRemixPath(entry.path), entry.file, {
            id: entry.id,
            index: entry.path === "/",
          });
        }
      });
    });
  },
};
