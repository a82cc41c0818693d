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
    {
      // Tabs In/Out (sign in and out, who is on site, the day's people and hours) and Activity Log (?tab=activity).
      path: "/operation/in-out",
      file: "routes/in-out.tsx",
      access: "project",
      permission: "operation.inOut.view",
      intents: {
        "sign-in": "operation.inOut.create",
        "sign-out": "operation.inOut.create",
        // The gate's QR link: show a new one (the old stops working) or end it.
        "gate-open": "operation.inOut.create",
        "gate-revoke": "operation.inOut.create",
      },
    },
    {
      // One stay: correct its times with a reason, or delete it (a confirmation checkbox).
      path: "/operation/in-out/:id",
      file: "routes/in-out-record.tsx",
      access: "project",
      permission: "operation.inOut.edit",
      intents: { correct: "operation.inOut.edit", delete: "operation.inOut.delete" },
    },
    {
      // The gate's QR page: a person without an account signs in and out (`:id` the gate link's id).
      path: "/external/in-out/:id",
      file: "routes/external-in-out.tsx",
      access: "external",
    },
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
    {
      label: "operation:nav.inOut",
      path: "/operation/in-out",
      icon: "log-in",
      permission: "operation.inOut.view",
    },
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
    // In/Out's person-hours, for Safety's LTIFR and TRIFR (decision 040).
    "hours-worked": () => import("./provides/in-out-hours-worked.server"),
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
