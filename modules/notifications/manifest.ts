import { z } from "zod";
import { defineModule } from "../../server/registry/manifest";

export default defineModule({
  id: "notifications",
  title: "notifications:title",
  icon: "bell",
  basePath: "/notifications",
  routes: [
    {
      path: "/notifications",
      file: "routes/notifications.tsx",
      access: "project",
      permission: "notifications.notification.view",
    },
    {
      // One's own notification settings: saving changes only the signed-in user's choices.
      path: "/notifications/settings",
      file: "routes/settings.tsx",
      access: "project",
      permission: "notifications.notification.view",
    },
  ],
  permissions: {
    displayName: "Notifications",
    subModules: [
      {
        name: "notification",
        displayName: "Notification",
        // One's own inbox: every member reads their notifications, no role grants or can take it away.
        actions: [{ key: "view", displayName: "view", status: "always_true" }],
      },
    ],
  },
  nav: [
    {
      label: "notifications:nav.notifications",
      path: "/notifications",
      icon: "bell",
      permission: "notifications.notification.view",
    },
  ],
  settings: {
    general: z.object({
      /** The list a member sees first when opening the page. */
      defaultView: z.enum(["unread", "all"]).default("unread"),
      pageSize: z.number().int().min(5).max(50).default(10),
    }),
  },
});
