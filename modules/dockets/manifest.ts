import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { docketWorkflow } from "./domain/docket-workflow";

/**
 * Dockets (spec 2 "Dockets"; issue #16, decision 043): the intray of scanned dockets, the docket register and
 * details, resource rates, the supervisor's signing link and posting approved dockets to ACC. See README.md.
 */
export default defineModule({
  id: "dockets",
  title: "dockets:title",
  icon: "receipt",
  basePath: "/dockets",
  routes: [
    // --- register and details routes ---
    {
      path: "/dockets/home",
      file: "routes/docket-home.tsx",
      access: "project",
      permission: "dockets.docket.view",
    },
    {
      path: "/dockets",
      file: "routes/docket-register.tsx",
      access: "project",
      permission: "dockets.docket.view",
    },
    {
      path: "/dockets/create",
      file: "routes/docket-create.tsx",
      access: "project",
      permission: "dockets.docket.create",
    },
    {
      path: "/dockets/export",
      file: "routes/docket-export.ts",
      access: "project",
      permission: "dockets.docket.download",
    },
    {
      // The register's area filter asks here as the user types.
      path: "/dockets/filter-values",
      file: "routes/docket-filter-values.ts",
      access: "project",
      permission: "dockets.docket.view",
    },
    {
      // Saving needs create-, edit- or delete-resources as the form says: the intents check it.
      path: "/dockets/settings/resource-rates",
      file: "routes/resource-rates.tsx",
      access: "project",
      permission: "dockets.resource.project_resource_rate_view",
      intents: {
        create: "dockets.resource.create-resources",
        edit: "dockets.resource.edit-resources",
        deactivate: "dockets.resource.edit-resources",
        activate: "dockets.resource.edit-resources",
        delete: "dockets.resource.delete-resources",
      },
    },
    {
      // Tabs: Details, Items, Attachments, Activity Log, Comments.
      path: "/dockets/:id",
      file: "routes/docket-detail.tsx",
      access: "project",
      permission: "dockets.docket.view",
      intents: {
        transition: { workflow: "docket", actionField: "action" },
        comment: "dockets.docket.view",
        "file-delete": "dockets.docket.view",
      },
    },
    {
      // While it is a draft or rejected: the route checks it.
      path: "/dockets/:id/edit",
      file: "routes/docket-edit.tsx",
      access: "project",
      permission: "dockets.docket.edit",
    },
    {
      // Who may add (create or edit, until archived) is checked by the upload itself.
      path: "/dockets/:id/files",
      file: "routes/docket-files.ts",
      access: "project",
      permission: "dockets.docket.view",
    },
    {
      path: "/dockets/:id/files/:fileId",
      file: "routes/docket-file.ts",
      access: "project",
      permission: "dockets.docket.view",
    },
    // --- end register and details routes ---
    // --- intray, signing and posting routes ---
    // --- end intray, signing and posting routes ---
  ],
  nav: [
    // --- register and details nav ---
    { label: "dockets:nav.home", path: "/dockets/home", icon: "home", permission: "dockets.docket.view" },
    { label: "dockets:nav.register", path: "/dockets", icon: "receipt", permission: "dockets.docket.view" },
    {
      label: "dockets:nav.rates",
      path: "/dockets/settings/resource-rates",
      icon: "settings",
      permission: "dockets.resource.project_resource_rate_view",
    },
    // --- end register and details nav ---
    // --- intray, signing and posting nav ---
    // --- end intray, signing and posting nav ---
  ],
  server: () => import("./module.server"),
  workflows: { docket: docketWorkflow.declaration },
  provides: {
    // --- provides ---
    "home.widgets": () => import("./provides/home-widgets.server"),
    // --- end provides ---
  },
  permissions: {
    displayName: "Dockets",
    subModules: [
      {
        // update-status = submit and send for approval; approve = approve or reject; post = push to ACC;
        // download = the register's export.
        name: "docket",
        displayName: "Docket",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "approve",
          "archive",
          "post",
          "download",
        ),
      },
      {
        name: "intray",
        displayName: "Intray",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      {
        // Spec 6: project_resource_rate_view, and the resource actions (view/create/edit/delete-resources).
        name: "resource",
        displayName: "Resource rates",
        actions: modifiableActions(
          "project_resource_rate_view",
          "create-resources",
          "edit-resources",
          "delete-resources",
        ),
      },
      {
        // The ACC connection of the project.
        name: "settings",
        displayName: "Docket settings",
        actions: modifiableActions("view-settings", "create-settings"),
      },
    ],
  },
});
