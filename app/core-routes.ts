import type { CoreRoute } from "../server/registry/registry";

/** Routes that belong to no module. Files are relative to app/. Every one declares its access. */
export const coreRoutes: CoreRoute[] = [
  { id: "core:forbidden", path: "/forbidden", file: "routes/forbidden.tsx", access: "free" },
  { id: "core:not-found", path: "/not-found", file: "routes/not-found.tsx", access: "free" },
  { id: "core:deeplink", path: "/deeplink", file: "routes/deeplink.tsx", access: "free" },
  { id: "core:storybook", path: "/storybook", file: "routes/storybook.tsx", access: "free" },
  {
    id: "core:storybook.table-example",
    path: "/storybook/table-example",
    file: "routes/storybook.table-example.tsx",
    access: "free",
  },
  { id: "core:healthz", path: "/healthz", file: "routes/healthz.ts", access: "free" },
  { id: "core:dev.mailbox", path: "/dev/mailbox", file: "routes/dev.mailbox.tsx", access: "free" },
  { id: "core:locales", path: "/locales/:lng/:ns", file: "routes/locales.ts", access: "free" },
  { id: "core:splat", path: "/*", file: "routes/not-found-splat.tsx", access: "free" },
];
