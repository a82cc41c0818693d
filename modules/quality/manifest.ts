import { z } from "zod";
import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { defectWorkflow } from "./domain/defect-workflow";
import { formTemplateSettings } from "./domain/form-templates";
import { inspectionPointWorkflow } from "./domain/inspection-point-workflow";
import { itpWorkflow } from "./domain/itp-workflow";
import { lotWorkflow } from "./domain/lot-workflow";
import { ncrWorkflow } from "./domain/ncr-workflow";
import { numberingSettings } from "./domain/numbering";
import { itpNotificationSettings, lotNotificationSettings } from "./domain/quality-notifications";

/** Quality: lots (register, workflow, ITRs, reports) and ITPs (library, import, review by Quality and the client). */
export default defineModule({
  id: "quality",
  title: "quality:title",
  icon: "clipboard-check",
  basePath: "/quality",
  routes: [
    {
      path: "/quality/home",
      file: "routes/quality-home.tsx",
      access: "project",
      permission: ["quality.lot.view", "quality.itp.view"],
    },
    {
      path: "/quality/lot",
      file: "routes/lot-register.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: {
        "location-create": "quality.lot.edit",
        "location-rename": "quality.lot.edit",
        "location-move": "quality.lot.edit",
        "location-delete": "quality.lot.edit",
      },
    },
    {
      path: "/quality/lot/create",
      file: "routes/lot-create.tsx",
      access: "project",
      permission: "quality.lot.create",
    },
    {
      path: "/quality/lot/export",
      file: "routes/lot-register-export.ts",
      access: "project",
      permission: "quality.lot.download",
    },
    {
      path: "/quality/lot/filter-values",
      file: "routes/lot-filter-values.ts",
      access: "project",
      permission: "quality.lot.view",
    },
    {
      // Saving needs quality.lot.edit-notification-settings, checked by the action.
      path: "/quality/lot/notification",
      file: "routes/lot-notification-settings.tsx",
      access: "project",
      permission: "quality.lot.view-notification-settings",
    },
    {
      path: "/quality/lot/:id",
      file: "routes/lot-detail.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: {
        transition: { workflow: "lot", actionField: "action" },
        "equipment-add": "quality.lot.edit",
        "equipment-remove": "quality.lot.edit",
        "relation-add": "quality.lot.edit",
        "relation-remove": "quality.lot.edit",
        "dti-save": "quality.lot.lot-dti-sign",
      },
    },
    {
      path: "/quality/lot/:id/edit",
      file: "routes/lot-edit.tsx",
      access: "project",
      permission: "quality.lot.edit",
    },
    {
      path: "/quality/lot/:id/itp",
      file: "routes/lot-itp.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: {
        assign: "quality.lot.edit",
        unassign: "quality.lot.edit",
        check: "quality.lot.update-status",
        sign: "quality.lot.lot-subcontractor-sign",
      },
    },
    {
      path: "/quality/lot/:id/hp-wp",
      file: "routes/lot-hp-wp.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: { point: { workflow: "inspection-point", actionField: "action" } },
    },
    {
      // The point is the lot × the ITP item: `:itpId` is the item's id (README "Hold and witness points: the client").
      path: "/quality/lot/:lotId/hp-wp/:itpId",
      file: "routes/lot-hp-wp-point.tsx",
      access: "project",
      permission: "quality.lot.view",
    },
    {
      // Adding evidence needs the notify permission too (checked by the upload): the point's site team.
      path: "/quality/lot/:lotId/hp-wp-attachment/:itpId",
      file: "routes/lot-hp-wp-attachment.tsx",
      access: "project",
      permission: "quality.lot.view",
    },
    {
      path: "/quality/lot/:id/client-links",
      file: "routes/lot-client-links.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: {
        "send-review-link": "quality.lot.qa-review",
        // Each link is revoked by who may send it (notify for point links, QA for lot reviews): checked per link.
        "revoke-link": ["quality.lot.update-status", "quality.lot.qa-review"],
      },
    },
    {
      // Notify the client of hold and witness points (`?point=<lotId>:<itemId>`, repeated); the register links here.
      path: "/quality/hp-wp/notify",
      file: "routes/hp-wp-notify.tsx",
      access: "project",
      permission: "quality.lot.update-status",
    },
    {
      path: "/quality/lot/:id/report",
      file: "routes/lot-report.tsx",
      access: "project",
      permission: "quality.lot.download",
    },
    {
      path: "/quality/lot/:id/report/file",
      file: "routes/lot-report-file.ts",
      access: "project",
      permission: "quality.lot.download",
    },
    {
      path: "/quality/lot/:lotId/itr/new",
      file: "routes/lot-itr-new.tsx",
      access: "project",
      permission: "quality.lot.edit",
    },
    {
      path: "/quality/lot/:lotId/itr/:itrId",
      file: "routes/lot-itr.tsx",
      access: "project",
      permission: "quality.lot.view",
      intents: { delete: "quality.lot.edit" },
    },
    {
      path: "/quality/lot/:lotId/itr/:itrId/file",
      file: "routes/lot-itr-file.ts",
      access: "project",
      permission: "quality.lot.view",
    },
    {
      path: "/quality/hp-wp",
      file: "routes/hp-wp-register.tsx",
      access: "project",
      permission: "quality.lot.view",
    },
    {
      path: "/quality/lot/conformance.xlsx",
      file: "routes/lot-conformance-export.ts",
      access: "project",
      permission: "quality.lot.download",
    },
    { path: "/quality/itp", file: "routes/itp-list.tsx", access: "project", permission: "quality.itp.view" },
    {
      path: "/quality/itp/create",
      file: "routes/itp-create.tsx",
      access: "project",
      permission: "quality.itp.create",
      intents: { template: "quality.itp.create", blank: "quality.itp.create" },
    },
    {
      // Saving needs quality.itp.edit-notification-settings, checked by the action.
      path: "/quality/itp/notification",
      file: "routes/itp-notification-settings.tsx",
      access: "project",
      permission: "quality.itp.view-notification-settings",
    },
    {
      path: "/quality/itp/template.xlsx",
      file: "routes/itp-template.ts",
      access: "project",
      permission: "quality.itp.create",
    },
    {
      // Open access (spec 2): the review link opens it without signing in; a member without one needs the permission.
      path: "/quality/itp/internal-review/:id",
      file: "routes/itp-internal-review.tsx",
      access: "external",
      permission: "quality.itp.internal-review",
    },
    {
      // Open access (spec 2): the review link opens it without signing in; a member without one needs the permission.
      path: "/quality/itp/external-review/:id",
      file: "routes/itp-external-review.tsx",
      access: "external",
      permission: "quality.itp.external-review",
    },
    {
      path: "/quality/itp/:id",
      file: "routes/itp-detail.tsx",
      access: "project",
      permission: "quality.itp.view",
      intents: {
        submit_for_review: { workflow: "itp" },
        revise: { workflow: "itp" },
        archive: { workflow: "itp" },
        restore: { workflow: "itp" },
        "add-to-library": "quality.itp.edit-global-template",
        "use-as-template": "quality.itp.create",
        "revoke-link": "quality.itp.internal-review",
        "send-link": "quality.itp.internal-review",
      },
    },
    {
      path: "/quality/itp/:id/edit",
      file: "routes/itp-edit.tsx",
      access: "project",
      permission: "quality.itp.edit",
    },
    {
      path: "/quality/itp/:id/items/:itemId/attachments",
      file: "routes/itp-item-attachments.tsx",
      access: "project",
      permission: "quality.itp.edit",
    },
    {
      path: "/quality/itp/:id/attachments/:attachmentId",
      file: "routes/itp-item-attachment.ts",
      access: "project",
      permission: "quality.itp.view",
    },
    {
      path: "/quality/itp/:id/export/pdf",
      file: "routes/itp-export-pdf.ts",
      access: "project",
      permission: "quality.itp.download",
    },
    {
      path: "/quality/itp/:id/export/xlsx",
      file: "routes/itp-export-xlsx.ts",
      access: "project",
      permission: "quality.itp.download",
    },
    { path: "/quality/ncr", file: "routes/ncr-list.tsx", access: "project", permission: "quality.ncr.view" },
    {
      path: "/quality/ncr/create",
      file: "routes/ncr-create.tsx",
      access: "project",
      permission: "quality.ncr.create",
    },
    {
      path: "/quality/ncr/export",
      file: "routes/ncr-export-xlsx.ts",
      access: "project",
      permission: "quality.ncr.download",
    },
    {
      // Who may add (ncr.edit or ncr.review, while in progress or in review) is checked by the upload itself.
      path: "/quality/ncr/:id/files",
      file: "routes/ncr-files.ts",
      access: "project",
      permission: "quality.ncr.view",
    },
    {
      path: "/quality/ncr/:id/files/:fileId",
      file: "routes/ncr-file.ts",
      access: "project",
      permission: "quality.ncr.view",
    },
    {
      path: "/quality/ncr/:id/pdf",
      file: "routes/ncr-export-pdf.ts",
      access: "project",
      permission: "quality.ncr.download",
    },
    {
      path: "/quality/ncr/:id",
      file: "routes/ncr-detail.tsx",
      access: "project",
      permission: "quality.ncr.view",
      intents: { save: "quality.ncr.edit", transition: { workflow: "ncr", actionField: "action" } },
    },
    {
      path: "/quality/defects",
      file: "routes/defect-register.tsx",
      access: "project",
      permission: "quality.defects.view",
    },
    {
      path: "/quality/defects/export",
      file: "routes/defect-register-export.ts",
      access: "project",
      permission: "quality.defects.download",
    },
    {
      path: "/quality/defects/create",
      file: "routes/defect-create.tsx",
      access: "project",
      permission: "quality.defects.create",
    },
    {
      path: "/quality/defects/:id",
      file: "routes/defect-detail.tsx",
      access: "project",
      permission: "quality.defects.view",
      // Who the user is to the defect (raiser, assignee) is checked by the step, on top of the permission.
      intents: { transition: { workflow: "defect", actionField: "action" } },
    },
    {
      // Who may edit (raiser or defects.review) and in which states is checked by the route (decision 027).
      path: "/quality/defects/:id/edit",
      file: "routes/defect-edit.tsx",
      access: "project",
      permission: "quality.defects.view",
    },
    {
      // Who may add files (raiser, assignee, reviewer; not once closed) is checked by the upload itself.
      path: "/quality/defects/:id/files",
      file: "routes/defect-files.ts",
      access: "project",
      permission: "quality.defects.view",
    },
    {
      path: "/quality/defects/:id/pdf",
      file: "routes/defect-pdf.ts",
      access: "project",
      permission: "quality.defects.download",
    },
    {
      path: "/quality/defects/:id/files/:fileId",
      file: "routes/defect-file.ts",
      access: "project",
      permission: "quality.defects.view",
    },
    {
      // Saving needs quality.settings.create-settings, resetting delete-settings, checked by the action.
      path: "/quality/settings",
      file: "routes/quality-settings.tsx",
      access: "project",
      permission: "quality.settings.view-settings",
    },
    { path: "/external/itp/:id", file: "routes/external-itp.tsx", access: "external" },
    {
      path: "/external/itp/:id/attachments/:attachmentId",
      file: "routes/external-itp-attachment.ts",
      access: "external",
    },
    // The client's lot links (decision 022): the link's page of points (`:id` the link's id), one point
    // (`:hpwpId` the ITP item's id), its evidence, an ITR of the lot, the lot's review (`:id` the lot's id).
    { path: "/external/hp-wp/:id", file: "routes/external-hp-wp.tsx", access: "external" },
    { path: "/external/lot/:lotId/hp-wp/:hpwpId", file: "routes/external-lot-hp-wp.tsx", access: "external" },
    {
      path: "/external/lot/:lotId/hp-wp-attachment/:hpwpId",
      file: "routes/external-lot-hp-wp-attachment.tsx",
      access: "external",
    },
    { path: "/external/lot/:lotId/itr/:itrId", file: "routes/external-lot-itr.ts", access: "external" },
    { path: "/external/lot/:id", file: "routes/external-lot.tsx", access: "external" },
  ],
  nav: [
    {
      label: "quality:nav.home",
      path: "/quality/home",
      icon: "clipboard-check",
      permission: ["quality.lot.view", "quality.itp.view"],
    },
    { label: "quality:nav.lots", path: "/quality/lot", icon: "layers", permission: "quality.lot.view" },
    { label: "quality:nav.itps", path: "/quality/itp", icon: "list-checks", permission: "quality.itp.view" },
    { label: "quality:nav.hpWp", path: "/quality/hp-wp", icon: "hand", permission: "quality.lot.view" },
    {
      label: "quality:nav.ncrs",
      path: "/quality/ncr",
      icon: "alert-triangle",
      permission: "quality.ncr.view",
    },
    {
      label: "quality:nav.defects",
      path: "/quality/defects",
      icon: "list-todo",
      permission: "quality.defects.view",
    },
    {
      label: "quality:nav.settings",
      path: "/quality/settings",
      icon: "settings",
      permission: "quality.settings.view-settings",
    },
  ],
  settings: {
    /**
     * The client's hold and witness point mail: the text the notify form starts from (placeholders
     * {clientName}, {projectName}, {lotNumber}, {points}, {dueOn}; the link is added below the text) and how
     * long a release link stays open.
     */
    holdPoints: z.object({
      clientEmailTemplate: z
        .string()
        .max(5000)
        .default(
          "Dear {clientName},\n\nThe following inspection points of lot {lotNumber} on {projectName} are ready for your inspection on {dueOn}:\n{points}\n\nPlease open the link below to release them, release them with a comment or reject them.",
        ),
      linkLifetimeDays: z.number().int().min(1).max(90).default(14),
    }),
    /** The prefixes of new numbers (LOT-0042): a record keeps the number it was given. */
    numbering: numberingSettings,
    /** The name each quality form (report, dossier, register) leaves the product with (domain/form-templates). */
    formTemplates: formTemplateSettings,
    /** Who hears what (domain/quality-notifications): a channel per event, /quality/lot/notification. */
    lotNotifications: lotNotificationSettings,
    /** The ITP events of spec 4, /quality/itp/notification. */
    itpNotifications: itpNotificationSettings,
  },
  server: () => import("./module.server"),
  /** The events this module passes to notify() and its project notification-settings pages (/notifications/settings). */
  notifications: {
    events: [
      { event: "lot-submitted", label: "quality:notificationCentre.events.lot-submitted" },
      { event: "lot-sent-to-qa", label: "quality:notificationCentre.events.lot-sent-to-qa" },
      { event: "lot-approved", label: "quality:notificationCentre.events.lot-approved" },
      { event: "lot-rejected", label: "quality:notificationCentre.events.lot-rejected" },
      { event: "lot-sent-to-client", label: "quality:notificationCentre.events.lot-sent-to-client" },
      { event: "lot-closed", label: "quality:notificationCentre.events.lot-closed" },
      { event: "lot-reopened", label: "quality:notificationCentre.events.lot-reopened" },
      { event: "hold-point-notified", label: "quality:notificationCentre.events.hold-point-notified" },
      { event: "hold-point-released", label: "quality:notificationCentre.events.hold-point-released" },
      { event: "hold-point-rejected", label: "quality:notificationCentre.events.hold-point-rejected" },
      { event: "ncr-raised", label: "quality:notificationCentre.events.ncr-raised" },
      { event: "ncr-closed", label: "quality:notificationCentre.events.ncr-closed" },
      { event: "defect-assigned", label: "quality:notificationCentre.events.defect-assigned" },
      { event: "defect-completed", label: "quality:notificationCentre.events.defect-completed" },
      { event: "defect-not-approved", label: "quality:notificationCentre.events.defect-not-approved" },
      { event: "defect-disputed", label: "quality:notificationCentre.events.defect-disputed" },
      { event: "itp-submitted", label: "quality:notificationCentre.events.itp-submitted" },
      {
        event: "itp-internal-approved-send-external",
        label: "quality:notificationCentre.events.itp-internal-approved-send-external",
      },
      {
        event: "itp-internal-approved-send-internal",
        label: "quality:notificationCentre.events.itp-internal-approved-send-internal",
      },
      { event: "itp-internal-rejected", label: "quality:notificationCentre.events.itp-internal-rejected" },
      { event: "itp-external-approved", label: "quality:notificationCentre.events.itp-external-approved" },
      { event: "itp-external-rejected", label: "quality:notificationCentre.events.itp-external-rejected" },
    ],
    settingsPages: [
      { label: "quality:notificationCentre.pages.lot", path: "/quality/lot/notification" },
      { label: "quality:notificationCentre.pages.itp", path: "/quality/itp/notification" },
    ],
  },
  workflows: {
    lot: lotWorkflow.declaration,
    itp: itpWorkflow.declaration,
    "inspection-point": inspectionPointWorkflow.declaration,
    ncr: ncrWorkflow.declaration,
    defect: defectWorkflow.declaration,
  },
  provides: {
    "home.widgets": () => import("./provides/home-widgets.server"),
    "site-diary.sections": () => import("./provides/site-diary.server"),
    "linked-records": () => import("./provides/linked-records.server"),
    // Lot ITRs, point evidence, ITP item files, defect and NCR files on the core attachment page.
    "attachments.owners": () => import("./provides/attachment-owners.server"),
  },
  permissions: {
    displayName: "Quality",
    subModules: [
      {
        name: "lot",
        displayName: "Lot",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "internal-review",
          "qa-review",
          "external-review",
          "close",
          "lot-reopen-cancel",
          "lot-dti-sign",
          "lot-subcontractor-sign",
          "download",
          "view-notification-settings",
          "edit-notification-settings",
        ),
      },
      {
        name: "itp",
        displayName: "ITP",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "internal-review",
          "external-review",
          "archive",
          "edit-global-template",
          "download",
          "view-notification-settings",
          "edit-notification-settings",
        ),
      },
      {
        name: "ncr",
        displayName: "NCR",
        actions: modifiableActions("view", "create", "edit", "review", "close", "archive", "download"),
      },
      {
        // The punch list: respond = work on the defects assigned to me; review = QA's steps.
        name: "defects",
        displayName: "Punch list",
        actions: modifiableActions("view", "create", "respond", "review", "download"),
      },
      {
        // /quality/settings: numbering and the client's hold point mail (the notification pages have their own keys).
        name: "settings",
        displayName: "Settings",
        actions: modifiableActions("view-settings", "create-settings", "delete-settings"),
      },
    ],
  },
});
