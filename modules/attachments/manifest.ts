import { defineModule } from "../../server/registry/manifest";

/**
 * One attachment's page and file (spec: "attachment detail"), for every module's attachments. Who may open
 * one is said by the module that owns its record (the `attachments.owners` extension point), checked in the
 * loaders: the routes themselves only need a member of the current project.
 */
export default defineModule({
  id: "attachments",
  title: "attachments:title",
  icon: "paperclip",
  basePath: "/attachments",
  core: true,
  routes: [
    { path: "/attachments/:id", file: "routes/attachment-detail.tsx", access: "project" },
    { path: "/attachments/:id/file", file: "routes/attachment-file.ts", access: "project" },
  ],
});
