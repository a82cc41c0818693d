import { z } from "zod";
import { defineModule, modifiableActions } from "../../server/registry/manifest";

const globalActions = modifiableActions("view-global", "create-global", "edit-global", "delete-global");

export default defineModule({
  id: "global-settings",
  title: "global-settings:title",
  icon: "globe",
  basePath: "/globalSettings",
  scope: "global",
  routes: [
    {
      path: "/globalSettings/membersGlobal",
      file: "routes/members.tsx",
      access: "global",
      permission: "global-settings.members.view-global",
    },
    {
      path: "/globalSettings/membersGlobal/invite-member",
      file: "routes/members.invite.tsx",
      access: "global",
      permission: "global-settings.members.create-global",
    },
    {
      path: "/globalSettings/membersGlobal/:id",
      file: "routes/members.detail.tsx",
      access: "global",
      permission: "global-settings.members.view-global",
      intents: {
        "global-role": "global-settings.members.edit-global",
        resend: "global-settings.members.create-global",
        deactivate: "global-settings.members.delete-global",
        reactivate: "global-settings.members.delete-global",
      },
    },
    {
      path: "/globalSettings/company",
      file: "routes/company.tsx",
      access: "global",
      permission: "global-settings.company.view-global",
    },
    {
      path: "/globalSettings/company/:id",
      file: "routes/company.detail.tsx",
      access: "global",
      permission: "global-settings.company.view-global",
    },
    {
      path: "/globalSettings/roles",
      file: "routes/roles.tsx",
      access: "global",
      permission: "global-settings.roles.view-global",
    },
    {
      path: "/globalSettings/roles/new",
      file: "routes/roles.new.tsx",
      access: "global",
      permission: "global-settings.roles.create-global",
    },
    {
      path: "/globalSettings/roles/:id/edit",
      file: "routes/roles.edit.tsx",
      access: "global",
      permission: "global-settings.roles.edit-global",
    },
    {
      path: "/globalSettings/roles/detail/:id",
      file: "routes/roles.detail.tsx",
      access: "global",
      permission: "global-settings.roles.view-global",
      intents: { delete: "global-settings.roles.delete-global" },
    },
    {
      path: "/globalSettings/resources",
      file: "routes/resources.tsx",
      access: "global",
      permission: "global-settings.resources.view-resources",
      intents: {
        create: "global-settings.resources.create-resources",
        update: "global-settings.resources.edit-resources",
        delete: "global-settings.resources.delete-resources",
      },
    },
    {
      path: "/globalSettings/settings",
      file: "routes/settings.tsx",
      access: "global",
      permission: "global-settings.settings.view-global",
    },
    {
      path: "/globalSettings/security-events",
      file: "routes/security-events.tsx",
      access: "global",
      permission: "global-settings.security-events.view",
    },
  ],
  permissions: {
    displayName: "Global Settings",
    subModules: [
      { name: "members", displayName: "Members", actions: globalActions },
      { name: "company", displayName: "Company", actions: globalActions },
      { name: "roles", displayName: "Roles", actions: globalActions },
      {
        name: "resources",
        displayName: "Resources",
        actions: [
          { key: "view-resources", displayName: "view-resources", status: "modifiable" },
          { key: "create-resources", displayName: "create-resources", status: "modifiable" },
          { key: "edit-resources", displayName: "edit-resources", status: "modifiable" },
          { key: "delete-resources", displayName: "delete-resources", status: "modifiable" },
        ],
      },
      {
        name: "settings",
        displayName: "Settings",
        actions: [
          { key: "view-global", displayName: "view-global", status: "modifiable" },
          { key: "edit-global", displayName: "edit-global", status: "modifiable" },
        ],
      },
      {
        name: "security-events",
        displayName: "Security events",
        actions: [{ key: "view", displayName: "view", status: "modifiable" }],
      },
    ],
  },
  nav: [
    {
      label: "global-settings:nav.members",
      path: "/globalSettings/membersGlobal",
      icon: "users",
      permission: "global-settings.members.view-global",
    },
    {
      label: "global-settings:nav.roles",
      path: "/globalSettings/roles",
      icon: "shield",
      permission: "global-settings.roles.view-global",
    },
    {
      label: "global-settings:nav.companies",
      path: "/globalSettings/company",
      icon: "building",
      permission: "global-settings.company.view-global",
    },
    {
      label: "global-settings:nav.resources",
      path: "/globalSettings/resources",
      icon: "box",
      permission: "global-settings.resources.view-resources",
    },
    {
      label: "global-settings:nav.settings",
      path: "/globalSettings/settings",
      icon: "settings",
      permission: "global-settings.settings.view-global",
    },
    {
      label: "global-settings:nav.securityEvents",
      path: "/globalSettings/security-events",
      icon: "lock",
      permission: "global-settings.security-events.view",
    },
  ],
  settings: {
    general: z.object({
      supportEmail: z.string().email().max(320).default("support@siteproof.test"),
      documentServiceUrl: z.string().url().max(500).optional(),
    }),
  },
});
