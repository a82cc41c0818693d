import { z } from "zod";
import { WEATHER_PROVIDERS } from "../../plugins/weather/weather";
import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { diaryWorkflow } from "./domain/diary-workflow";

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
    {
      path: "/operation/site-diaries",
      file: "routes/site-diary-register.tsx",
      access: "project",
      permission: "operation.siteDaries.view",
    },
    {
      // The register's location filter asks here as the user types.
      path: "/operation/site-diaries/filter-values",
      file: "routes/site-diary-filter-values.ts",
      access: "project",
      permission: "operation.siteDaries.view",
    },
    {
      path: "/operation/site-diaries/export",
      file: "routes/site-diary-export.ts",
      access: "project",
      permission: "operation.siteDaries.download",
    },
    {
      // A diary of a chosen day and place, or today's (open-today opens the existing one when there is one).
      path: "/operation/site-diaries/create",
      file: "routes/site-diary-create.tsx",
      access: "project",
      permission: "operation.siteDaries.create",
      intents: { create: "operation.siteDaries.create", "open-today": "operation.siteDaries.create" },
    },
    {
      path: "/operation/site-diaries/:id",
      file: "routes/site-diary-detail.tsx",
      access: "project",
      permission: "operation.siteDaries.view",
      // Every change but a step needs the diary in progress: the server checks it on top.
      intents: {
        transition: { workflow: "siteDiary", actionField: "action" },
        save: "operation.siteDaries.edit",
        note: "operation.siteDaries.edit",
        issue: "operation.siteDaries.edit",
        // Whose photo may be removed (its uploader's, or an editor's) is checked by the removal itself.
        "photo-delete": "operation.siteDaries.edit",
      },
    },
    {
      path: "/operation/site-diaries/:id/photos",
      file: "routes/site-diary-photos.ts",
      access: "project",
      permission: "operation.siteDaries.edit",
    },
    {
      path: "/operation/site-diaries/:id/photos/:fileId",
      file: "routes/site-diary-photo-file.ts",
      access: "project",
      permission: "operation.siteDaries.view",
    },
    {
      path: "/operation/site-diaries/:id/report",
      file: "routes/site-diary-report.tsx",
      access: "project",
      permission: "operation.siteDaries.download",
    },
    {
      path: "/operation/site-diaries/:id/report/file",
      file: "routes/site-diary-report-file.ts",
      access: "project",
      permission: "operation.siteDaries.download",
    },
    {
      // Saving needs operation.settings.create-settings, checked by the action.
      path: "/operation/settings",
      file: "routes/operation-settings.tsx",
      access: "project",
      permission: "operation.settings.view-settings",
    },
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
    {
      label: "operation:nav.siteDiaries",
      path: "/operation/site-diaries",
      icon: "notebook-pen",
      permission: "operation.siteDaries.view",
    },
    {
      label: "operation:nav.settings",
      path: "/operation/settings",
      icon: "settings",
      permission: "operation.settings.view-settings",
    },
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
    /**
     * A new diary's due date (so many days after its form date) and the weather provider that fills its
     * weather (plugins/weather; "manual": the user types it).
     */
    siteDiary: z.object({
      dueDays: z.number().int().min(0).max(14).default(1),
      weatherProvider: z.enum(WEATHER_PROVIDERS).default("manual"),
      prefillWorkLog: z.boolean().default(true),
      prefillPlant: z.boolean().default(true),
    }),
    // --- end site diary settings ---
    // --- in/out settings ---
    // --- end in/out settings ---
  },
  server: () => import("./module.server"),
  workflows: {
    // --- site diary workflow ---
    siteDiary: diaryWorkflow.declaration,
    // --- end site diary workflow ---
  },
  provides: {
    // --- provides ---
    // In/Out's person-hours, for Safety's LTIFR and TRIFR (decision 040).
    "hours-worked": () => import("./provides/in-out-hours-worked.server"),
    // The In/Out card on the home view: people on site now, people and hours today.
    "home.widgets": () => import("./provides/home-widgets.server"),
    // The site diaries' photos on the core attachment page.
    "attachments.owners": () => import("./provides/attachment-owners.server"),
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
