/**
 * Plant and machinery (issue #15; spec 4: IN_PROGRESS, IN_REVIEW, CLOSED, ARCHIVED, ACTIVE): a plant item is
 * registered (IN_PROGRESS: its details and documents gathered), submitted for review, approved for use on site
 * (ACTIVE) or returned with a reason, off-hired (CLOSED), re-hired (back to review), archived from any state
 * and restored. Decision 038. Pure: no Remix, no MikroORM.
 */
import type { PermissionKey } from "~/server/permissions/keys";
// Relative, not ~/: the route table loads the manifests, and with them this file, without the app's aliases.
import { defineWorkflow, type TransitionRow } from "../../../server/workflow/transition-table";

export const PLANT_STATUSES = ["IN_PROGRESS", "IN_REVIEW", "ACTIVE", "CLOSED", "ARCHIVED"] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];

export const PLANT_STEPS = [
  "submit",
  "approve",
  "return",
  "off-hire",
  "re-hire",
  "archive",
  "restore",
  "delete",
] as const;
export type PlantStep = (typeof PLANT_STEPS)[number];

export const PLANT_PERMISSIONS = {
  view: "plant.register.view",
  create: "plant.register.create",
  edit: "plant.register.edit",
  delete: "plant.register.delete",
  updateStatus: "plant.register.update-status",
  approve: "plant.register.approve",
  close: "plant.register.close",
  archive: "plant.register.archive",
  recordChecks: "plant.register.record-checks",
  viewNotificationSettings: "plant.notification.view-notification-settings",
  editNotificationSettings: "plant.notification.edit-notification-settings",
  viewSettings: "plant.settings.view-settings",
  createSettings: "plant.settings.create-settings",
} as const satisfies Record<string, PermissionKey>;

const P = PLANT_PERMISSIONS;

/** A plant item is the site's, not one person's: anyone holding a row's permission runs it. */
export const PLANT_TRANSITIONS: readonly TransitionRow<PlantStatus, PlantStep>[] = [
  { from: "IN_PROGRESS", action: "submit", to: "IN_REVIEW", permission: P.updateStatus },
  { from: "IN_REVIEW", action: "approve", to: "ACTIVE", permission: P.approve },
  { from: "IN_REVIEW", action: "return", to: "IN_PROGRESS", permission: P.approve, requiresComment: true },
  // Off the site: the hire ended or the item left; its record stays.
  { from: "ACTIVE", action: "off-hire", to: "CLOSED", permission: P.close },
  // Back on site: it is checked and approved again before use.
  { from: "CLOSED", action: "re-hire", to: "IN_REVIEW", permission: P.updateStatus, requiresComment: true },
  { from: "IN_PROGRESS", action: "archive", to: "ARCHIVED", permission: P.archive, confirm: true },
  { from: "IN_REVIEW", action: "archive", to: "ARCHIVED", permission: P.archive, confirm: true },
  { from: "ACTIVE", action: "archive", to: "ARCHIVED", permission: P.archive, confirm: true },
  { from: "CLOSED", action: "archive", to: "ARCHIVED", permission: P.archive, confirm: true },
  { from: "ARCHIVED", action: "restore", to: "IN_PROGRESS", permission: P.archive, requiresComment: true },
  { from: "IN_PROGRESS", action: "delete", to: null, permission: P.delete, confirm: true },
];

export const plantWorkflow = defineWorkflow<PlantStatus, PlantStep>(PLANT_TRANSITIONS, (status) => status);

/** Its details, documents and checks change until it is archived. */
export const isPlantOpen = (status: PlantStatus) => status !== "ARCHIVED";
