import { z } from "zod";
import { timeZoneChoices } from "../../server/projects/time-zone";
import { defineModule, modifiableActions } from "../../server/registry/manifest";

export default defineModule({
  id: "project-settings",
  title: "project-settings:title",
  icon: "settings",
  basePath: "/project-settings",
  core: true,
  routes: [
    {
      path: "/project-settings/members",
      file: "routes/members.tsx",
      access: "project",
      permission: "project-settings.members.view",
    },
    {
      path: "/project-settings/members/invite-member",
      file: "routes/members.invite.tsx",
      access: "project",
      permission: "project-settings.members.invite",
    },
    {
      path: "/project-settings/members/:id",
      file: "routes/members.detail.tsx",
      access: "project",
      permission: "project-settings.members.view",
      intents: {
        edit: "project-settings.members.edit",
        resend: "project-settings.members.invite",
        remove: "project-settings.members.delete",
      },
    },
    {
      path: "/project-settings/company",
      file: "routes/company.tsx",
      access: "project",
      permission: "project-settings.company.view",
    },
    {
      path: "/project-settings/company/:id",
      file: "routes/company.detail.tsx",
      access: "project",
      permission: "project-settings.company.view",
    },
    {
      path: "/project-settings/roles-in-accs",
      file: "routes/roles.tsx",
      access: "project",
      permission: "project-settings.roles.view",
    },
    {
      path: "/project-settings/roles-in-accs/new",
      file: "routes/roles.new.tsx",
      access: "project",
      permission: "project-settings.roles.create",
    },
    {
      path: "/project-settings/roles-in-accs/:id/edit",
      file: "routes/roles.edit.tsx",
      access: "project",
      permission: "project-settings.roles.edit",
    },
    {
      path: "/project-settings/roles-in-accs/detail/:id",
      file: "routes/roles.detail.tsx",
      access: "project",
      permission: "project-settings.roles.view",
      intents: { delete: "project-settings.roles.delete" },
    },
    {
      path: "/project-settings/group",
      file: "routes/groups.tsx",
      access: "project",
      permission: "project-settings.group.view",
    },
    {
      path: "/project-settings/group/create-group",
      file: "routes/groups.new.tsx",
      access: "project",
      permission: "project-settings.group.create",
    },
    {
      path: "/project-settings/group/edit-group/:id",
      file: "routes/groups.edit.tsx",
      access: "project",
      permission: "project-settings.group.edit",
    },
    {
      path: "/project-settings/group/:id",
      file: "routes/groups.detail.tsx",
      access: "project",
      permission: "project-settings.group.view",
      intents: { delete: "project-settings.group.delete" },
    },
    {
      path: "/project-settings/settings",
      file: "routes/settings.tsx",
      access: "project",
      permission: [
        "project-settings.settings.view-settings",
        "project-settings.notificationSetting.view-notification-settings",
      ],
    },
    {
      path: "/project-settings/document-service",
      file: "routes/document-service.tsx",
      access: "project",
      permission: "project-settings.documentService.view",
      intents: {
        save: "project-settings.documentService.edit",
        test: "project-settings.documentService.edit",
      },
    },
    {
      // Files the local document service keeps: any member of the project (the route checks the project).
      path: "/project-settings/document-service/files/:id",
      file: "routes/document-service.file.ts",
      access: "project",
    },
    {
      path: "/project-settings/modules",
      file: "routes/modules.tsx",
      access: "project",
      permission: "project-settings.modules.view",
    },
  ],
  permissions: {
    displayName: "Project Settings",
    subModules: [
      {
        name: "members",
        displayName: "Members",
        actions: modifiableActions("view", "create", "edit", "delete", "invite"),
      },
      {
        name: "company",
        displayName: "Company",
        actions: modifiableActions("view", "create", "edit", "delete"),
      },
      { name: "roles", displayName: "Roles", actions: modifiableActions("view", "create", "edit", "delete") },
      { name: "group", displayName: "Group", actions: modifiableActions("view", "create", "edit", "delete") },
      {
        name: "notificationSetting",
        displayName: "Notification settings",
        actions: [
          {
            key: "view-notification-settings",
            displayName: "view-notification-settings",
            status: "modifiable",
          },
          {
            key: "edit-notification-settings",
            displayName: "edit-notification-settings",
            status: "modifiable",
          },
        ],
      },
      {
        name: "settings",
        displayName: "General settings",
        actions: [
          { key: "view-settings", displayName: "view-settings", status: "modifiable" },
          { key: "create-settings", displayName: "create-settings", status: "modifiable" },
          { key: "delete-settings", displayName: "delete-settings", status: "modifiable" },
        ],
      },
      {
        name: "documentService",
        displayName: "Document service",
        actions: modifiableActions("view", "edit"),
      },
      {
        name: "modules",
        displayName: "Modules",
        actions: [
          { key: "view", displayName: "view", status: "modifiable" },
          { key: "edit", displayName: "edit", status: "modifiable" },
        ],
      },
    ],
  },
  nav: [
    {
      label: "project-settings:nav.members",
      path: "/project-settings/members",
      icon: "users",
      permission: "project-settings.members.view",
    },
    {
      label: "project-settings:nav.roles",
      path: "/project-settings/roles-in-accs",
      icon: "shield",
      permission: "project-settings.roles.view",
    },
    {
      label: "project-settings:nav.companies",
      path: "/project-settings/company",
      icon: "building",
      permission: "project-settings.company.view",
    },
    {
      label: "project-settings:nav.groups",
      path: "/project-settings/group",
      icon: "users",
      permission: "project-settings.group.view",
    },
    {
      label: "project-settings:nav.settings",
      path: "/project-settings/settings",
      icon: "settings",
      permission: [
        "project-settings.settings.view-settings",
        "project-settings.notificationSetting.view-notification-settings",
      ],
    },
    {
      label: "project-settings:nav.documentService",
      path: "/project-settings/document-service",
      icon: "file",
      permission: "project-settings.documentService.view",
    },
    {
      label: "project-settings:nav.modules",
      path: "/project-settings/modules",
      icon: "grid",
      permission: "project-settings.modules.view",
    },
  ],
  settings: {
    notifications: z.object({
      memberInvited: z.boolean().default(true),
      memberRemoved: z.boolean().default(true),
      roleChanged: z.boolean().default(false),
    }),
    /**
     * The project's time zone (decision 029): what "now" and "today" mean on its site (an incident's time
     * is refused in the future by this zone). Empty: the region's zone (AU Sydney, VI Ho Chi Minh, else UTC).
     */
    general: z.object({
      timeZone: z.enum(timeZoneChoices()).optional(),
    }),
  },
});
