import { defineModule } from "../../server/registry/manifest";

const action = (key: string) => ({ key, displayName: key, status: "modifiable" as const });

/**
 * Quality: lots and ITPs. So far the module declares its permissions and holds its workflow tables
 * (domain/); its screens come next.
 */
export default defineModule({
  id: "quality",
  title: "quality:title",
  icon: "clipboard-check",
  basePath: "/quality",
  routes: [],
  permissions: {
    displayName: "Quality",
    subModules: [
      {
        name: "lot",
        displayName: "Lot",
        actions: [
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
        ].map(action),
      },
      {
        name: "itp",
        displayName: "ITP",
        actions: [
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
        ].map(action),
      },
    ],
  },
});
