import { z } from "zod";
import { defineModule, modifiableActions } from "../../server/registry/manifest";
import { actionWorkflow } from "./domain/action-workflow";

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
  ],
  nav: [
    {
      label: "safety:nav.actions",
      path: "/safety/actions",
      icon: "shield-check",
      permission: "safety.actions.view",
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
  workflows: { action: actionWorkflow.declaration },
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
    ],
  },
});
