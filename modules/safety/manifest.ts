import { z } from "zod";
import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { actionWorkflow } from "./domain/action-workflow";
import { observationWorkflow } from "./domain/observation-workflow";

/** Safety (HSSE): actions so far (register, create and edit, workflow, evidence, comments, notification settings). */
export default defineModule({
  id: "safety",
  title: "safety:title",
  icon: "shield-check",
  basePath: "/safety",
  routes: [
    {
      path: "/safety/actions",
      file: "routes/action-register.tsx",
      access: "project",
      permission: "safety.actions.view",
    },
    {
      path: "/safety/actions/create",
      file: "routes/action-create.tsx",
      access: "project",
      permission: "safety.actions.create",
    },
    {
      // Saving needs edit-notification-settings too: the action checks it.
      path: "/safety/actions/notification",
      file: "routes/action-notification.tsx",
      access: "project",
      permission: "safety.actions.view-notification-settings",
    },
    {
      path: "/safety/actions/:id",
      file: "routes/action-detail.tsx",
      access: "project",
      permission: "safety.actions.view",
      // Who the user is to the action (its assignee, creator, a manager) is checked by the step, on top of the permission.
      intents: {
        transition: { workflow: "action", actionField: "action" },
        comment: "safety.actions.view",
        reassign: "safety.actions.reassign",
        // Whose evidence may be removed (its uploader's, or a manager's) is checked by the removal itself.
        "evidence-delete": "safety.actions.view",
      },
    },
    {
      path: "/safety/actions/:id/edit",
      file: "routes/action-edit.tsx",
      access: "project",
      permission: "safety.actions.edit",
    },
    {
      // Who may add evidence (creator, assignee, a manager; not once closed) is checked by the upload itself.
      path: "/safety/actions/:id/evidence",
      file: "routes/action-evidence.ts",
      access: "project",
      permission: "safety.actions.view",
    },
    {
      path: "/safety/actions/:id/evidence/:fileId",
      file: "routes/action-evidence-file.ts",
      access: "project",
      permission: "safety.actions.view",
    },
    // --- Observations and enforcement (decision 031) ---
    {
      path: "/safety/observation",
      file: "routes/observation-register.tsx",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/observation/create",
      file: "routes/observation-create.tsx",
      access: "project",
      permission: "safety.observations.create",
    },
    {
      path: "/safety/observation/:id",
      file: "routes/observation-detail.tsx",
      access: "project",
      permission: "safety.observations.view",
      // Who the user is to the observation (assignee, raiser, a manager) is checked by the step, on top.
      intents: {
        transition: { workflow: "observation", actionField: "action" },
        reassign: "safety.observations.reassign",
        // Whose photo may be removed (its uploader's, or a manager's) is checked by the removal itself.
        "photo-delete": "safety.observations.view",
      },
    },
    {
      // Only its raiser or a manager, while there is work on it: the route checks it.
      path: "/safety/observation/:id/edit",
      file: "routes/observation-edit.tsx",
      access: "project",
      permission: "safety.observations.edit",
    },
    {
      // Who may add photos (raiser, assignee, a manager; not once closed) is checked by the upload itself.
      path: "/safety/observation/:id/photos",
      file: "routes/observation-photos.ts",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/observation/:id/photos/:fileId",
      file: "routes/observation-photo-file.ts",
      access: "project",
      permission: "safety.observations.view",
    },
    {
      path: "/safety/enforcement",
      file: "routes/enforcement-register.tsx",
      access: "project",
      permission: "safety.enforcement.view",
    },
    {
      path: "/safety/enforcement/create",
      file: "routes/enforcement-create.tsx",
      access: "project",
      permission: "safety.enforcement.create",
    },
    {
      path: "/safety/enforcement/:id",
      file: "routes/enforcement-detail.tsx",
      access: "project",
      permission: "safety.enforcement.view",
    },
    // --- end observations and enforcement ---
  ],
  nav: [
    {
      label: "safety:nav.actions",
      path: "/safety/actions",
      icon: "shield-check",
      permission: "safety.actions.view",
    },
    {
      label: "safety:nav.observations",
      path: "/safety/observation",
      icon: "eye",
      permission: "safety.observations.view",
    },
    {
      label: "safety:nav.enforcement",
      path: "/safety/enforcement",
      icon: "scan-line",
      permission: "safety.enforcement.view",
    },
  ],
  settings: {
    /**
     * Who hears of an action's assignment, its due date, its overdue days and its closure (the
     * /safety/actions/notification page; also on the project's settings).
     */
    actionNotifications: z.object({
      assignedNotifyAssignee: z.boolean().default(true),
      assignedNotifyWatchers: z.boolean().default(false),
      dueNotifyAssignee: z.boolean().default(true),
      dueDaysBefore: z.number().int().min(0).max(30).default(1),
      overdueNotifyAssignee: z.boolean().default(true),
      overdueNotifyCreator: z.boolean().default(true),
      closedNotifyCreator: z.boolean().default(true),
      closedNotifyAssignee: z.boolean().default(true),
      closedNotifyWatchers: z.boolean().default(true),
    }),
  },
  server: () => import("./module.server"),
  workflows: {
    action: actionWorkflow.declaration,
    observation: observationWorkflow.declaration,
  },
  permissions: {
    displayName: "HSSE",
    subModules: [
      {
        // update-status = work on the actions assigned to me; close = close, send back and re-open the
        // actions I created; reassign = a manager's right over every action (decision 028).
        name: "actions",
        displayName: "Actions",
        actions: modifiableActions(
          "view",
          "create",
          "edit",
          "delete",
          "update-status",
          "close",
          "reassign",
          "view-notification-settings",
          "edit-notification-settings",
        ),
      },
      {
        // update-status = put right the observations assigned to me; close = check (close, not approve)
        // those I raised; reassign = a manager's right over every observation (decision 031).
        name: "observations",
        displayName: "Observations",
        actions: modifiableActions("view", "create", "edit", "delete", "update-status", "close", "reassign"),
      },
      {
        // Spec 6 names HSSE enforcement. Scans are records: recorded, never edited.
        name: "enforcement",
        displayName: "Enforcement",
        actions: modifiableActions("view", "create"),
      },
    ],
  },
});
