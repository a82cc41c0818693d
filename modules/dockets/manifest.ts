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
