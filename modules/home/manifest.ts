import { defineModule } from "../../server/registry/manifest";

export default defineModule({
  id: "home",
  title: "home:title",
  icon: "home",
  basePath: "/",
  core: true,
  routes: [{ path: "/", file: "routes/home.tsx", access: "project" }],
  nav: [{ label: "home:nav.home", path: "/", icon: "home" }],
});
