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
    {
      // Upload (a multipart post without an intent: the action checks dockets.intray.create), set aside,
      // restore, delete and write up.
      path: "/dockets/intray",
      file: "routes/intray.tsx",
      access: "project",
      permission: "dockets.intray.view",
      intents: {
        "set-aside": "dockets.intray.edit",
        restore: "dockets.intray.edit",
        delete: "dockets.intray.delete",
        "write-up": "dockets.docket.create",
      },
    },
    {
      path: "/dockets/intray/:id/image",
      file: "routes/intray-image.ts",
      access: "project",
      permission: "dockets.intray.view",
    },
    {
      // Saving and removing need create-settings too: the intents say so.
      path: "/dockets/settings/acc",
      file: "routes/acc-connection-settings.tsx",
      access: "project",
      permission: "dockets.settings.view-settings",
      intents: {
        save: "dockets.settings.create-settings",
        remove: "dockets.settings.create-settings",
        test: "dockets.settings.view-settings",
      },
    },
    {
      // The supervisor's signing link of a docket waiting for approval: make one, revoke one.
      path: "/dockets/:id/signing-link",
      file: "routes/docket-signing-link.ts",
      access: "project",
      permission: "dockets.docket.update-status",
      intents: {
        create: "dockets.docket.update-status",
        revoke: "dockets.docket.update-status",
      },
    },
    {
      // The subcontractor's supervisor signs without an account (works without JavaScript).
      path: "/external/dockets/sign/:token",
      file: "routes/external-docket-sign.tsx",
      access: "external",
    },
    {
      // Queues the posting job; nothing posts in the request.
      path: "/dockets/:id/post",
      file: "routes/docket-posting.ts",
      access: "project",
      permission: "dockets.docket.post",
    },
    {
      path: "/dockets/post-approved",
      file: "routes/docket-posting-approved.ts",
      access: "project",
      permission: "dockets.docket.post",
    },
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
    {
      label: "dockets:intray.nav",
      path: "/dockets/intray",
      icon: "scan-line",
      permission: "dockets.intray.view",
    },
    {
      label: "dockets:acc.nav",
      path: "/dockets/settings/acc",
      icon: "settings",
      permission: "dockets.settings.view-settings",
    },
    // --- end intray, signing and posting nav ---
  ],
  server: () => import("./module.server"),
  workflows: { docket: docketWorkflow.declaration },
  provides: {
    // --- provides ---
    "subcontract.work": () => import("./provides/subcontract-work.server"),
    "home.widgets": () => import("./provides/home-widgets.server"),
    // Dockets' attachments and in-tray images on the core attachment page.
    "attachments.owners": () => import("./provides/attachment-owners.server"),
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
