import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { changeWorkflow, claimWorkflow, subcontractWorkflow } from "./domain/downstream-workflow";
import { headClaimWorkflow, headContractWorkflow, rfaWorkflow } from "./domain/head-contract-workflow";
import { calendarSettingsSchema } from "./server/cnc-settings-form";

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
    {
      path: "/cost-and-commercial/home",
      file: "routes/cnc-home.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      path: "/cost-and-commercial/order-book",
      file: "routes/coming-soon-order-book.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      path: "/cost-and-commercial/pre-contract",
      file: "routes/coming-soon-pre-contract.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      path: "/cost-and-commercial/contract-review",
      file: "routes/coming-soon-contract-review.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      path: "/cost-and-commercial/reports",
      file: "routes/coming-soon-reports.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
    },
    // The head contract and its tabs (?tab=details|claims|compliance|revenue|rfa|packages); each step is checked against its table.
    {
      path: "/cost-and-commercial/upstream",
      file: "routes/upstream.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
      intents: {
        transition: "cost-and-commercial.upstream.update-status",
        "compliance-delete": "cost-and-commercial.upstream.delete",
        revenue: "cost-and-commercial.upstream.edit",
        "package-sync": "cost-and-commercial.upstream.edit",
      },
    },
    // One head contract a project: once it exists, this leads to it.
    {
      path: "/cost-and-commercial/upstream/create",
      file: "routes/upstream-create.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.create",
    },
    // Until it is executed or void: the route checks it.
    {
      path: "/cost-and-commercial/upstream/edit",
      file: "routes/upstream-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.edit",
    },
    {
      path: "/cost-and-commercial/upstream/claims/new",
      file: "routes/head-claim-create.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.create",
    },
    // A claim: steps (delete needs delete, the others update-status: the table decides), its payment schedule and payment.
    {
      path: "/cost-and-commercial/upstream/claims/:claimId",
      file: "routes/head-claim-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
      intents: {
        transition: ["cost-and-commercial.upstream.update-status", "cost-and-commercial.upstream.delete"],
        "payment-schedule": "cost-and-commercial.upstream.update-status",
        paid: "cost-and-commercial.upstream.update-status",
      },
    },
    // A compliance document with its file (multipart, 100 MB).
    {
      path: "/cost-and-commercial/upstream/compliance/new",
      file: "routes/compliance-create.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.create",
    },
    {
      path: "/cost-and-commercial/upstream/compliance/:documentId/file",
      file: "routes/compliance-file.ts",
      access: "project",
      permission: "cost-and-commercial.upstream.download",
    },
    {
      path: "/cost-and-commercial/upstream/rfa/new",
      file: "routes/rfa-create.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.create",
    },
    {
      path: "/cost-and-commercial/upstream/rfa/:rfaId",
      file: "routes/rfa-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.upstream.view",
      intents: {
        transition: "cost-and-commercial.upstream.update-status",
        response: "cost-and-commercial.upstream.update-status",
      },
    },
    // --- end home and upstream routes ---
    // --- downstream and indirect routes ---
    // subcontracts and payment claims
    {
      path: "/cost-and-commercial/downstream",
      file: "routes/subcontract-register.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view-register",
    },
    {
      path: "/cost-and-commercial/downstream/create",
      file: "routes/subcontract-create.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.create",
    },
    // A subcontract's Details tab and its steps (delete needs delete, the others update-status: the table decides).
    {
      path: "/cost-and-commercial/downstream/:subcontractId",
      file: "routes/subcontract-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
      intents: {
        transition: ["cost-and-commercial.downstream.update-status", "cost-and-commercial.downstream.delete"],
      },
    },
    // Until executed or void; changing the company also needs edit-supplier (the route checks it).
    {
      path: "/cost-and-commercial/downstream/:subcontractId/edit",
      file: "routes/subcontract-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.edit",
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/claims",
      file: "routes/subcontract-claims.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
    },
    // Takes in the subcontract's approved dockets, variations and back charges in one transaction.
    {
      path: "/cost-and-commercial/downstream/:subcontractId/claims/new",
      file: "routes/subcontract-claim-create.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.create",
    },
    // A claim's steps (delete needs delete, the others update-status); withdraw, reject and delete give its work back.
    {
      path: "/cost-and-commercial/downstream/:subcontractId/claims/:claimId",
      file: "routes/subcontract-claim-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
      intents: {
        transition: ["cost-and-commercial.downstream.update-status", "cost-and-commercial.downstream.delete"],
      },
    },
    // variations, back charges, securities and indirect costs
    // A subcontract's variations and back charges: each row's steps (delete needs delete, the others update-status: the change table decides).
    {
      path: "/cost-and-commercial/downstream/:subcontractId/variations",
      file: "routes/subcontract-changes-variations.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
      intents: {
        transition: ["cost-and-commercial.downstream.update-status", "cost-and-commercial.downstream.delete"],
      },
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/variations/new",
      file: "routes/subcontract-changes-variation-new.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.create",
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/back-charges",
      file: "routes/subcontract-changes-back-charges.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
      intents: {
        transition: ["cost-and-commercial.downstream.update-status", "cost-and-commercial.downstream.delete"],
      },
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/back-charges/new",
      file: "routes/subcontract-changes-back-charge-new.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.create",
    },
    // A subcontract's securities: edit-supplier adds, edits and releases them (spec 6).
    {
      path: "/cost-and-commercial/downstream/:subcontractId/securities",
      file: "routes/subcontract-changes-securities.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.view",
      intents: { release: "cost-and-commercial.downstream.edit-supplier" },
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/securities/new",
      file: "routes/subcontract-changes-security-new.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.edit-supplier",
    },
    {
      path: "/cost-and-commercial/downstream/:subcontractId/securities/:securityId/edit",
      file: "routes/subcontract-changes-security-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.downstream.edit-supplier",
    },
    // Indirect costs by month (?month=YYYY-MM); a line is deleted from the register ("I am sure").
    {
      path: "/cost-and-commercial/indirect",
      file: "routes/indirect-costs.tsx",
      access: "project",
      permission: "cost-and-commercial.indirect.view",
      intents: { delete: "cost-and-commercial.indirect.delete" },
    },
    {
      path: "/cost-and-commercial/indirect/new",
      file: "routes/indirect-cost-new.tsx",
      access: "project",
      permission: "cost-and-commercial.indirect.create",
    },
    {
      path: "/cost-and-commercial/indirect/:costId/edit",
      file: "routes/indirect-cost-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.indirect.edit",
    },
    // --- end downstream and indirect routes ---
    // --- calendar and settings routes ---
    // The commercial calendar: ?side=upstream|downstream, ?month=YYYY-MM, ?view=month|list.
    {
      path: "/cost-and-commercial/calendar",
      file: "routes/calendar-page.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.view-calendar",
    },
    {
      path: "/cost-and-commercial/calendar/tasks/new",
      file: "routes/calendar-task-create.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.create-task",
    },
    {
      path: "/cost-and-commercial/calendar/tasks/:taskId",
      file: "routes/calendar-task-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.view-task",
      intents: { delete: "cost-and-commercial.calendar.delete-task" },
    },
    {
      path: "/cost-and-commercial/calendar/tasks/:taskId/edit",
      file: "routes/calendar-task-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.edit-task",
    },
    // Schedules and reminders (the upstream page's tab): viewing needs view-calendar; adding and editing
    // edit-calendar (a reminder is part of the calendar, whichever side it belongs to).
    {
      path: "/cost-and-commercial/upstream/schedules",
      file: "routes/reminder-list.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.view-calendar",
    },
    {
      path: "/cost-and-commercial/upstream/schedules/new",
      file: "routes/reminder-create.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.edit-calendar",
    },
    {
      path: "/cost-and-commercial/upstream/schedules/:reminderId",
      file: "routes/reminder-detail.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.view-calendar",
    },
    {
      path: "/cost-and-commercial/upstream/schedules/:reminderId/edit",
      file: "routes/reminder-edit.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.edit-calendar",
    },
    // Add a calendar by upload (multipart: .xlsx from the template or .ics, 5 MB); the template to download.
    {
      path: "/cost-and-commercial/calendar/upload",
      file: "routes/calendar-upload.tsx",
      access: "project",
      permission: "cost-and-commercial.calendar.edit-calendar",
    },
    {
      path: "/cost-and-commercial/calendar/upload/template",
      file: "routes/calendar-upload-template.ts",
      access: "project",
      permission: "cost-and-commercial.calendar.edit-calendar",
    },
    // Settings tabs (?tab=email-templates|calendars|calendar-settings|data); each change checks its own permission.
    {
      path: "/cost-and-commercial/settings",
      file: "routes/cnc-settings.tsx",
      access: "project",
      permission: "cost-and-commercial.settings.view-settings",
      intents: {
        save: "cost-and-commercial.settings.create-settings",
        reset: "cost-and-commercial.settings.create-settings",
        "calendar-visibility": "cost-and-commercial.calendar.edit-calendar",
        "calendar-delete": "cost-and-commercial.calendar.delete-calendar",
        "reset-data": "cost-and-commercial.settings.reset-post-contract-data",
      },
    },
    {
      path: "/cost-and-commercial/settings/create-email-template",
      file: "routes/email-template-create.tsx",
      access: "project",
      permission: "cost-and-commercial.settings.create-settings",
    },
    // --- end calendar and settings routes ---
  ],
  nav: [
    // --- home and upstream nav ---
    {
      label: "cost-and-commercial:nav.home",
      path: "/cost-and-commercial/home",
      icon: "home",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      label: "cost-and-commercial:nav.upstream",
      path: "/cost-and-commercial/upstream",
      icon: "file-text",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      label: "cost-and-commercial:nav.orderBook",
      path: "/cost-and-commercial/order-book",
      icon: "clipboard-list",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      label: "cost-and-commercial:nav.preContract",
      path: "/cost-and-commercial/pre-contract",
      icon: "file-search",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      label: "cost-and-commercial:nav.contractReview",
      path: "/cost-and-commercial/contract-review",
      icon: "file-check",
      permission: "cost-and-commercial.upstream.view",
    },
    {
      label: "cost-and-commercial:nav.reports",
      path: "/cost-and-commercial/reports",
      icon: "bar-chart",
      permission: "cost-and-commercial.upstream.view",
    },
    // --- end home and upstream nav ---
    // --- downstream and indirect nav ---
    // subcontracts and payment claims
    {
      label: "cost-and-commercial:subcontract.nav",
      path: "/cost-and-commercial/downstream",
      icon: "users",
      permission: "cost-and-commercial.downstream.view-register",
    },
    // variations, back charges, securities and indirect costs
    {
      label: "cost-and-commercial:indirect.nav",
      path: "/cost-and-commercial/indirect",
      icon: "receipt",
      permission: "cost-and-commercial.indirect.view",
    },
    // --- end downstream and indirect nav ---
    // --- calendar and settings nav ---
    {
      label: "cost-and-commercial:calendar.nav",
      path: "/cost-and-commercial/calendar",
      icon: "calendar",
      permission: "cost-and-commercial.calendar.view-calendar",
    },
    {
      label: "cost-and-commercial:cncSettings.nav",
      path: "/cost-and-commercial/settings",
      icon: "settings",
      permission: "cost-and-commercial.settings.view-settings",
    },
    // --- end calendar and settings nav ---
  ],
  settings: {
    // --- calendar and settings settings ---
    /** Default reminder lead days and the weekday the calendar's weeks start on (Settings › Calendar settings). */
    calendar: calendarSettingsSchema,
    // --- end calendar and settings settings ---
  },
  server: () => import("./module.server"),
  // Every table, so the registry's snapshot lists each step's permission (the routes check them).
  workflows: {
    "head-contract": headContractWorkflow.declaration,
    "head-claim": headClaimWorkflow.declaration,
    rfa: rfaWorkflow.declaration,
    subcontract: subcontractWorkflow.declaration,
    "subcontract-claim": claimWorkflow.declaration,
    change: changeWorkflow.declaration,
  },
  provides: {
    // --- provides ---
    "home.widgets": () => import("./provides/home-widgets.server"),
    // subcontracts and payment claims
    "linked-records": () => import("./provides/subcontract-linked-records.server"),
    // Compliance documents' files on the core attachment page.
    "attachments.owners": () => import("./provides/attachment-owners.server"),
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
