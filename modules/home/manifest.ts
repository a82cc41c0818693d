import { defineModule } from "../../server/registry/manifest";

export default defineModule({
  id: "home",
  title: "home:title",
  icon: "home",
  basePath: "/home-view",
  core: true,
  routes: [
    // `/` (where sign-in and "Switch project" land) shows the same page as the spec's `/home-view/home`.
    { path: "/", file: "routes/home-root.tsx", access: "project" },
    { path: "/home-view/home", file: "routes/home.tsx", access: "project" },
    { path: "/home-view/home/widgets", file: "routes/home-widgets.tsx", access: "project" },
  ],
  nav: [{ label: "home:nav.home", path: "/home-view/home", icon: "home" }],
  server: () => import("./module.server"),
});
