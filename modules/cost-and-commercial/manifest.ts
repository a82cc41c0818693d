import { defineModule, modifiableActions } from "../../server/registry/manifest";

/**
 * Cost and Commercial (spec 2 "Cost and commercial"; issue #16, decision 044): the head contract and its claims
 * (upstream), subcontracts and their payment claims fed by approved dockets (downstream), indirect costs, the
 * commercial calendar with recurring reminders, and security-of-payment deadlines. See README.md.
 */
export default defineModule({
  id: "cost-and-commercial",
  title: "cost-and-commercial:title",
  icon: "banknote",
  basePath: "/cost-and-commercial",
  routes: [
    // --- home and upstream routes ---
    // --- end home and upstream routes ---
    // --- downstream and indirect routes ---
    // --- end downstream and indirect routes ---
    // --- calendar and settings routes ---
    // --- end calendar and settings routes ---
  ],
  nav: [
    // --- home and upstream nav ---
    // --- end home and upstream nav ---
    // --- downstream and indirect nav ---
    // --- end downstream and indirect nav ---
    // --- calendar and settings nav ---
    // --- end calendar and settings nav ---
  ],
  server: () => import("./module.server"),
  provides: {
    // --- provides ---
    // --- end provides ---
  },
  permissions: {
    displayName: "Cost and Commercial",
    subModules: [
      {
        // The head contract, its claims, compliance documents, revenue, RFAs and package sync; update-status
        // moves a contract, claim or RFA through the contract vocabulary.
        name: "upstream",
        displayName: "Upstream (head contract)",
        actions: modifiableActions("view", "create", "edit", "delete", "update-status", "download"),
      },
      {
        // Subcontracts and their payment claims, variations, back charges and securities. Spec 6: edit-supplier
        // (a subcontract's company and securities), view-register (the subcontract register).
        name: "downstream",
        displayName: "Downstream (subcontracts)",
        actions: modifiableActions(
          "view",
          "view-register",
          "create",
          "edit",
          "delete",
          "update-status",
          "edit-supplier",
          "download",
        ),
      },
      {
        name: "indirect",
        displayName: "Indirect costs",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      {
        // Spec 6: view-calendar, edit-calendar, delete-calendar, create-task, view-task, edit-task, delete-task.
        name: "calendar",
        displayName: "Calendar",
        actions: modifiableActions(
          "view-calendar",
          "edit-calendar",
          "delete-calendar",
          "create-task",
          "view-task",
          "edit-task",
          "delete-task",
        ),
      },
      {
        // E-mail templates, calendar listing and settings, data settings (reset-post-contract-data).
        name: "settings",
        displayName: "Cost and Commercial settings",
        actions: modifiableActions("view-settings", "create-settings", "reset-post-contract-data"),
      },
    ],
  },
});
