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
    // --- end intray, signing and posting routes ---
  ],
  nav: [
    // --- register and details nav ---
    // --- end register and details nav ---
    // --- intray, signing and posting nav ---
    // --- end intray, signing and posting nav ---
  ],
  server: () => import("./module.server"),
  workflows: { docket: docketWorkflow.declaration },
  provides: {
    // --- provides ---
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
