import { defineModule } from "../../server/registry/manifest";

export default defineModule({
  id: "account",
  title: "account:title",
  icon: "user",
  basePath: "/auth",
  core: true,
  routes: [
    { path: "/auth/login", file: "routes/login.tsx", access: "public" },
    { path: "/auth/forgot-password", file: "routes/forgot-password.tsx", access: "public" },
    { path: "/auth/set-password", file: "routes/set-password.tsx", access: "public" },
    { path: "/auth/microsoft", file: "routes/microsoft.ts", access: "public" },
    { path: "/auth/microsoft/callback", file: "routes/microsoft-callback.ts", access: "public" },
    { path: "/auth/logout", file: "routes/logout.ts", access: "authenticated" },
    { path: "/access-control", file: "routes/access-control.tsx", access: "authenticated" },
    { path: "/account/preferences", file: "routes/preferences.ts", access: "authenticated" },
    { path: "/account/password", file: "routes/change-password.tsx", access: "authenticated" },
  ],
});
