import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { plantNotificationSettings, plantSettings } from "./domain/plant-settings";
import { plantWorkflow } from "./domain/plant-workflow";

/** Plants and machinery (issue #15, decision 038): the plant register, documents, pre-start checks, inspections. */
export default defineModule({
  id: "plant",
  title: "plant:title",
  icon: "truck",
  basePath: "/plants-and-machinery",
  routes: [
    {
      path: "/plants-and-machinery/home",
      file: "routes/plant-home.tsx",
      access: "project",
      permission: "plant.register.view",
    },
    {
      path: "/plants-and-machinery",
      file: "routes/plant-register.tsx",
      access: "project",
      permission: "plant.register.view",
    },
    {
      path: "/plants-and-machinery/create",
      file: "routes/plant-create.tsx",
      access: "project",
      permission: "plant.register.create",
    },
    {
      // Saving needs edit-notification-settings too: the action checks it.
      path: "/plants-and-machinery/notification-settings",
      file: "routes/plant-notification-settings.tsx",
      access: "project",
      permission: "plant.notification.view-notification-settings",
    },
    {
      // Saving needs create-settings too: the action checks it.
      path: "/plants-and-machinery/settings",
      file: "routes/plant-settings.tsx",
      access: "project",
      permission: "plant.settings.view-settings",
    },
    {
      // Tabs: Details, Inspections & pre-start checks, Documents, Enforcement scans, Activity Log.
      path: "/plants-and-machinery/:id",
      file: "routes/plant-detail.tsx",
      access: "project",
      permission: "plant.register.view",
      intents: {
        transition: { workflow: "plant", actionField: "action" },
        "pre-start": "plant.register.record-checks",
        inspection: "plant.register.record-checks",
        "document-delete": "plant.register.edit",
      },
    },
    {
      // While it is not archived: the route checks it.
      path: "/plants-and-machinery/:id/edit",
      file: "routes/plant-edit.tsx",
      access: "project",
      permission: "plant.register.edit",
    },
    {
      // A document with its file (multipart, 100 MB), while the plant is not archived: checked by the post.
      path: "/plants-and-machinery/:id/documents",
      file: "routes/plant-documents.tsx",
      access: "project",
      permission: "plant.register.edit",
    },
    {
      path: "/plants-and-machinery/:id/documents/:documentId/files/:fileId",
      file: "routes/plant-document-file.ts",
      access: "project",
      permission: "plant.register.view",
    },
  ],
  nav: [
    {
      label: "plant:nav.home",
      path: "/plants-and-machinery/home",
      icon: "home",
      permission: "plant.register.view",
    },
    {
      label: "plant:nav.register",
      path: "/plants-and-machinery",
      icon: "truck",
      permission: "plant.register.view",
    },
    {
      label: "plant:nav.notifications",
      path: "/plants-and-machinery/notification-settings",
      icon: "bell",
      permission: "plant.notification.view-notification-settings",
    },
    {
      label: "plant:nav.settings",
      path: "/plants-and-machinery/settings",
      icon: "settings",
      permission: "plant.settings.view-settings",
    },
  ],
  settings: {
    /** Who hears of documents expiring and of failed pre-start checks (/plants-and-machinery/notification-settings). */
    plantNotifications: plantNotificationSettings,
    /** The pre-start checklist and the expiry warning window (/plants-and-machinery/settings). */
    plantSettings,
  },
  server: () => import("./module.server"),
  /** The events this module passes to notify() and its project notification-settings pages (/notifications/settings). */
  notifications: {
    events: [
      { event: "plant-document-expiring", label: "plant:notificationCentre.events.plant-document-expiring" },
      { event: "plant-document-expired", label: "plant:notificationCentre.events.plant-document-expired" },
      { event: "plant-check-failed", label: "plant:notificationCentre.events.plant-check-failed" },
    ],
    settingsPages: [
      { label: "plant:notificationCentre.pages.plant", path: "/plants-and-machinery/notification-settings" },
    ],
  },
  workflows: { plant: plantWorkflow.declaration },
  provides: {
    "site-diary.sections": () => import("./provides/site-diary.server"),
    "home.widgets": () => import("./provides/home-widgets.server"),
    "attachments.owners": () => import("./provides/attachment-owners.server"),
  },
  permissions: {
    displayName: "Plants and Machinery",
    subModules: [
      {
        // update-status = submit (and re-hire) a plant item; approve = approve it for use on site or return it;
        // close = off-hire it; archive = archive and restore; record-checks = pre-start checks and inspections.
        name: "register",
        displayName: "Plant",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "approve",
          "close",
          "archive",
          "record-checks",
        ),
      },
      {
        // Spec 6: "Plant notification: view/edit-notification-settings".
        name: "notification",
        displayName: "Plant notifications",
        actions: modifiableActions("view-notification-settings", "edit-notification-settings"),
      },
      {
        name: "settings",
        displayName: "Plant settings",
        actions: modifiableActions("view-settings", "create-settings"),
      },
    ],
  },
});
