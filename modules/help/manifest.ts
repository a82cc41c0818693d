import { defineModule, modifiableActions } from "../../server/registry/manifest";

/**
 * The help panel (spec 2 "Other"): articles for each module's pages, read by every signed-in user, written
 * by administrators (a global role's help.article permissions). Product-wide, so it is a global module, and
 * core: it cannot be switched off.
 */
export default defineModule({
  id: "help",
  title: "help:title",
  icon: "help",
  basePath: "/help-panel",
  core: true,
  scope: "global",
  routes: [
    {
      // The sections and the search; ?from=<page> opens the section of that page's module.
      path: "/help-panel/helpPanel",
      file: "routes/help-index.tsx",
      access: "global",
    },
    {
      path: "/help-panel/helpPanel/add-new",
      file: "routes/help-add-new.tsx",
      access: "global",
      permission: "help.article.create",
    },
    {
      path: "/help-panel/helpPanel/:section",
      file: "routes/help-section.tsx",
      access: "global",
    },
    {
      path: "/help-panel/helpPanel/:section/:articleId",
      file: "routes/help-article.tsx",
      access: "global",
      intents: { delete: "help.article.delete" },
    },
    {
      path: "/help-panel/helpPanel/:section/:articleId/edit",
      file: "routes/help-edit.tsx",
      access: "global",
      permission: "help.article.edit",
    },
    {
      path: "/help-panel/helpPanel/:section/:articleId/screenshots/:screenshotId",
      file: "routes/help-screenshot-file.ts",
      access: "global",
    },
  ],
  server: () => import("./module.server"),
  permissions: {
    displayName: "Help panel",
    subModules: [
      {
        // Reading needs no permission: every signed-in user reads the help.
        name: "article",
        displayName: "Help articles",
        actions: modifiableActions("create", "edit", "delete"),
      },
    ],
  },
});
