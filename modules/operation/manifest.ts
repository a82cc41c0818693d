import { defineModule, modifiableActions } from "../../server/registry/manifest";

/**
 * Operation (spec 2, "Operation"; the spec's module id is Operation): the site diary, who is on site
 * (In/Out), and the module's settings. See README.md.
 */
export default defineModule({
  id: "operation",
  title: "operation:title",
  icon: "clipboard-list",
  basePath: "/operation",
  routes: [
    {
      path: "/operation/home",
      file: "routes/operation-home.tsx",
      access: "project",
      permission: ["operation.siteDaries.view", "operation.inOut.view"],
    },
    // --- site diary routes ---
    // --- end site diary routes ---
    // --- in/out routes ---
    // --- end in/out routes ---
  ],
  nav: [
    {
      label: "operation:nav.home",
      path: "/operation/home",
      icon: "home",
      permission: ["operation.siteDaries.view", "operation.inOut.view"],
    },
    // --- site diary nav ---
    // --- end site diary nav ---
    // --- in/out nav ---
    // --- end in/out nav ---
  ],
  settings: {
    // --- site diary settings ---
    // --- end site diary settings ---
    // --- in/out settings ---
    // --- end in/out settings ---
  },
  server: () => import("./module.server"),
  workflows: {
    // --- site diary workflow ---
    // --- end site diary workflow ---
  },
  provides: {
    // --- provides ---
  },
  permissions: {
    displayName: "Operation",
    subModules: [
      {
        // The spec's sub-module name (spec 6: "Operation (siteDaries)").
        name: "siteDaries",
        displayName: "Site diaries",
        actions: modifiableActions("view", "create", "edit", "delete", "close", "archive", "download"),
      },
      {
        name: "inOut",
        displayName: "In/Out",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      {
        name: "settings",
        displayName: "Settings",
        actions: modifiableActions("view-settings", "create-settings"),
      },
    ],
  },
});
